"""A judge killed from outside, SIGKILL included, leaves no program of its games alive.

The programs carry a unique marker on their command line, so the test finds
every process of theirs (children included) with psutil, wherever it went.
"""

import signal
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import psutil
import pytest

from ..live_processes import alive

ARENA = str(Path(sys.executable).with_name("arena"))

# Reads its first line, leaves a child behind (one that even leaves the process group
# when LEAVE is set), then sleeps: the judge waits for a move that never comes.
SLEEPER = """
import os, sys, time
sys.stdin.readline()
if os.fork() == 0:
    if sys.argv[2] == "leave":
        os.setsid()
    time.sleep(600)
time.sleep(600)
"""

# Spins without ever reading: suspended while the other seat thinks.
BUSY = """
while True:
    pass
"""


def marked(marker: str) -> list[psutil.Process]:
    """The live processes with ``marker`` on their command line (zombies are dead)."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        try:
            if marker in " ".join(process.info["cmdline"] or []) and process.info["status"] != psutil.STATUS_ZOMBIE:
                found.append(process)
        except psutil.Error:
            pass
    return found


def wait_for(condition, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def programs(tmp_path):
    """(marker, sleeper command, busy command) for one test."""
    marker = f"arena-marker-{uuid.uuid4().hex}"
    sleeper, busy = tmp_path / "sleeper.py", tmp_path / "busy.py"
    sleeper.write_text(textwrap.dedent(SLEEPER))
    busy.write_text(textwrap.dedent(BUSY))

    def command(path, *extra):
        return " ".join([sys.executable, str(path), marker, *extra])

    yield marker, command(sleeper, "stay"), command(sleeper, "leave"), command(busy)
    for process in marked(marker):  # never leave them behind, even when the test fails
        process.kill()


def ended(process: subprocess.Popen, marker: str, family: list[psutil.Process]) -> list:
    """What is still alive of the killed judge 2 s after its death: its programs, its workers."""
    process.wait()

    def left():
        return marked(marker) + [p for p in family if alive(p)]
    wait_for(lambda: not left(), 2.0)
    return left()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("sandbox", ["limits", "none"])
def test_arena_play_killed_mid_game_leaves_no_program(tmp_path, programs, sig, sandbox):
    marker, sleeper, leaver, busy = programs
    # a child that left its process group (and session): under limits its cgroup holds it, under
    # none the main process, stopped (not killed) as the judge dies, still holds it in its tree
    judge = subprocess.Popen([ARENA, "play", "flippo", leaver, busy, "--sandbox", sandbox], cwd=tmp_path,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # the sleeper and its child (forked once the game has begun), and the busy program
    # (suspended once its start-up window has passed, as it is not its turn); the judge
    # carries the marker on its own command line too
    in_game = lambda: [p for p in marked(marker) if p.pid != judge.pid]  # noqa: E731
    assert wait_for(lambda: len(in_game()) >= 3, 20), marked(marker)
    time.sleep(0.3)
    assert any(p.status() == psutil.STATUS_STOPPED for p in marked(marker))
    family = psutil.Process(judge.pid).children(recursive=True)
    judge.send_signal(sig)
    assert ended(judge, marker, family) == []


def test_a_tournament_killed_mid_game_leaves_no_worker_and_no_program(tmp_path, programs):
    marker, sleeper, leaver, busy = programs
    judge = subprocess.Popen([ARENA, "tournament", "flippo", "--player", f"s={leaver}", "--player", f"b={busy}",
                              "--jobs", "2", "--db", str(tmp_path.parent / f"{tmp_path.name}.db")], cwd=tmp_path,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # two games at once: two sleepers with their children, two busy programs
    assert wait_for(lambda: len(marked(marker)) >= 6, 30), marked(marker)
    time.sleep(0.3)
    family = psutil.Process(judge.pid).children(recursive=True)
    judge.send_signal(signal.SIGKILL)
    assert ended(judge, marker, family) == []


# A judge of its own: starts a program that forks a setsid child (which spins) and answers,
# suspends it (the child is stopped with it), says so, and waits to be killed.
JUDGE = """
import sys
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
program = Program([sys.executable, "-c", sys.argv[2], sys.argv[1]], sandbox=Sandbox(sys.argv[3]))
program.send("go")
assert program.read_line(20) == "forked"
program.suspend()
print("suspended", flush=True)
sys.stdin.readline()
"""

FORKER = """
import os, sys
sys.stdin.readline()
reader, writer = os.pipe()
if os.fork() == 0:
    os.setsid()
    os.write(writer, b"x")  # out of the group before its program answers
    while True:
        pass
os.read(reader, 1)
print("forked", flush=True)
sys.stdin.readline()
"""


@pytest.mark.parametrize("sandbox", ["none", "limits"])
def test_a_setsid_child_stopped_with_its_program_dies_with_a_judge_killed_by_sigkill(sandbox):
    marker = f"arena-marker-{uuid.uuid4().hex}"
    judge = subprocess.Popen([sys.executable, "-c", JUDGE, marker, FORKER, sandbox],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert judge.stdout.readline().strip() == "suspended"
        # the program's processes: not the judge, nor its init (arena-init, whose arguments name the program)
        program = [p for p in marked(marker) if p.pid != judge.pid and p.name() != "arena-init"]
        held = (psutil.STATUS_STOPPED, psutil.STATUS_DISK_SLEEP)  # stopped, or frozen with its cgroup (v1)
        # SIGSTOP is delivered as the target is next scheduled: on a busy machine a moment after kill()
        deadline = time.monotonic() + 2
        while not all(p.status() in held for p in program) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(program) == 2 and all(p.status() in held for p in program), program
        family = psutil.Process(judge.pid).children(recursive=True)
        judge.kill()
        assert ended(judge, marker, family) == []
    finally:
        for process in marked(marker):
            process.kill()
