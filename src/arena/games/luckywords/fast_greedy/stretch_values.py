"""The values of a line's stretches for player.py, with each letter on each empty cell at once.

A stretch is 2 to 7 consecutive cells of a line; greedy.py values it by how many words still
fit it (``stretch_value``). player.py asks for a stretch as it is, and for its values
with each letter A-Z on each of its empty cells: each is a row of a numpy table (one value
per letter; the stretch as it is has the same value in every column), kept for the next
time: a game asks for the same stretches again and again.

The words fitting a stretch are one bit set of the pattern index; the letters they have on
each of its empty cells are counted in numpy, all cells at once (26 bit counts of Python
integers a cell cost several times as much).
"""

from __future__ import annotations

import string

import numpy as np

from ..greedy import OPEN_CAP, PER_EMPTY, stretch_value
from ..patterns import PatternIndex
from ..scoring import EMPTY, SIZE, WORD_POINTS

LETTERS = string.ascii_uppercase
ZERO = 0
"""The row of a stretch no word fits, whatever the letter."""
_CELL_OFFSETS = len(LETTERS) * np.arange(SIZE, dtype=np.intp)  # where each cell's letter counts start


class StretchValues:
    """Rows of values (one column per letter A-Z) of the stretches asked for, by row number
    (the words of the index are of letters A-Z, as dictionary.py reads them)."""

    def __init__(self, index: PatternIndex) -> None:
        self.index = index
        # the letters of the words of each length: codes[length][n, at] is word n's letter at
        # ``at`` (A = 0), in the numbering of the index's bit sets
        self.codes = {length: (np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
                               .reshape(len(words), length) - ord("A"))
                      for length, words in index.words.items()}
        self.forget()

    def forget(self) -> None:
        """Drop every row kept (the table would otherwise grow with every new stretch)."""
        self.table = np.zeros((1024, len(LETTERS)))
        self.rows: dict[str, tuple[int, tuple[int, ...] | None]] = {}
        self.used = 1  # row 0 is ZERO

    def rows_of(self, stretch: str) -> tuple[int, tuple[int, ...] | None]:
        """The row of ``stretch`` (letters and ``.``) as it is, and for each of its cells the row
        of each letter on it (ZERO where the cell holds a letter), or None when no word fits
        it or it has no empty cell."""
        rows = self.rows.get(stretch)
        if rows is None:
            rows = self.rows[stretch] = self._new_rows(stretch)
        return rows

    def _new_rows(self, stretch: str) -> tuple[int, tuple[int, ...] | None]:
        length, empties = len(stretch), stretch.count(EMPTY)
        fits = self.index.fitting(stretch)
        if not fits:
            return ZERO, None
        holes = [place for place, letter in enumerate(stretch) if letter == EMPTY]
        first = self._reserve(1 + len(holes))
        self.table[first] = stretch_value(fits.bit_count(), length, empties)  # the same in every column
        if not holes:
            return first, None
        codes = self.codes[length]
        bits = np.frombuffer(fits.to_bytes((len(codes) + 7) // 8, "little"), dtype=np.uint8)
        members = np.unpackbits(bits, count=len(codes), bitorder="little").view(bool).nonzero()[0]
        # the fitting words' letters, counted cell by cell (each cell's 26 counts a range of its own)
        letters = codes.take(members, axis=0) + _CELL_OFFSETS[:length]
        counts = np.bincount(letters.ravel(), minlength=length * len(LETTERS)).reshape(length, len(LETTERS))
        # with a letter on it, a hole is no longer empty: one empty cell fewer
        self.table[first + 1:first + 1 + len(holes)] = stretch_values(counts[holes], length, empties - 1)
        by_place = [ZERO] * length
        for number, place in enumerate(holes, start=first + 1):
            by_place[place] = number
        return first, tuple(by_place)

    def _reserve(self, count: int) -> int:
        """The first of ``count`` new rows of the table."""
        first = self.used
        self.used += count
        while self.used > len(self.table):
            self.table = np.concatenate([self.table, np.zeros_like(self.table)])
        return first


def stretch_values(counts: np.ndarray, length: int, empties: int) -> np.ndarray:
    """greedy.py's ``stretch_value`` of each of ``counts`` (of fitting words), to the last bit (a
    test compares them all; a count of 0 gives 0.0 by the same products)."""
    points = WORD_POINTS[length]
    if not empties:
        return (counts > 0) * float(points)
    return points * np.minimum(OPEN_CAP, counts * PER_EMPTY ** empties)
