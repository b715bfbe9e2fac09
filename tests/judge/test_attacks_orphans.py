"""A program that gives up its subreaper flag and double-forks hands the orphan to the judge:
it stays the program's, frozen off-turn, charged, and killed at the end (issue 33, item 8)."""

import os
import sys
import textwrap
import time

import pytest

from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox

# Gives up being its orphans' subreaper, double-forks a spinner (which leaves the session
# too when asked), says the spinner's pid, then takes TURN_S of its own turn at every line.
ORPHANER = """
    import ctypes, os, sys, time
    progress, leave = sys.argv[1], sys.argv[2] == "setsid"
    ctypes.CDLL(None).prctl(36, 0, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER, 0
    reader, writer = os.pipe()
    if os.fork() == 0:
        if leave:
            os.setsid()
        if os.fork() == 0:
            fd = os.open(progress, os.O_WRONLY | os.O_CREAT, 0o644)
            os.write(writer, f"{os.readlink('/proc/self')}\\n".encode())  # its pid in the judge's /proc
            count = 0
            while True:
                count += 1
                if count % 20000 == 0:
                    os.pwrite(fd, f"{count:020d}".encode(), 0)
        os._exit(0)
    os.wait()
    print(os.read(reader, 64).decode().strip(), flush=True)
    for line in sys.stdin:
        time.sleep(0.3)
        print("done", flush=True)
"""

TURN_S = 0.3


def progress_of(path) -> int:
    try:
        return int(path.read_text() or 0)
    except (OSError, ValueError):
        return 0


def cpu_s(pid: int) -> float:
    """The CPU time ``pid`` used so far (utime and stime)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


@pytest.mark.parametrize("leave", ["stay", "setsid"])
def test_an_orphan_handed_to_the_judge_is_frozen_off_turn_charged_and_killed(tmp_path, leave):
    script = tmp_path / "orphaner.py"
    script.write_text(textwrap.dedent(ORPHANER).lstrip("\n"))
    progress = tmp_path / "progress"
    program = Program([sys.executable, str(script), str(progress), leave], sandbox=Sandbox("none"))
    try:
        spinner = int(program.read_line(20))
        program.suspend()
        program.cpu_seconds_since_last_call()
        spinner_before = cpu_s(spinner)
        on_turn = off_turn = charged = 0.0
        for _ in range(4):
            before = progress_of(progress)
            program.resume()
            program.send("move")
            assert program.read_line(20) == "done"
            program.suspend()
            charged += program.cpu_seconds_since_last_call()
            middle = progress_of(progress)
            time.sleep(TURN_S)  # the opponent's turn
            on_turn += middle - before
            off_turn += progress_of(progress) - middle
        assert on_turn > 0, "the spinner never ran on its program's turns"
        assert off_turn < on_turn / 5, f"the orphan progressed {off_turn} off-turn against {on_turn} on-turn"
        spun = cpu_s(spinner) - spinner_before  # less than 4 turns' worth on a loaded machine
        assert spun > 0.2
        assert charged > spun * 0.7, f"only {charged:.2f} s of CPU charged for the spinner's {spun:.2f} s"
    finally:
        program.close()
    deadline = time.monotonic() + 2
    while alive(spinner) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(spinner), "the orphan outlived its game"


QUIET = """
    import sys
    print("ready", flush=True)
    for line in sys.stdin:
        print("done", flush=True)
"""


def test_on_the_fallback_an_orphan_made_while_both_start_is_claimed_for_its_own_program(tmp_path, monkeypatch):
    """Without a PID namespace: both programs start together, the second double-forks a spinner out of
    its session, and the first is suspended first. The spinner is the second's all the same: held on
    the first's turns, charged to the second, never to the first (issue 48, item 1)."""
    from arena.judge import pid_namespace

    monkeypatch.setattr(pid_namespace, "_usable", False)
    (tmp_path / "quiet.py").write_text(textwrap.dedent(QUIET).lstrip("\n"))
    (tmp_path / "orphaner.py").write_text(textwrap.dedent(ORPHANER).lstrip("\n"))
    progress = tmp_path / "progress"
    first = Program([sys.executable, str(tmp_path / "quiet.py")], sandbox=Sandbox("none"))
    second = Program([sys.executable, str(tmp_path / "orphaner.py"), str(progress), "setsid"],
                     sandbox=Sandbox("none"))
    try:
        assert first.read_line(20) == "ready"
        spinner = int(second.read_line(20))  # the orphan has come to the judge by now
        first.suspend()  # the first to look at the judge's children
        second.suspend()
        first.cpu_seconds_since_last_call()
        second.cpu_seconds_since_last_call()
        charged_first = on_first_turns = 0.0
        for _ in range(3):
            first.resume()
            before = progress_of(progress)
            first.send("move")
            assert first.read_line(20) == "done"
            time.sleep(TURN_S)  # the first's turn goes on: the second and its spinner are held
            on_first_turns += progress_of(progress) - before
            first.suspend()
            charged_first += first.cpu_seconds_since_last_call()
        spun_before = cpu_s(spinner)
        second.resume()
        second.send("move")
        assert second.read_line(20) == "done"
        second.suspend()
        charged_second = second.cpu_seconds_since_last_call()
        spun = cpu_s(spinner) - spun_before
        assert on_first_turns == 0, f"the second's orphan progressed {on_first_turns} on the first's turns"
        assert charged_first < 0.1, f"{charged_first:.2f} s of the second's orphan charged to the first"
        assert spun > 0.1 and charged_second > spun * 0.7, (spun, charged_second)
    finally:
        first.close()
        second.close()
    deadline = time.monotonic() + 2
    while alive(spinner) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(spinner), "the orphan outlived its game"
