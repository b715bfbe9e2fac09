"""Lucky Words (CodeCup 2004): the rules as a library.

Each player fills a hidden 7×7 grid, cells 0–48 row by row (7·row + col). The
starting letter stands at 24 on both grids. The players take turns calling a
letter; both place every called letter on an empty cell of their own grid.
After 48 calls (24 each, seat 0 first) both grids are full and are scored by
``scoring.py``.

The moves of the state alternate like the dialogue: a *call* ``(letter, cell)``
by the caller, then a *placement* ``cell`` of that letter by the other player,
who then calls next. So the seat to move runs 0, 1, 1, 0, 0, 1, 1, ...

>>> state = LuckyWordsState("X", frozenset({"EX"}))
>>> state.play_text("E 23")   # seat 0 calls E and puts it left of the X
('E', 23)
>>> state.play_text("0")      # seat 1 puts the E in its top left corner
0
>>> state.to_move             # and calls next
1
>>> state.scores()
(1, 0)
"""

from __future__ import annotations

import string

from ..base import GameState, IllegalMoveError, MoveFormatError
from .dictionary import load_words
from .scoring import EMPTY, SIZE, grid_points

CELLS = SIZE * SIZE
CENTRE = 24
CALLS = 48
LETTERS = string.ascii_uppercase


def parse_letter(text: str) -> str:
    """A called letter; lower case is accepted and upper-cased (docs/games/luckywords.md)."""
    letter = text.strip()
    if len(letter) != 1 or letter not in string.ascii_letters:
        raise MoveFormatError(f"{text!r} is not a letter: expected one letter A-Z on the line")
    return letter.upper()


def parse_cell(text: str) -> int:
    """A cell number. A number outside 0–48 is a well-formed but illegal move."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        raise MoveFormatError(f"{text!r} is not a cell: expected a number 0-48 on the line")
    # leading zeros are harmless (007 is 7); a number of more than two digits is no cell,
    # and int() refuses numbers of thousands of digits
    significant = digits.lstrip("0") or "0"
    if len(significant) > 2 or int(significant) >= CELLS:
        shown = significant if len(significant) <= 20 else significant[:20] + "..."
        raise IllegalMoveError(f"there is no cell {shown}: the cells are numbered 0-48")
    return int(significant)


class LuckyWordsState(GameState):
    def __init__(self, letter: str, words: frozenset[str] | None = None) -> None:
        self.letter = parse_letter(letter)
        self.words = words
        self.grids = [[EMPTY] * CELLS for _ in range(2)]
        for grid in self.grids:
            grid[CENTRE] = self.letter
        self.calls = 0
        self.called: str | None = None  # a called letter the other player has yet to place
        self.letters_called: list[str] = []  # every call in order: seat 0 made the 1st, 3rd, ...
        self.last_cells: list[int | None] = [None, None]  # each seat's last placement, for people

    @property
    def calling(self) -> bool:
        return self.called is None

    @property
    def to_move(self) -> int:
        if self.calling:
            return self.calls % 2  # seat 0 makes the odd calls (1st, 3rd, ...)
        return 1 - (self.calls - 1) % 2  # the other player places the letter just called

    def is_over(self) -> bool:
        return self.calls == CALLS and self.calling

    def empty_cells(self, seat: int) -> list[int]:
        return [cell for cell, letter in enumerate(self.grids[seat]) if letter == EMPTY]

    def legal_moves(self) -> list:
        if self.is_over():
            return []
        cells = self.empty_cells(self.to_move)
        if self.calling:
            return [(letter, cell) for letter in LETTERS for cell in cells]
        return cells

    def play(self, move) -> None:
        if self.is_over():
            raise IllegalMoveError("the game is over: both grids are full")
        seat = self.to_move
        if self.calling:
            if not isinstance(move, tuple):
                raise IllegalMoveError("it is a call: a letter and a cell are expected")
            letter, cell = move
        else:
            if not isinstance(move, int):
                raise IllegalMoveError(f"the letter {self.called} is to be placed: a cell is expected")
            letter, cell = self.called, move
        if not 0 <= cell < CELLS:
            raise IllegalMoveError(f"there is no cell {cell}: the cells are numbered 0-48")
        grid = self.grids[seat]
        if grid[cell] != EMPTY:
            raise IllegalMoveError(f"cell {cell} already holds the letter {grid[cell]}")
        grid[cell] = letter
        self.last_cells[seat] = cell
        if self.calling:
            self.calls += 1
            self.called = letter
            self.letters_called.append(letter)
        else:
            self.called = None

    def grid_text(self, seat: int) -> str:
        """A grid as 49 characters row by row, ``.`` for an empty cell."""
        return "".join(self.grids[seat])

    def scores(self) -> tuple[int, int]:
        words = self.words if self.words is not None else load_words()
        return grid_points(self.grid_text(0), words), grid_points(self.grid_text(1), words)

    def parse_move(self, text: str):
        """A call is written ``E 35`` (letter, space, cell) here; a placement ``35``."""
        if self.calling:
            parts = text.split()
            if len(parts) != 2:
                raise MoveFormatError(f"{text!r}: a call is a letter and a cell, e.g. E 35")
            return parse_letter(parts[0]), parse_cell(parts[1])
        return parse_cell(text)

    def format_move(self, move) -> str:
        if isinstance(move, tuple):
            return f"{move[0]} {move[1]}"
        return str(move)

    def board_text(self, seat: int) -> str:
        """One seat's grid as people see it (cell numbers, the last letter marked)."""
        return board_text(self, seat)

    def __str__(self) -> str:
        return self.board_text(self.to_move)


# -- the position as text for people (str(state)): the terminal, the viewer's fallback, the envs' ansi

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
