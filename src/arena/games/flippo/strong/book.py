"""Flippo's opening book: the strong player's first moves, searched long in advance.

Every game starts from the same position, so the first moves repeat from game
to game; searching them far deeper than a game's clock allows, once, gives
better moves and leaves their time to the middle game. tools/flippo_book.py
builds book.txt: for each colour, the positions of the first plies where that
colour is to move, having played the book's own moves against every reply.

The rules are the same under the board's 8 symmetries (rotations and
reflections), so a position is stored once, in its canonical form: the least
``(own, opp)`` over its 8 images. A line of book.txt is ``own opp square``,
the two masks in hexadecimal (the mover's pieces first) and the book move's
square in that canonical frame.
"""

from __future__ import annotations

from pathlib import Path

BOOK_FILE = Path(__file__).with_name("book.txt")


def _symmetries() -> list[list[int]]:
    """For each of the 8 symmetries, the square each square goes to."""
    images = []
    for transpose in (False, True):
        for flip_row in (False, True):
            for flip_col in (False, True):
                table = []
                for square in range(64):
                    r, c = divmod(square, 8)
                    if transpose:
                        r, c = c, r
                    if flip_row:
                        r = 7 - r
                    if flip_col:
                        c = 7 - c
                    table.append(8 * r + c)
                images.append(table)
    return images


SYMMETRIES = _symmetries()


def transform(mask: int, table: list[int]) -> int:
    image = 0
    while mask:
        low = mask & -mask
        image |= 1 << table[low.bit_length() - 1]
        mask ^= low
    return image


def canonical(own: int, opp: int) -> tuple[tuple[int, int], list[int]]:
    """The position's canonical form and the symmetry that makes it."""
    return min(((transform(own, t), transform(opp, t)), t) for t in SYMMETRIES)


class Book:
    def __init__(self, moves: dict[tuple[int, int], int]) -> None:
        self.moves = moves
        # past the book's deepest position, no lookup can hit: skip the 8 images
        self.most_pieces = max(((own | opp).bit_count() for own, opp in moves), default=0)

    @classmethod
    def load(cls, path: Path = BOOK_FILE) -> "Book":
        moves = {}
        if path.exists():  # a missing book only means searching from the first move
            for line in path.read_text().split("\n"):
                if line and not line.startswith("#"):
                    own, opp, square = line.split()
                    moves[int(own, 16), int(opp, 16)] = int(square)
        return cls(moves)

    def move(self, own: int, opp: int) -> int | None:
        """The book's square for the mover owning ``own``, or None when the position is not in it."""
        if (own | opp).bit_count() > self.most_pieces:
            return None
        key, table = canonical(own, opp)
        square = self.moves.get(key)
        return None if square is None else table.index(square)
