"""How a person at the terminal sees a game and is asked for each line.

The judge's HumanPlayer (refereeing/human.py) draws the board, asks, and checks
every line through a game's view before it goes to the protocol, so a typo
never loses a game. This default suits a game where every reply is one whole
move in the game's notation; a game whose dialogue differs (a handshake, a
move written over several lines) refines it in its own ``text.py``.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from .base import GameState, MoveError

MAX_MOVES_SHOWN = 60
"""More legal moves than this (Black Hole's 465) are counted, not listed."""


State = TypeVar("State", bound="GameState[Any]")
"""The game's own position (its rules.py's state), which a game's view reads."""


class HumanView(Generic[State]):
    def auto_reply(self, received: str | None) -> str | None:
        """A line the person need not type, given the last line the judge sent (None: ask)."""
        return None

    def board(self, state: State, seat: int) -> str:
        """The position as ``seat`` sees it."""
        return str(state)

    def choices(self, state: State, written: list[str]) -> str | None:
        """What may be typed now, in a line or a few (None: nothing to show)."""
        legal = state.legal_moves()
        if len(legal) > MAX_MOVES_SHOWN:
            return f"{len(legal)} legal moves"
        return f"legal: {' '.join(state.format_move(m) for m in legal)}"

    def prompt(self, state: State, written: list[str]) -> str:
        """What the person is asked for; ``written``: their lines so far for this move."""
        return "your move"

    def as_sent(self, text: str) -> str:
        """The typed line as the protocol must read it (a game may forgive a person what it
        would not forgive a program, such as Flippo's lower case); by default, as typed."""
        return text

    def refusal(self, state: State, written: list[str], text: str) -> str | None:
        """Why ``text`` cannot be sent now, or None when it can."""
        try:
            state.copy().play_text(text)
        except MoveError as error:
            return str(error)
        return None
