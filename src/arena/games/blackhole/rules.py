"""Black Hole (CodeCup 2018): the rules as a library.

36 hexagonal tiles form a triangle. A tile is a letter ``A``–``H`` and a number:
with u = letter − A and v = number − 1 the tile exists when u + v ≤ 7, so
``A1``–``A8``, ``B1``–``B7``, …, ``H1``. Five tiles hold brown jury stones. Red
and Blue each place stones numbered 1–15, each once, Red first, 30 turns in
all; the one tile left empty is the black hole. With R and B the sums of the
red and blue numbers next to it, Red scores 75 + R − B and Blue 75 − R + B.

>>> state = BlackHoleState(["E4", "F2", "A5", "A7", "C1"])
>>> len(state.legal_moves())  # 31 empty tiles times 15 numbers
465
>>> state.play_text("D3=15")
(23, 15)
>>> state.play_text("D3=9")
Traceback (most recent call last):
...
arena.games.base.IllegalMoveError: D3 is already taken by a red stone
"""

from __future__ import annotations

from typing import Iterable

from ..base import GameState, IllegalMoveError, MoveFormatError

RED, BLUE, BROWN = 0, 1, 2  # Red is seat 0 and Blue seat 1, so a seat is its colour
COLOUR_NAMES = ("red", "blue", "brown")
LETTERS = "ABCDEFGH"
SIDE = 8
TURNS = 30
STONES = range(1, 16)
BROWN_STONES = 5
BASE_SCORE = 75

# Tiles are indexed in label order: A1..A8, B1..B7, ..., H1.
COORDS = [(u, v) for u in range(SIDE) for v in range(SIDE - u)]
LABELS = [LETTERS[u] + str(v + 1) for u, v in COORDS]
INDEX = {label: i for i, label in enumerate(LABELS)}
_COORD_INDEX = {coord: i for i, coord in enumerate(COORDS)}


def _neighbours(u: int, v: int) -> list[int]:
    """(u, v±1), (u±1, v), (u−1, v+1), (u+1, v−1): the six hexagonal neighbours that exist."""
    steps = [(0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)]
    return [_COORD_INDEX[(u + du, v + dv)] for du, dv in steps if (u + du, v + dv) in _COORD_INDEX]


NEIGHBOURS = [_neighbours(u, v) for u, v in COORDS]

Move = tuple[int, int]  # (tile index, stone number)


def check_brown(labels: Iterable[str]) -> list[int]:
    """The tile indices of five distinct brown labels; ValueError says what is wrong."""
    labels = list(labels)
    if len(labels) != BROWN_STONES:
        raise ValueError(f"there must be {BROWN_STONES} brown stones, got {len(labels)}")
    unknown = [label for label in labels if label not in INDEX]
    if unknown:
        raise ValueError(f"{', '.join(map(repr, unknown))} is not a tile (A1-A8, B1-B7, ..., H1)")
    if len(set(labels)) != len(labels):
        raise ValueError(f"the brown stones must be on {BROWN_STONES} different tiles: {', '.join(labels)}")
    return [INDEX[label] for label in labels]


