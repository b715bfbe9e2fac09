"""Noughts and crosses: the first seat places X, the second O, one cell at a time; three in a
row, column or diagonal win. A move is a cell 1-9, numbered row by row from the top left.

>>> state = NoughtsState()
>>> for cell in "1 4 2 5 3".split():
...     _ = state.play_text(cell)
>>> print(state)
XXX
OO.
...
>>> state.is_over(), state.scores()
(True, (1.0, 0.0))
"""

from __future__ import annotations

from arena.games.base import GameState, IllegalMoveError, MoveFormatError

MARKS = "XO"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class NoughtsState(GameState[int]):
    """The nine cells ('.' empty) and the seat to move; a move is a cell index 0-8."""

    def __init__(self) -> None:
        self.cells = ["."] * 9
        self.moves_played = 0

    @property
    def to_move(self) -> int:
        return self.moves_played % 2

    def line_owner(self) -> int | None:
        """The seat with three in a line, if any."""
        for a, b, c in LINES:
            if self.cells[a] != "." and self.cells[a] == self.cells[b] == self.cells[c]:
                return MARKS.index(self.cells[a])
        return None

    def is_over(self) -> bool:
        return self.line_owner() is not None or self.moves_played == 9

    def legal_moves(self) -> list[int]:
        return [] if self.is_over() else [cell for cell in range(9) if self.cells[cell] == "."]

    def play(self, move: int) -> None:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"cell {move + 1} cannot be played now")
        self.cells[move] = MARKS[self.to_move]
        self.moves_played += 1

    def scores(self) -> tuple[float, float]:
        """1 for three in a line, 0 for the other seat; half a point each for a full board without one."""
        owner = self.line_owner()
        if owner is None:
            return (0.5, 0.5) if self.moves_played == 9 else (0.0, 0.0)
        return (1.0, 0.0) if owner == 0 else (0.0, 1.0)

    def parse_move(self, text: str) -> int:
        if len(text) != 1 or text not in "123456789":
            raise MoveFormatError(f"{text!r} is not a cell 1-9")
        move = int(text) - 1
        if move not in self.legal_moves():
            raise IllegalMoveError(f"cell {text} is taken or the game is over")
        return move

    def format_move(self, move: int) -> str:
        return str(move + 1)

    def __str__(self) -> str:
        return "\n".join("".join(self.cells[row:row + 3]) for row in (0, 3, 6))
