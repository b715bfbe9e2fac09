"""Replaying a game record through the rules: the record holds all a game needs.

The start position comes from the record's setup (``GameInfo.new_state``) and
every move is played again from its text as the judge recorded it. Moves the
rules make by themselves (Turn Right's automatic last placement) are skipped.
"""

from __future__ import annotations

from typing import Iterator

from ..judge.record_types import Record
from . import get_game
from .base import GameState


def replay_positions(record: Record) -> Iterator[GameState]:
    """The position before the first move, then after each move of the record."""
    state = get_game(record["game"]).new_state(record["setup"])
    yield state.copy()
    for move in record["moves"]:
        if move.get("automatic"):
            continue
        state.play_text(move["text"])
        yield state.copy()


def replay(record: Record) -> GameState:
    """The final position of a recorded game."""
    *_, last = replay_positions(record)
    return last
