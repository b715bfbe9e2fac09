"""Black Hole's dialogue with the two programs (CodeCup 2018).

Both programs first get the five brown tiles, one per line. Red then gets
``Start``; Blue's sixth line is Red's first move; then each reads the other's
move and writes its own. After turn 30 both get ``Quit`` (turn 30 itself is not
forwarded). A fault is handled as in Flippo: see jury_protocol.
"""

from __future__ import annotations

from ...judge.match import Match, Outcome
from ...judge.record_types import Setup
from ..jury_protocol import describe_faults, play_with_jury, winner_by_points
from .rules import LABELS, BlackHoleState


def run_protocol(match: Match, setup: Setup) -> Outcome:
    brown = list(setup["brown"])
    state = BlackHoleState(brown)
    scores = play_with_jury(match, state, opening=brown)
    hole = state.hole()
    assert hole is not None  # the jury has played the game to its end
    red, blue = state.sums_around(hole)
    reason = describe_faults(match) or f"the black hole is {LABELS[hole]}: R = {red}, B = {blue}"
    return Outcome(
        scores=scores,
        winner=winner_by_points(scores),
        reason=reason,
        extra={"hole": LABELS[hole], "R": red, "B": blue, "formula_scores": list(state.scores())},
    )
