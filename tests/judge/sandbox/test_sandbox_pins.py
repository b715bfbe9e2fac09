"""What each ``--sandbox`` mode promises, pinned from outside: a game is played (play_game)
and the program itself reports or suffers what the sandbox allowed it.

These go through the public entry points only, so that the sandbox's insides
(settings.py, confined_process.py, bubblewrap.py, spawn.pyx) can change freely under them.
"""

import sys
import textwrap

import pytest

from arena.judge.sandbox.bubblewrap import bwrap_path
from arena.judge.sandbox.settings import MAX_TASKS, Sandbox
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

needs_bwrap = pytest.mark.skipif(bwrap_path() is None, reason="needs bubblewrap (bwrap)")

CGROUPS = ("cgroup-v1", "cgroup-v2")


def play_first_seat(folder, source: str, sandbox: Sandbox, *args: str) -> dict:
    """A Flippo game of the Python program ``source``, saved as ``folder``/bot.py (first seat),
    against builtin:random."""
    folder.mkdir(exist_ok=True)
    script = folder / "bot.py"
    script.write_text(textwrap.dedent(source))
    player = resolve_player("flippo", " ".join([sys.executable, str(script), *args]))
    return play_game("flippo", [player, resolve_player("flippo", "builtin:random")], seed=1, sandbox=sandbox)


HOARDS_2_GB = """
    import sys
    sys.stdin.readline()
    hoard = b"x" * (2 * 1024 ** 3)
    print("C3", flush=True)
"""


@needs_bwrap
def test_isolate_limits_memory_as_limits_does(tmp_path):
    # isolate is limits and more: the same cgroup, the same verdict for the same hoarding
    limited = play_first_seat(tmp_path / "limits", HOARDS_2_GB, Sandbox("limits", 200))
    if limited["sandbox"]["memory"] not in CGROUPS:
        pytest.skip("no cgroup can be made here (root or a delegated cgroup v2 is needed)")
    isolated = play_first_seat(tmp_path / "isolate", HOARDS_2_GB, Sandbox("isolate", 200))
    assert isolated["sandbox"]["memory"] == limited["sandbox"]["memory"]
    assert isolated["result"]["verdicts"] == ["memory", "ok"], isolated["result"]
    assert "memory limit of 200 MB" in isolated["result"]["faults"][0]


COUNTS_ITS_THREADS = """
    import sys, threading
    sys.stdin.readline()
    threading.stack_size(64 * 1024)
    release, started = threading.Event(), 0
    while started < int(sys.argv[1]):
        try:
            threading.Thread(target=release.wait, daemon=True).start()
        except RuntimeError:  # can't start new thread: the limit
            break
        started += 1
    release.set()
    print("threads", started, file=sys.stderr, flush=True)
    print("garbage", flush=True)  # a format fault: the game ends here
"""


def test_a_program_gets_at_most_max_tasks_threads_and_processes(tmp_path):
    # it stops by itself well past the limit, so a limit set far too high shows as this cap
    cap = 4 * MAX_TASKS
    record = play_first_seat(tmp_path / "bot", COUNTS_ITS_THREADS, Sandbox("limits"), str(cap))
    if record["sandbox"]["memory"] not in CGROUPS:
        pytest.skip("no cgroup can be made here: without one nothing limits a program's tasks")
    assert record["result"]["verdicts"][0] == "format", record["result"]
    started = int(record["stderr"][0].split("threads")[1].split()[0])
    assert MAX_TASKS == 256  # the README promises it
    # its main thread counts, and nothing else of the judge's: a little under the limit
    assert MAX_TASKS - 16 <= started < MAX_TASKS, started


@needs_bwrap
def test_a_hidden_file_inside_the_programs_own_folder_stays_hidden(tmp_path):
    # the tournament's database beside the bot: the folder is writable, the database covered
    folder = tmp_path / "bot"
    folder.mkdir()
    database = folder / "tournament.db"
    database.write_text("all the results")
    source = """
        import sys
        sys.stdin.readline()
        try:
            seen = open(sys.argv[1]).read()
        except OSError as error:
            seen = type(error).__name__
        print("seen", repr(seen), file=sys.stderr, flush=True)
        try:
            open(sys.argv[1], "w").write("overwritten")
        except OSError as error:
            print("not written:", type(error).__name__, file=sys.stderr, flush=True)
        print("garbage", flush=True)  # a format fault: the game ends here
    """
    sandbox = Sandbox("isolate", hidden=(str(database),))
    record = play_first_seat(folder, source, sandbox, str(database))
    seen = record["stderr"][0].splitlines()[0]
    assert seen in ("seen ''", "seen 'PermissionError'"), record["stderr"][0]
    assert database.read_text() == "all the results"
