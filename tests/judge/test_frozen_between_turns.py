"""Between its turns a program is held still whole: its helpers too, however they left, and none outlives the game.

White starts a helper that leaves its process group (``setsid``), or its tree too (a
double fork), and counts as fast as it can into a shared file. Black reads that count
during its own turns, when White is suspended; White reads it at the start and the end
of each of its turns.
"""

import os
import shutil
import signal
import sys
import time

import pytest

from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

SLOW_TURNS = 4
"""Turns in which each side takes its time (the rest of the game is quick)."""

COUNTER = """
import mmap, os

def open_counter(path):
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)  # made here where a sandbox gives each its own /tmp
    os.ftruncate(fd, 8)
    return mmap.mmap(fd, 8)

# one 8-byte copy each way (struct.pack_into would zero the bytes before writing them)
def count(shared):
    return int.from_bytes(shared[0:8], "little")

def count_for_ever(shared):
    n = 0
    while True:
        n += 1
        shared[0:8] = n.to_bytes(8, "little")
"""

WHITE = COUNTER + """
import sys, time
from arena.games.flippo.rules import FlippoState

counter_file, pid_file, how, slow_turns = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
shared = open_counter(counter_file)
if os.fork() == 0:
    os.setsid()  # out of White's process group
    if how == "double_fork" and os.fork() != 0:
        os._exit(0)  # its child, an orphan, is out of White's tree too
    with open(pid_file + ".tmp", "w") as out:
        out.write(os.readlink("/proc/self"))
    os.rename(pid_file + ".tmp", pid_file)
    count_for_ever(shared)
if how == "double_fork":
    os.wait()
while count(shared) == 0:
    time.sleep(0.001)
state = FlippoState()
for turn, line in enumerate(sys.stdin):
    line = line.strip()
    if line == "Quit":
        break
    start = count(shared)
    if turn < slow_turns:
        time.sleep(0.15)  # the helper counts meanwhile
    if line != "Start":
        state.play_text(line)
    move = state.legal_moves()[0]
    state.play(move)
    print(start, count(shared), file=sys.stderr, flush=True)
    print(state.format_move(move), flush=True)
"""

BLACK = COUNTER + """
import sys, time
from arena.games.flippo.rules import FlippoState

shared, slow_turns = open_counter(sys.argv[1]), int(sys.argv[2])
state = FlippoState()
for turn, line in enumerate(sys.stdin):
    line = line.strip()
    if line == "Quit":
        break
    state.play_text(line)
    if turn < slow_turns:
        time.sleep(0.05)  # the judge suspends White just after resuming Black: within this, surely
        before = count(shared)
        time.sleep(0.2)
        print(before, count(shared), file=sys.stderr, flush=True)
    move = state.legal_moves()[0]
    state.play(move)
    print(state.format_move(move), flush=True)
"""


def players(script_dir, counter_file, pid_file, how):
    white, black = script_dir / "white.py", script_dir / "black.py"
    white.write_text(WHITE)
    black.write_text(BLACK)
    return [resolve_player("flippo", f"{sys.executable} {white} {counter_file} {pid_file} {how} {SLOW_TURNS}"),
            resolve_player("flippo", f"{sys.executable} {black} {counter_file} {SLOW_TURNS}")]


def alive(pid: int) -> bool:
    """Is ``pid`` a live process (a zombie is dead)?"""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture
def left_behind(tmp_path):
    """Kills, after the test, whatever is still running from the test's folder: a failing
    test leaves no spinning helper behind."""
    yield
    for pid in left_running(tmp_path):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass  # gone meanwhile


