"""Lucky Words for a person at the terminal: a call is the letter, then its cell.

The protocol reads a call as two lines (the letter, then the cell) and a
placement of the opponent's letter as one (the cell), so the person is asked
for exactly that line, and each is checked before it goes out.
"""

from __future__ import annotations

from ..base import MoveError
from ..human_view import HumanView
from .rules import LuckyWordsState, board_text, parse_cell, parse_letter


class LuckyWordsView(HumanView[LuckyWordsState]):
    def board(self, state: LuckyWordsState, seat: int) -> str:
        return board_text(state, seat, "your")

    def choices(self, state: LuckyWordsState, written: list[str]) -> None:
        return None  # the empty cells show their numbers on the board

    def prompt(self, state: LuckyWordsState, written: list[str]) -> str:
        if not state.calling:
            return f"the cell for the letter {state.called} (0-48)"
        if not written:
            return "the letter you call (A-Z)"
        return f"the cell for your {written[0].upper()} (0-48)"

    def refusal(self, state: LuckyWordsState, written: list[str], text: str) -> str | None:
        try:
            if not state.calling:
                state.copy().play(parse_cell(text))
            elif not written:
                parse_letter(text)
            else:
                state.copy().play((parse_letter(written[0]), parse_cell(text)))
        except MoveError as error:
            return str(error)
        return None
