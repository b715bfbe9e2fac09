"""Domineering's result explained: the values under each side's dominoes, and the 2.5 start."""

import re

from arena.games.domineering.summary import explain_result
from arena.refereeing.referee import play_game


def explained_totals(lines: list[str]) -> list[float]:
    totals = []
    for line in lines:
        terms, total = re.search(r"dominoes, (.*) = ([\d.]+)", line).groups()
        numbers = [float(t.split()[0]) for t in terms.split(" + ")]
        assert sum(numbers) == float(total)
        totals.append(float(total))
    return totals


def test_the_values_gained_add_up_to_the_points(builtin):
    record = play_game("domineering", [builtin("random"), builtin("greedy")], seed=3)
    lines = explain_result(record)
    assert "2.5 at the start + " in lines[1]
    assert explained_totals(lines) == record["result"]["points"] == record["result"]["scores"]


def test_a_game_that_ended_by_a_fault_is_explained_up_to_it(builtin, breaks_after):
    record = play_game("domineering", [builtin("greedy"), breaks_after(5)], seed=3)
    assert record["result"]["verdicts"] == ["ok", "format"]
    lines = explain_result(record)
    assert explained_totals(lines) == record["result"]["points"]
    assert lines[1].endswith("; 0 for its fault (format)") and record["result"]["scores"][1] == 0
