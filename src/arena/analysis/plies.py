"""A record's plies for analysis: the position before each move played, who played it and what.

Positions come from the rules (games/replay.py), never from the record's claims; moves the rules
made by themselves (Turn Right's last placement) are no ply. A record the rules cannot replay is
refused with the ply and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games import UnknownGameError, get_game
from ..games.base import GameState, MoveError


class RecordError(ValueError):
    """The record cannot be analysed; the message says why."""


@dataclass
class Ply:
    index: int
    seat: int
    move: str
    state: GameState
    """The position before the move."""


def record_plies(record: Any) -> tuple[list[Ply], GameState]:
    """The plies of ``record`` and the position after the last move."""
    if not isinstance(record, dict) or not isinstance(record.get("moves"), list):
        raise RecordError("not a game record: a JSON object with 'game', 'setup' and a list 'moves' is expected")
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError(f"unknown game {name!r}")
    try:
        game = get_game(name)
    except (UnknownGameError, TypeError):
        raise RecordError(f"unknown game {name!r}") from None
    try:
        state = game.new_state(record.get("setup") or {})
    except Exception as problem:  # a file's setup may be anything
        raise RecordError(f"setup: a {game.title} game cannot start from it ({problem})") from None
    plies: list[Ply] = []
    for number, move in enumerate(record["moves"]):
        if not isinstance(move, dict) or not isinstance(move.get("text"), str):
            raise RecordError(f"move {number}: an object with a 'text' is expected")
        if move.get("automatic"):
            continue  # the rules made it themselves when the move before it was played
        before = state.copy()
        _play(state, move["text"], number)
        # in the game's own notation, as the analyst writes its best move: "d3" played is "D3"
        plies.append(Ply(len(plies), before.to_move, before.format_move(before.parse_move(move["text"])), before))
    return plies, state


def _play(state: GameState, text: str, number: int) -> None:
    try:
        state.play_text(text)
    except (MoveError, KeyError, ValueError) as problem:
        raise RecordError(f"move {number} ({text!r}) cannot be replayed: {problem}") from None
