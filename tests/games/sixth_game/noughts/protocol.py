"""The dialogue of Flippo (jury_protocol.py): ``Start`` to the first seat, each move forwarded to
the other seat, ``Quit`` at the end; a program that faults scores 0 and the jury plays on."""

from __future__ import annotations

from arena.games.jury_protocol import describe_faults, play_with_jury, winner_by_points
from arena.judge.match import Match, Outcome

from .rules import NoughtsState


def run_protocol(match: Match, setup: dict) -> Outcome:
    state = NoughtsState()
    scores = play_with_jury(match, state)
    reason = describe_faults(match) or ("three in a line" if state.line_owner() is not None else "a full board")
    return Outcome(scores=scores, winner=winner_by_points(scores), reason=reason)