class BlackHoleState(GameState[Move]):
    """A Black Hole position. A move is ``(tile index, number)``; ``format_move`` writes ``A3=6``."""

    def __init__(self, brown: Iterable[str] = ()) -> None:
        self.owner: list[int | None] = [None] * len(LABELS)
        self.number = [0] * len(LABELS)
        self.used: tuple[set[int], set[int]] = (set(), set())
        self.turns = 0
        self.last_move: Move | None = None  # for the board drawn to people
        brown = list(brown)
        if brown:
            self.place_brown(brown)

    def place_brown(self, labels: Iterable[str]) -> None:
        """Put the five jury stones down (a bot learns them only from its first five lines)."""
        try:
            indices = check_brown(labels)
        except ValueError as error:
            raise IllegalMoveError(str(error)) from None
        for index in indices:
            self.owner[index] = BROWN

    @property
    def to_move(self) -> int:
        return self.turns % 2

    def empty_tiles(self) -> list[int]:
        return [i for i, owner in enumerate(self.owner) if owner is None]

    def stones_left(self, seat: int) -> list[int]:
        return [n for n in STONES if n not in self.used[seat]]

    def legal_moves(self) -> list[Move]:
        if self.is_over():
            return []
        numbers = self.stones_left(self.to_move)
        return [(tile, n) for tile in self.empty_tiles() for n in numbers]

    def play(self, move: Move) -> None:
        tile, number = move
        if self.is_over():
            raise IllegalMoveError(f"the game is over: all {TURNS} stones have been placed")
        taken_by = self.owner[tile]
        if taken_by is not None:
            raise IllegalMoveError(f"{LABELS[tile]} is already taken by a {COLOUR_NAMES[taken_by]} stone")
        if number not in STONES:
            raise IllegalMoveError(f"there is no stone {number}: the stones are numbered 1-15")
        seat = self.to_move
        if number in self.used[seat]:
            raise IllegalMoveError(f"{COLOUR_NAMES[seat]} has already placed its stone {number}")
        self.owner[tile] = seat
        self.number[tile] = number
        self.used[seat].add(number)
        self.turns += 1
        self.last_move = move

    def is_over(self) -> bool:
        return self.turns >= TURNS

    def hole(self) -> int | None:
        """The black hole: the one tile left empty after 30 turns (None before the end)."""
        if not self.is_over():
            return None
        (hole,) = self.empty_tiles()
        return hole

    def sums_around(self, tile: int) -> tuple[int, int]:
        """R and B: the red and the blue numbers next to ``tile`` (brown counts 0)."""
        sums = [0, 0]
        for n in NEIGHBOURS[tile]:
            owner = self.owner[n]
            if owner in (RED, BLUE):
                sums[owner] += self.number[n]
        return sums[0], sums[1]

    def scores(self) -> tuple[int, int]:
        """Red 75 + R − B, Blue 75 − R + B; both stand at 75 until the hole is known."""
        hole = self.hole()
        if hole is None:
            return BASE_SCORE, BASE_SCORE
        red, blue = self.sums_around(hole)
        return BASE_SCORE + red - blue, BASE_SCORE - red + blue

    def board_scores(self) -> tuple[int, int] | None:
        """None until the hole exists: no score is on the board before the last stone."""
        return None if self.hole() is None else self.scores()

    def parse_move(self, text: str) -> Move:
        """Read ``<tile>=<number>``, e.g. ``A3=6``: exactly that, nothing more.

        Reading (chosen): anything that cannot name a stone on a tile of this
        board (no ``=``, an unknown tile, a number outside 1-15 or with a
        leading zero, extra text) is a format fault; a tile already taken or a
        number already used is an illegal move.
        """
        if text == "":
            raise MoveFormatError("empty line: expected a move such as A3=6")
        if text != text.strip():
            raise MoveFormatError(f"{text!r} has spaces around it: write the move alone, e.g. A3=6")
        if text.count("=") != 1:
            raise MoveFormatError(f"{text!r} is not a move: expected <tile>=<number> with one '=', e.g. A3=6")
        label, digits = text.split("=")
        if label not in INDEX:
            hint = " (tiles are uppercase)" if label.upper() in INDEX else ""
            raise MoveFormatError(f"{text!r}: {label!r} is not a tile; the tiles are A1-A8, B1-B7, ..., H1{hint}")
        if not (digits.isascii() and digits.isdigit()):
            raise MoveFormatError(f"{text!r}: {digits!r} is not a stone number 1-15")
        if digits.startswith("0"):
            raise MoveFormatError(f"{text!r}: a stone number is 1-15 written without leading zeros")
        # more than two digits is no stone, and int() refuses numbers of thousands of digits
        if len(digits) > 2 or int(digits) not in STONES:
            shown = digits if len(digits) <= 20 else digits[:20] + "..."
            raise MoveFormatError(f"{text!r}: there is no stone {shown}; the stones are numbered 1-15")
        number = int(digits)
        return INDEX[label], number

    def format_move(self, move: Move) -> str:
        tile, number = move
        return f"{LABELS[tile]}={number}"

    def __str__(self) -> str:
        return board_text(self)


# -- the position as text for people (str(state)): the terminal, the viewer's fallback, the envs' ansi

def board_text(state: BlackHoleState) -> str:
    """The triangle with A1 at the apex and H1 G2 F3 E4 D5 C6 B7 A8 along the bottom.

    The last stone placed is starred (``R:11*``); both sides' stones left follow.
    """
    lines = []
    for row in range(SIDE):  # a row holds the tiles with u + v == row
        cells = [f"{_tile_text(state, _COORD_INDEX[(u, row - u)]):^5}" for u in range(row, -1, -1)]
        lines.append(" " * (3 * (SIDE - 1 - row)) + " ".join(cells))
    if state.last_move is not None:
        mover = ("Red", "Blue")[(state.turns - 1) % 2]
        lines.append(f"last move: {state.format_move(state.last_move)} by {mover} (starred)")
    for seat, name in enumerate(("Red", "Blue")):
        lines.append(f"{name} stones left: {' '.join(map(str, state.stones_left(seat))) or 'none'}")
    hole = state.hole()  # None until the game is over
    lines.append(f"turn {state.turns + 1} of {TURNS}, {('Red', 'Blue')[state.to_move]} to move"
                 if hole is None else f"black hole {LABELS[hole]}, scores {state.scores()}")
    return "\n".join(lines)


def _tile_text(state: BlackHoleState, tile: int) -> str:
    owner = state.owner[tile]
    if owner is None:
        return LABELS[tile]
    if owner == BROWN:
        return "###"
    # the colon tells a stone (R:11, B:2) from an empty tile's label (B2)
    star = "*" if state.last_move is not None and state.last_move[0] == tile else ""
    return f"{'RB'[owner]}:{state.number[tile]}{star}"
