"""Flippo's dialogue with the two programs (CodeCup 2019).

White's first line is ``Start``; Black's first line is White's first move.
Each side then reads the opponent's move and writes its own. After move 60
both get ``Quit`` (move 60 itself is not forwarded). Faults: see jury_protocol.
"""

from __future__ import annotations

from ...judge.match import Match, Outcome
from ..jury_protocol import describe_faults, play_with_jury, winner_by_points
from .rules import FlippoState


def run_protocol(match: Match, setup: dict) -> Outcome:
    state = FlippoState()
    scores = play_with_jury(match, state)
    white, black = state.scores()
    reason = describe_faults(match) or f"the board is full: {white + 2} white and {black + 2} black pieces"
    return Outcome(scores=scores, winner=winner_by_points(scores), reason=reason,
                   extra={"board_scores": [white, black]})
