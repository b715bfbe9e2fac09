"""Domineering (ALPHANO): the rules as a library.

An 8×8 board; cell (x, y) is row x and column y, both 1..8, and carries a value
A(x, y) in 0..3. The first player places horizontal dominoes on (x, y) and
(x, y+1), the second vertical ones on (x, y) and (x+1, y); a domino earns the
values of its two cells. ``MOVE -1 -1`` passes and is always legal. The second
player starts with 2.5 points, so there is no draw. The game ends after two
passes in a row, or when neither player can place a domino.

>>> state = DomineeringState([[1] * 8 for _ in range(8)])
>>> state.play_text("MOVE 4 5")
(4, 5)
>>> state.play_text("MOVE 4 5")
Traceback (most recent call last):
...
arena.games.base.IllegalMoveError: (4, 5) is already covered
>>> state.play_text("MOVE 5 5"); state.scores()
(5, 5)
(2, 4.5)
"""

from __future__ import annotations

import re

from ..base import GameState, IllegalMoveError, MoveFormatError

SIZE = 8
EMPTY = 0
FIRST, SECOND = 0, 1
PASS = (-1, -1)
SECOND_START = 2.5
DIRECTION = ((0, 1), (1, 0))  # the second cell of a domino: FIRST horizontal, SECOND vertical
SEAT_WORDS = ("FIRST", "SECOND")

Move = tuple[int, int]  # (x, y) of the domino's upper-left cell, 1-based; PASS is (-1, -1)


def check_values(values) -> list[list[int]]:
    """8 rows of 8 integers 0..3, as a fresh list; ValueError says what is wrong."""
    rows = [list(row) for row in values]
    if len(rows) != SIZE:
        raise ValueError(f"the board has {SIZE} rows of values, got {len(rows)}")
    for x, row in enumerate(rows, start=1):
        if len(row) != SIZE:
            raise ValueError(f"row {x} must have {SIZE} values, got {len(row)}")
        for value in row:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
                raise ValueError(f"row {x}: {value!r} is not a cell value 0-3")
    return rows


def _integer(word: str) -> int | None:
    """The integer a word ``[+-]digits`` writes, or None past 9 significant digits.

    int() refuses thousands of digits (leading zeros included), and a number that
    long is far off the board anyway.
    """
    digits = word.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 9:
        return None
    return -int(digits) if word.startswith("-") else int(digits)


