"""The fast path: a program whose processes are all in its process group is only stopped
(SIGSTOP to the group), never frozen or walked.

Freezing a cgroup costs some 200-400 µs on cgroup v1 against about 10 µs for a stop and
a continue, so it is kept for programs with a process outside their group (a ``setsid``
child); ``isolate``'s three processes (bwrap, its init, the program) share the group.
Spies on the judge's own methods count what each suspension did, over a whole game.
"""

import shutil
import sys

import pytest

from arena.judge import pid_namespace, suspension
from arena.judge.sandbox.cgroups.cgroup import Cgroup
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game


def _spy(monkeypatch, owner, name, calls):
    real = getattr(owner, name)

    def spy(*args, **kwargs):
        calls[name] = calls.get(name, 0) + 1
        return real(*args, **kwargs)
    monkeypatch.setattr(owner, name, spy)


ONE_PROCESS = "builtin:random"
TWO_PROCESSES = """
import os, sys, time
from arena.games.flippo.rules import FlippoState
ready, told = os.pipe()
if os.fork() == 0:
    if sys.argv[1:] == ["setsid"]:
        os.setsid()
    os.write(told, b"x")
    time.sleep(600)
os.read(ready, 1)  # its child is where it will stay before the game goes on (a busy machine may run it late)
state = FlippoState()
for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    if line != "Start":
        state.play_text(line)
    move = state.legal_moves()[0]
    state.play(move)
    print(state.format_move(move), flush=True)
"""


def _play(tmp_path, white: str, mode: str, *args: str) -> dict:
    if white != ONE_PROCESS:
        path = tmp_path / "white.py"
        path.write_text(white)
        white = " ".join([sys.executable, str(path), *args])
    return play_game("flippo", [resolve_player("flippo", white), resolve_player("flippo", ONE_PROCESS)],
                     seed=3, sandbox=Sandbox(mode))


def test_with_a_cgroup_a_program_of_one_process_is_only_stopped_and_one_of_two_frozen(tmp_path, monkeypatch):
    # a cgroup's freezer holds a program of more than one process only where no PID namespace does
    monkeypatch.setattr(pid_namespace, "_usable", False)
    calls: dict[str, int] = {}
    _spy(monkeypatch, Cgroup, "more_than_one_process", calls)
    _spy(monkeypatch, Cgroup, "freeze", calls)
    record = _play(tmp_path, ONE_PROCESS, "limits")
    if not record["sandbox"]["memory"].startswith("cgroup") or not calls:
        pytest.skip("no cgroup that can be frozen on this machine")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert calls["more_than_one_process"] >= 60 and "freeze" not in calls, calls  # both seats, every move

    calls.clear()
    record = _play(tmp_path, TWO_PROCESSES, "limits")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert "freeze" not in calls, calls  # its child is in its group: the SIGSTOP holds it

    calls.clear()
    record = _play(tmp_path, TWO_PROCESSES, "limits", "setsid")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert calls.get("freeze", 0) >= 25, calls  # White, suspended at each of Black's turns


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="--sandbox isolate needs bubblewrap (bwrap)")
def test_under_isolate_bwrap_and_the_program_share_a_group_and_are_only_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(pid_namespace, "_usable", False)  # as above: the freezer's path, without a namespace
    calls: dict[str, int] = {}
    _spy(monkeypatch, Cgroup, "outside_group", calls)
    _spy(monkeypatch, Cgroup, "freeze", calls)
    record = _play(tmp_path, ONE_PROCESS, "isolate")
    if not record["sandbox"]["memory"].startswith("cgroup") or not calls:
        pytest.skip("no cgroup that can be frozen on this machine")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert calls["outside_group"] >= 60 and "freeze" not in calls, calls


def test_in_a_namespace_a_program_of_one_process_is_only_stopped_and_one_of_two_stopped_by_its_init(
        tmp_path, monkeypatch):
    if not pid_namespace.usable():
        pytest.skip("no PID namespace can be made here")
    calls: dict[str, int] = {}
    _spy(monkeypatch, suspension.MainProcess, "alone", calls)
    _spy(monkeypatch, pid_namespace.Init, "stop_all", calls)
    _spy(monkeypatch, suspension, "stop_tree", calls)
    record = _play(tmp_path, ONE_PROCESS, "none")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert calls["alone"] >= 60 and "stop_all" not in calls and "stop_tree" not in calls, calls

    calls.clear()
    record = _play(tmp_path, TWO_PROCESSES, "none")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert calls.get("stop_all", 0) >= 25 and "stop_tree" not in calls, calls


def test_without_a_cgroup_nor_a_namespace_a_program_of_one_process_is_only_stopped_and_one_of_two_walked(
        tmp_path, monkeypatch):
    monkeypatch.setattr(pid_namespace, "_usable", False)  # the fallback: a kernel that allows no namespace
    calls: dict[str, int] = {}
    _spy(monkeypatch, suspension.MainProcess, "alone", calls)
    _spy(monkeypatch, suspension, "stop_tree", calls)
    record = _play(tmp_path, ONE_PROCESS, "none")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert calls["alone"] >= 60 and "stop_tree" not in calls, calls

    calls.clear()
    record = _play(tmp_path, TWO_PROCESSES, "none")
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert calls.get("stop_tree", 0) >= 25, calls
