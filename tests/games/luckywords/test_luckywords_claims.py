"""A program's optional final total is recorded whatever it writes, never judged, never a crash."""

import shlex

import pytest

from arena.refereeing.referee import play_game

# Fills its grid from cell 0 on, always calls E, and at the end writes argv[1] as its "total".
FILLS_THEN_CLAIMS = """
    import sys
    grid = [None] * 49
    grid[24] = sys.stdin.readline().strip()

    def out(text):
        sys.stdout.write(text + "\\n")
        sys.stdout.flush()

    def place(letter):
        cell = grid.index(None)
        grid[cell] = letter
        out(str(cell))

    line = sys.stdin.readline().strip()
    if line != "start":
        place(line)
    while None in grid:
        out("E")
        place("E")
        if None in grid:
            place(sys.stdin.readline().strip())
    out(sys.argv[1])
"""


@pytest.mark.parametrize("claim", ["²", "٣٤", "9" * 5000, "0" * 5000 + "3", "12 points"])
def test_a_total_that_is_no_plain_number_is_kept_as_text(script, claim):
    spec = script(FILLS_THEN_CLAIMS)
    claimant = type(spec)(spec.text, f"{spec.command} {shlex.quote(claim)}")
    record = play_game("luckywords", [claimant, script(FILLS_THEN_CLAIMS.replace("sys.argv[1]", '"7"'))],
                       seed=5, setup={"letter": "T", "words": None})
    result = record["result"]
    assert result["verdicts"] == ["ok", "ok"], result
    assert result["claimed_totals"][0] == claim  # as written, not turned into a number
    assert result["claims_correct"][0] is False
    assert result["claimed_totals"][1] == 7
