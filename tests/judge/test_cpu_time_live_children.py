"""A child process still alive when its program's move ends: its CPU is the program's too.

test_cpu_time.py's forked worker has ended and been waited for by the time the judge
reads the CPU time, so its parent's account holds it. Here the child burns its CPU and
lives on: only a cgroup, or the init of the program's namespaces, which adds up the CPU time
of all its processes where no cgroup does (pid_namespace.py, ``--sandbox none`` too), can count it.
"""

import sys

import pytest

from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

LIVE_CHILD_BURNS = """
import os, sys, time
sys.stdin.readline()
read_end, write_end = os.pipe()
if os.fork() == 0:
    while time.process_time() < 0.5:
        pass
    os.write(write_end, f"{time.process_time()}\\n".encode())
    time.sleep(600)  # alive when the judge reads the move's CPU time; killed with the game
    os._exit(0)
print("child burnt", os.read(read_end, 100).decode().strip(), file=sys.stderr, flush=True)
print("garbage", flush=True)  # a format fault: the game ends, its CPU time is recorded
sys.stdin.read()
"""


@pytest.mark.parametrize("mode", ["none", "limits"])
def test_a_live_childs_cpu_counts_on_its_programs_move(tmp_path, mode):
    script = tmp_path / "bot.py"
    script.write_text(LIVE_CHILD_BURNS)
    player = resolve_player("flippo", f"{sys.executable} {script}")
    record = play_game("flippo", [player, resolve_player("flippo", "builtin:random")], seed=1,
                       sandbox=Sandbox(mode))
    assert record["result"]["verdicts"][0] == "format", record["result"]
    burnt_s = float(record["stderr"][0].split("child burnt")[1].split()[0])
    recorded_s = record["times"][0]["cpu_ms"] / 1000
    assert burnt_s >= 0.5
    # the child's 0.5 s, and a little for the parent's Python start-up
    assert 0.9 * burnt_s <= recorded_s <= burnt_s + 0.5, (recorded_s, burnt_s)
