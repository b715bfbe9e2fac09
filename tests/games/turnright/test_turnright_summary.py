"""Turn Right's result explained: 2×2 points, game points, match points (and a 3×3)."""

import re

from arena.games.turnright.summary import blocks_3x3, explain_result
from arena.games.replay import replay
from arena.refereeing.referee import play_game


def check_explanation(record: dict) -> list[str]:
    result, lines = record["result"], explain_result(record)
    start, gained, white, black = map(int, re.search(
        r"White (\d+) at the start \+ (\d+) = (\d+), Black (\d+)", lines[0]).groups())
    assert start + gained == white and [white, black] == result["points"]
    game = re.search(r"White (\d+), Black (\d+)$", [l for l in lines if l.startswith("game points")][0])
    assert [int(game[1]), int(game[2])] == result["game_points"]
    match = [l for l in lines if l.startswith("match points")][0]
    if result["winner"] is not None:
        winner = record["seats"][result["winner"]]
        assert f"{winner} 50 + " in match and f"= {result['scores'][result['winner']]};" in match
    return lines


def test_a_whole_game_is_explained(builtin):
    record = play_game("turnright", [builtin("random"), builtin("greedy")], seed=4)
    lines = check_explanation(record)
    board = replay(record).board
    shown = [line for line in lines if "3x3 block" in line]
    assert len(shown) == len(blocks_3x3(board, 1)) + len(blocks_3x3(board, 2))
    assert (record["result"]["ending"] == "3x3") == bool(shown)


def test_a_3x3_block_is_named():
    white = [1] * 36
    assert blocks_3x3(white, 1)[0] == "a1-c3" and len(blocks_3x3(white, 1)) == 16
    assert blocks_3x3(white, 2) == []


def test_a_faulted_game_shows_the_bonus_and_the_zero(builtin, breaks_after):
    record = play_game("turnright", [builtin("greedy"), breaks_after(17)], seed=4)
    assert record["result"]["verdicts"] == ["ok", "format"]
    lines = check_explanation(record)
    assert "+ 50 (bonus" in lines[-1] and lines[-1].endswith("Black 0 for its fault")


def test_a_fault_while_placing_is_explained(builtin, breaks_after):
    record = play_game("turnright", [builtin("greedy"), breaks_after(3)], seed=4)
    assert record["result"]["verdicts"] == ["ok", "format"]
    lines = check_explanation(record)
    assert lines[0] == "2x2 points (no circuit was played): White 5 at the start + 0 = 5, Black 0"
