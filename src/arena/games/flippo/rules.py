"""Flippo (CodeCup 2019): the rules as a library.

The board is 8×8. A square is a row letter ``A``–``H`` (A at the top) and a
column digit ``1``–``8`` (1 at the left): ``A3``. White moves first; the game
lasts exactly 60 moves.

>>> board = FlippoState()
>>> sorted(board.format_move(m) for m in board.legal_moves())
['C3', 'C5', 'D6', 'E3', 'F4', 'F6']
>>> board.play_text("C5")
20
>>> board.scores()
(2, -1)

What makes Flippo differ from Othello is the flip rule: in each direction the
run of consecutive occupied squares is walked up to the *farthest* piece of the
mover's colour, and everything strictly between is flipped, whatever its colour.
"""

from __future__ import annotations

from ..base import GameState, IllegalMoveError, MoveFormatError

EMPTY, WHITE, BLACK = 0, 1, 2
SEAT_COLOUR = (WHITE, BLACK)  # seat 0 plays White, seat 1 plays Black
ROWS = "ABCDEFGH"
SIZE = 8
TOTAL_MOVES = 60
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def square_name(index: int) -> str:
    return ROWS[index // SIZE] + str(index % SIZE + 1)


def _neighbours(index: int) -> list[int]:
    row, col = divmod(index, SIZE)
    return [
        (row + dr) * SIZE + col + dc
        for dr, dc in DIRECTIONS
        if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    ]


def _rays(index: int) -> list[list[int]]:
    """The squares from ``index`` to the edge in each direction, nearest first."""
    row, col = divmod(index, SIZE)
    rays = []
    for dr, dc in DIRECTIONS:
        ray, r, c = [], row + dr, col + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            ray.append(r * SIZE + c)
            r, c = r + dr, c + dc
        if ray:
            rays.append(ray)
    return rays


def _axis_lines() -> list[list[int]]:
    """Every line of the board along each of the four axes (rows, columns, both diagonals)."""
    lines = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for start in range(SIZE * SIZE):
            row, col = divmod(start, SIZE)
            if 0 <= row - dr < SIZE and 0 <= col - dc < SIZE:
                continue  # not the first square of its line
            line = []
            while 0 <= row < SIZE and 0 <= col < SIZE:
                line.append(row * SIZE + col)
                row, col = row + dr, col + dc
            lines.append(line)
    return lines


NEIGHBOURS = [_neighbours(i) for i in range(SIZE * SIZE)]
RAYS = [_rays(i) for i in range(SIZE * SIZE)]
AXIS_LINES = _axis_lines()


class FlippoState(GameState[int]):
    """A Flippo position. Moves are square indices 0–63 (row * 8 + column)."""

    def __init__(self) -> None:
        self.board = [EMPTY] * (SIZE * SIZE)
        for name, colour in (("D4", WHITE), ("E5", WHITE), ("D5", BLACK), ("E4", BLACK)):
            self.board[self._index(name)] = colour
        self.moves_played = 0
        self.last_move: int | None = None  # for the board drawn to people

    @staticmethod
    def _index(name: str) -> int:
        return ROWS.index(name[0]) * SIZE + int(name[1]) - 1

    @property
    def to_move(self) -> int:
        return self.moves_played % 2

    def flips(self, index: int, colour: int) -> list[int]:
        """The squares a piece of ``colour`` placed on ``index`` would flip."""
        board = self.board
        flipped: list[int] = []
        for ray in RAYS[index]:
            farthest_own = 0  # length of the occupied run up to the farthest own piece
            for length, square in enumerate(ray, 1):
                cell = board[square]
                if cell == EMPTY:
                    break
                if cell == colour:
                    farthest_own = length
            if farthest_own > 1:
                flipped.extend(ray[: farthest_own - 1])
        return flipped

    def _touching_empty_squares(self) -> list[int]:
        return [
            i
            for i in range(SIZE * SIZE)
            if self.board[i] == EMPTY and any(self.board[n] != EMPTY for n in NEIGHBOURS[i])
        ]

    def legal_moves(self) -> list[int]:
        if self.is_over():
            return []
        colour = SEAT_COLOUR[self.to_move]
        touching = self._touching_empty_squares()
        flipping = [i for i in touching if self.flips(i, colour)]
        return flipping or touching

    def play(self, move: int) -> None:
        if self.is_over():
            raise IllegalMoveError("the game is over: all 60 moves have been played")
        name = square_name(move)
        if self.board[move] != EMPTY:
            raise IllegalMoveError(f"{name} is already occupied")
        if not any(self.board[n] != EMPTY for n in NEIGHBOURS[move]):
            raise IllegalMoveError(f"{name} does not touch any piece")
        colour = SEAT_COLOUR[self.to_move]
        flipped = self.flips(move, colour)
        if not flipped:
            flipping = [i for i in self._touching_empty_squares() if self.flips(i, colour)]
            if flipping:
                examples = ", ".join(square_name(i) for i in flipping[:3])
                raise IllegalMoveError(
                    f"{name} flips nothing, but a move that flips exists (e.g. {examples})"
                )
        self.board[move] = colour
        for i in flipped:
            self.board[i] = WHITE + BLACK - self.board[i]
        self.moves_played += 1
        self.last_move = move

    def is_over(self) -> bool:
        return self.moves_played >= TOTAL_MOVES

    def stable_squares(self) -> set[int]:
        """The occupied squares whose colour can never change again.

        A piece is flipped only when it lies strictly between a new piece and another piece on
        one line. So a piece that, on each of the four axes, ends its line (the board's edge in
        that direction) or sits in a full line (no new piece can come onto it) keeps its colour
        to the end: corners always, an edge piece once its edge is full, and so on.
        """
        safe = [0] * (SIZE * SIZE)  # on how many axes each square is safe
        for line in AXIS_LINES:
            if all(self.board[square] != EMPTY for square in line):
                for square in line:
                    safe[square] += 1
            else:
                safe[line[0]] += 1
                if len(line) > 1:
                    safe[line[-1]] += 1
        return {square for square in range(SIZE * SIZE) if safe[square] == 4 and self.board[square] != EMPTY}

    def count(self, colour: int) -> int:
        return self.board.count(colour)

    def scores(self) -> tuple[int, int]:
        """White W−2 and Black B−2; they sum to 60 on a full board."""
        return self.count(WHITE) - 2, self.count(BLACK) - 2

    def parse_move(self, text: str) -> int:
        if text == "":
            raise MoveFormatError("empty line: expected a square such as A3")
        if len(text) != 2:
            raise MoveFormatError(
                f"{text!r} is not a square: expected a row letter A-H and a column digit 1-8, "
                "e.g. A3, with nothing else on the line"
            )
        row, col = text[0], text[1]
        if row not in ROWS:
            raise MoveFormatError(f"{text!r}: the row must be an uppercase letter A-H, not {row!r}")
        if col not in "12345678":
            raise MoveFormatError(f"{text!r}: the column must be a digit 1-8, not {col!r}")
        return self._index(text)

    def format_move(self, move: int) -> str:
        return square_name(move)

    def __str__(self) -> str:
        """The board; the last piece placed stands in parentheses: ``B(W)B``."""
        symbols = {EMPTY: ".", WHITE: "W", BLACK: "B"}
        lines = ["  " + " ".join(str(c + 1) for c in range(SIZE))]
        for r in range(SIZE):
            row = " " + " ".join(symbols[self.board[r * SIZE + c]] for c in range(SIZE)) + " "
            if self.last_move is not None and self.last_move // SIZE == r:
                at = 2 * (self.last_move % SIZE)  # the space before the piece, then the one after
                row = row[:at] + "(" + row[at + 1] + ")" + row[at + 3:]
            lines.append(f"{ROWS[r]}{row.rstrip()}")
        white, black = self.scores()
        if self.last_move is not None:
            mover = ("White", "Black")[(self.moves_played - 1) % 2]
            lines.append(f"last move: {square_name(self.last_move)} by {mover}")
        lines.append(f"White (W) {white + 2}  Black (B) {black + 2}  move {self.moves_played + 1}")
        return "\n".join(lines)
