"""Black Hole's result explained: the hole, the stones around it, 75 + R − B."""

import re

from arena.games.blackhole.summary import explain_result
from arena.refereeing.referee import play_game


def check_explanation(record: dict) -> list[str]:
    result, lines = record["result"], explain_result(record)
    assert lines[0] == f"black hole {result['hole']}; around it:"
    for line, total in zip(lines[1:3], (result["R"], result["B"])):
        stones = [int(n) for n in re.findall(r"[A-H]\d=(\d+)", line)]
        assert sum(stones) == total and line.endswith(f"= {total}")
    formula = [int(re.search(r"75 [+-] R [+-] B = (\d+)", line)[1]) for line in lines[3:5]]
    assert formula == result["formula_scores"]
    return lines


def test_the_hole_and_the_sums_give_the_scores(builtin):
    record = play_game("blackhole", [builtin("random"), builtin("greedy")], seed=6)
    lines = check_explanation(record)
    assert record["result"]["scores"] == record["result"]["formula_scores"]
    assert lines[1].startswith("  red: ") and lines[2].startswith("  blue: ")


def test_a_faulted_game_is_explained_with_the_jury_moves(builtin, breaks_after):
    record = play_game("blackhole", [breaks_after(4), builtin("greedy")], seed=6)
    assert record["result"]["verdicts"] == ["format", "ok"]
    lines = check_explanation(record)
    assert lines[3].endswith("; 0 for its fault (format)")
