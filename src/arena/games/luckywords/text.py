"""Lucky Words for a person at the terminal: a call is the letter, then its cell.

The protocol reads a call as two lines (the letter, then the cell) and a
placement of the opponent's letter as one (the cell), so the person is asked
for exactly that line, and each is checked before it goes out.
"""

from __future__ import annotations

from ..base import MoveError
from ..human_view import HumanView
from .rules import LuckyWordsState, parse_cell, parse_letter
from .scoring import EMPTY, SIZE


def board_text(state: LuckyWordsState, seat: int, whose: str | None = None) -> str:
    """A seat's grid: letters, the number of each empty cell, the last letter placed in brackets."""
    grid, last = state.grids[seat], state.last_cells[seat]
    rows = []
    for row in range(SIZE):
        cells = []
        for cell in range(row * SIZE, (row + 1) * SIZE):
            letter = grid[cell]
            cells.append(f"{cell:>3} " if letter == EMPTY else f"[{letter}] " if cell == last else f"  {letter} ")
        rows.append("".join(cells).rstrip())
    if state.is_over():
        status = "both grids are full"
    elif state.called:
        status = f"place the letter {state.called}"
    else:
        status = f"call {state.calls + 1} of 48: call a letter and place it"
    whose = whose or f"seat {seat}'s"
    return "\n".join([f"{whose} grid (empty cells show their numbers)"] + rows + [status])


class LuckyWordsView(HumanView):
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
