"""Each game's programs run under the game's own memory limit unless one is chosen (--memory)."""

import sys
import textwrap

import pytest

from arena.games import game_names, get_game
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game


@pytest.mark.parametrize("game", game_names())
def test_a_game_is_played_under_its_own_memory_limit_by_default(game):
    random = resolve_player(game, "builtin:random")
    record = play_game(game, [random, random], seed=6)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert record["sandbox"]["memory_mb"] == get_game(game).memory_mb
    assert record["sandbox"]["memory_from"] == "game"


def test_the_rules_figures_are_the_games_limits():
    # the two that the rules give (docs/games/*.md say how the others were chosen)
    assert get_game("turnright").memory_mb == 64
    assert get_game("domineering").memory_mb == 1024


def test_a_chosen_limit_overrides_the_games():
    random = resolve_player("turnright", "builtin:random")
    record = play_game("turnright", [random, random], seed=6, sandbox=Sandbox("limits", 300))
    assert record["sandbox"]["memory_mb"] == 300
    assert record["sandbox"]["memory_from"] == "option"


def test_without_limits_the_record_names_none():
    random = resolve_player("turnright", "builtin:random")
    record = play_game("turnright", [random, random], seed=6, sandbox=Sandbox("none"))
    assert record["sandbox"]["memory_mb"] is None and record["sandbox"]["memory_from"] is None


HOARDS_100_MB = """
    import sys
    sys.stdin.readline()
    hoard = b"x" * (100 * 2 ** 20)
    print("garbage", flush=True)  # a format fault, for a program still alive to write it
"""


@pytest.mark.parametrize("sandbox, verdict", [(None, "memory"), (Sandbox("limits", 300), "format")])
def test_a_turn_right_program_that_takes_100_mb_exceeds_the_games_64(tmp_path, sandbox, verdict):
    script = tmp_path / "hoard.py"
    script.write_text(textwrap.dedent(HOARDS_100_MB))
    hoarder = resolve_player("turnright", f"{sys.executable} {script}")
    record = play_game("turnright", [hoarder, resolve_player("turnright", "builtin:random")], seed=6,
                       sandbox=sandbox)
    if record["sandbox"]["memory"] == "namespace-sum" and verdict == "memory":
        # without a cgroup the allocation is refused: the program's own MemoryError, a crash
        assert record["result"]["verdicts"][0] == "crash" and "MemoryError" in record["stderr"][0]
        return
    assert record["result"]["verdicts"][0] == verdict, record["result"]
    if verdict == "memory":
        assert "memory limit of 64 MB" in record["result"]["faults"][0]