class DomineeringState(GameState[Move]):
    """A Domineering position; ``format_move`` writes ``MOVE x y``, the agents' own words."""

    def __init__(self, values) -> None:
        self.values = check_values(values)
        # who covers each cell: EMPTY, or the seat + 1; 1-based with a spare row and column
        self.covered = [[EMPTY] * (SIZE + 2) for _ in range(SIZE + 2)]
        self.points = [0, 0]
        self.moves_played = 0
        self.passes_in_a_row = 0
        self.last_move: Move | None = None  # for the board drawn to people

    @property
    def to_move(self) -> int:
        return self.moves_played % 2

    def _fits(self, seat: int, x: int, y: int) -> bool:
        dx, dy = DIRECTION[seat]
        return (
            1 <= x <= SIZE - dx and 1 <= y <= SIZE - dy
            and self.covered[x][y] == EMPTY and self.covered[x + dx][y + dy] == EMPTY
        )

    def placements(self, seat: int) -> list[Move]:
        return [(x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if self._fits(seat, x, y)]

    def can_place(self, seat: int) -> bool:
        return any(self._fits(seat, x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1))

    def gain(self, seat: int, move: Move) -> int:
        """The points a domino of ``seat`` at ``move`` earns: the values of its two cells."""
        (x, y), (dx, dy) = move, DIRECTION[seat]
        return self.values[x - 1][y - 1] + self.values[x + dx - 1][y + dy - 1]

    def legal_moves(self) -> list[Move]:
        if self.is_over():
            return []
        return self.placements(self.to_move) + [PASS]

    def play(self, move: Move) -> None:
        if self.is_over():
            raise IllegalMoveError("the game is over")
        seat = self.to_move
        if move == PASS:
            self.passes_in_a_row += 1
        else:
            x, y = move
            dx, dy = DIRECTION[seat]
            other = (x + dx, y + dy)
            shape = "horizontal" if seat == FIRST else "vertical"
            if not (1 <= x <= SIZE - dx and 1 <= y <= SIZE - dy):
                raise IllegalMoveError(
                    f"a {shape} domino at ({x}, {y}) would leave the board: "
                    f"it covers ({x}, {y}) and {other}, rows and columns are 1-{SIZE}"
                )
            for cell in ((x, y), other):
                if self.covered[cell[0]][cell[1]] != EMPTY:
                    raise IllegalMoveError(f"({cell[0]}, {cell[1]}) is already covered")
            self.covered[x][y] = self.covered[other[0]][other[1]] = seat + 1
            self.points[seat] += self.gain(seat, move)
            self.passes_in_a_row = 0
        self.moves_played += 1
        self.last_move = move

    def end_reason(self) -> str | None:
        """Why the game is over, or None while it goes on."""
        if self.passes_in_a_row >= 2:
            return "both players passed in a row"
        if not self.can_place(FIRST) and not self.can_place(SECOND):
            return "neither player can place a domino"
        return None

    def is_over(self) -> bool:
        return self.end_reason() is not None

    def scores(self) -> tuple[float, float]:
        """The points so far: the first player's from 0, the second's from 2.5."""
        return self.points[FIRST], self.points[SECOND] + SECOND_START

    def parse_move(self, text: str) -> Move:
        """Read ``MOVE x y``.

        Reading (chosen): the words are split on whitespace, as a
        token-reading judge would, so extra spaces are harmless; anything but
        the word MOVE and two integers is a format fault.
        """
        words = text.split()
        if not words:
            raise MoveFormatError("empty line: expected MOVE x y, e.g. MOVE 2 1, or MOVE -1 -1 to pass")
        if words[0] != "MOVE" or len(words) != 3:
            raise MoveFormatError(f"{text!r} is not a move: expected MOVE x y, e.g. MOVE 2 1, or MOVE -1 -1")
        if not all(re.fullmatch(r"[+-]?[0-9]+", word) for word in words[1:]):
            raise MoveFormatError(f"{text!r}: x and y must be integers")
        x, y = (_integer(word) for word in words[1:])
        if x is None or y is None:
            raise IllegalMoveError(f"{text[:60]!r}: x and y are 1-{SIZE} (or -1 -1 to pass)")
        if (x == -1) != (y == -1):
            raise MoveFormatError(f"{text!r}: a pass is MOVE -1 -1; otherwise x and y are 1-{SIZE}")
        return x, y

    def format_move(self, move: Move) -> str:
        return f"MOVE {move[0]} {move[1]}"

    def __str__(self) -> str:
        return board_text(self)


# -- the position as text for people (str(state)): the terminal, the viewer's fallback, the envs' ansi

def board_text(state: DomineeringState) -> str:
    """Each cell's value, or F / S where the first / second player's dominoes lie (the last in lower case)."""
    last = _last_cells(state)
    lines = ["    " + " ".join(str(y) for y in range(1, SIZE + 1))]
    for x in range(1, SIZE + 1):
        cells = []
        for y in range(1, SIZE + 1):
            owner = state.covered[x][y]
            text = " FS"[owner].strip() or str(state.values[x - 1][y - 1])
            cells.append(text.lower() if (x, y) in last else text)
        lines.append(f"{x:>2}  " + " ".join(cells))
    if state.last_move is not None:
        mover = SEAT_WORDS[1 - state.to_move]
        what = "a pass" if state.last_move == PASS else f"{state.format_move(state.last_move)} (in lower case)"
        lines.append(f"last move: {what} by {mover}")
    first, second = state.scores()
    lines.append(f"FIRST (horizontal) {first}  SECOND (vertical) {second}; {SEAT_WORDS[state.to_move]} to move")
    return "\n".join(lines)


def _last_cells(state: DomineeringState) -> set[tuple[int, int]]:
    if state.last_move is None or state.last_move == PASS:
        return set()
    (x, y), (dx, dy) = state.last_move, DIRECTION[1 - state.to_move]
    return {(x, y), (x + dx, y + dy)}