def left_running(folder) -> list[int]:
    """The live processes started from a script in ``folder``."""
    found = []
    for pid in (int(name) for name in os.listdir("/proc") if name.isdigit()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if str(folder).encode() in cmdline.read() and alive(pid):
                    found.append(pid)
        except OSError:
            pass
    return found


def pairs(stderr: str) -> list[tuple[int, int]]:
    return [tuple(int(n) for n in line.split()) for line in stderr.splitlines() if line.strip()]


def assert_counted_on_whites_turns_only(record: dict) -> None:
    """White's own turns: the helper counted (so the test sees a live helper), and between
    them next to nothing: only while the judge handles White's reply before suspending it
    and until White reads its next line once resumed, each well under a millisecond,
    where a White turn takes 150 ms."""
    seen_by_white = pairs(record["stderr"][0])[:SLOW_TURNS]
    on_turn = sum(end - start for start, end in seen_by_white)
    off_turn = sum(seen_by_white[n + 1][0] - seen_by_white[n][1] for n in range(SLOW_TURNS - 1))
    assert all(end > start for start, end in seen_by_white), seen_by_white
    assert off_turn < on_turn / 10, (off_turn, on_turn)


# serial: the helper counts less than a tenth as much between its program's turns as on them (the judge's moment
# from a reply to the suspension, well under a millisecond, stretches on a loaded CPU)
@pytest.mark.serial
@pytest.mark.parametrize("how", ["setsid", "double_fork"])
@pytest.mark.parametrize("mode", ["none", "limits", pytest.param("isolate", marks=pytest.mark.skipif(
    shutil.which("bwrap") is None, reason="--sandbox isolate needs bubblewrap (bwrap)"))])
def test_a_helper_that_left_the_group_or_the_tree_counts_only_on_its_programs_turns(tmp_path, mode, how,
                                                                                   left_behind):
    bots = tmp_path / "bots"
    bots.mkdir()
    if mode == "none":
        # the host's /tmp, shared: beside the bots a folder both may write, the counter a file both may write
        shared = tmp_path / "shared"
        shared.mkdir()
        os.chmod(shared, 0o777)
        counter_file, pid_file = shared / "counter", shared / "helper.pid"
        counter_file.write_bytes(bytes(8))
        os.chmod(counter_file, 0o666)
    else:
        # each side's /tmp is its own (a tmpfs in its mount namespace): only White sees the count
        counter_file, pid_file = "/tmp/counter", "/tmp/helper.pid"
    record = play_game("flippo", players(bots, counter_file, pid_file, how), seed=1, sandbox=Sandbox(mode))
    assert record["result"]["verdicts"] == ["ok", "ok"], record["result"]

    # Black's turns are White's time off: the helper did not count at all (where Black sees the count).
    # Black looks 50 ms into its turn, when White is suspended (before Black's clock starts), and its
    # last look is before its reply, before White is resumed.
    seen_by_black = pairs(record["stderr"][1])
    assert len(seen_by_black) == SLOW_TURNS
    assert all(after == before for before, after in seen_by_black), seen_by_black

    assert_counted_on_whites_turns_only(record)

    # and nothing of it outlives the game
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and left_running(tmp_path):
        time.sleep(0.02)
    assert not left_running(tmp_path)


@pytest.mark.parametrize("ending", ["quits", "faults"])
def test_a_double_forked_helper_is_gone_after_the_game_under_none(tmp_path, ending, left_behind):
    """The helper's parent ends at once, so it is nobody's child in White's tree; whether
    White ends by itself (its children then go to the judge) or is killed for a fault."""
    pid_file = tmp_path / "helper.pid"
    white = tmp_path / "white.py"
    white.write_text(f"""
import os, sys, time
from arena.games.flippo.rules import FlippoState
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        open({str(pid_file)!r} + ".tmp", "w").write(os.readlink("/proc/self"))
        os.rename({str(pid_file)!r} + ".tmp", {str(pid_file)!r})
        time.sleep(600)
    os._exit(0)
os.wait()
while not os.path.exists({str(pid_file)!r}):
    time.sleep(0.001)
state = FlippoState()
for turn, line in enumerate(sys.stdin):
    line = line.strip()
    if line == "Quit":
        break
    if {ending!r} == "faults" and turn == 3:
        print("Z9", flush=True)  # no square at all: a format fault, and the judge ends this program
        continue
    if line != "Start":
        state.play_text(line)
    move = state.legal_moves()[0]
    state.play(move)
    print(state.format_move(move), flush=True)
""")
    record = play_game("flippo", [resolve_player("flippo", f"{sys.executable} {white}"),
                                  resolve_player("flippo", "builtin:random")], seed=2, sandbox=Sandbox("none"))
    assert record["result"]["verdicts"][0] == ("ok" if ending == "quits" else "format"), record["result"]
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and left_running(tmp_path):
        time.sleep(0.02)
    assert not left_running(tmp_path), "the helper is still there"
