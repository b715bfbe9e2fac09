"""``builtin:greedy`` for Lucky Words, in numpy: greedy.py's ``Greedy`` choices, for the
environments' in-process opponent (arena.envs), where it answers inside every step.

``Greedy`` values each letter on each empty cell by the two lines through it, one line at a
time (a call tries 26 letters on each empty cell). Here a line is valued once for every
letter on each of its empty cells: its table (8 cases × 26 letters; case 7, the line as it
is), kept for when the line comes again, so a move looks up its 14 lines' tables and adds
them up in numpy. Most lines of a move were in the one before: about one new table a move.

greedy.py values a line by a dynamic programme; it comes to the largest, over every choice
of non-overlapping stretches, of their values added left to right (a rounded sum never drops
when what is added grows). Adding a stretch, worth 0 or more, never lowers such a sum, so
the 31 fullest choices (no room left for another stretch) are enough: a table is three
gathers of stretch values (stretch_values.py), two additions in greedy.py's order and a
maximum, for all cases and letters at once. Each value and each sum is greedy.py's, so a
gain is the same to the last bit; the random numbers are
drawn as ``Greedy`` draws them (one per empty cell per letter tried), so both make the same
move from the same ``random.Random`` (tests compare them move by move). ``arena bot
luckywords greedy`` keeps greedy.py: a program should not need numpy to start.
"""

from __future__ import annotations

import random
import string

import numpy as np

from ..greedy import Greedy, Grid
from ..scoring import EMPTY, SIZE
from .stretch_values import ZERO, StretchValues

LETTERS = string.ascii_uppercase
LETTER_NUMBER = {letter: number for number, letter in enumerate(LETTERS)}
AS_IT_IS = SIZE
"""The case of a line's table that holds the line's own value (no letter added)."""
STRETCHES = tuple((start, end) for start in range(SIZE) for end in range(start + 2, SIZE + 1))
"""greedy.py's stretches of a line: the cells start to end - 1."""
_COVERING = tuple(tuple((n, start) for n, (start, end) in enumerate(STRETCHES) if start <= place < end)
                  for place in range(SIZE))


def _fullest_choices() -> tuple[tuple[int, ...], ...]:
    """The choices of non-overlapping stretches of a line (their numbers, left to right) that
    leave no room for another: no two neighbouring cells outside them (31 choices)."""
    def choices(first: int) -> list[tuple[int, ...]]:  # every choice within cells first to 6
        if first >= SIZE:
            return [()]
        found = choices(first + 1)  # cell ``first`` in no stretch
        for number, (start, end) in enumerate(STRETCHES):
            if start == first:
                found += [(number,) + rest for rest in choices(end)]
        return found

    def fullest(choice: tuple[int, ...]) -> bool:
        covered = {cell for number in choice for cell in range(*STRETCHES[number])}
        return not any(cell not in covered and cell + 1 not in covered for cell in range(SIZE - 1))

    return tuple(choice for choice in choices(0) if fullest(choice))


FULLEST = _fullest_choices()
# _CHOSEN[k][case, choice]: where the k-th stretch of a choice, in a case, is among the rows
# line_table gathers: row 0 a zero (the choices of fewer stretches add it), then the
# stretches of each case it values one after the other
_CHOSEN = tuple(np.array([[1 + case * len(STRETCHES) + choice[k] if k < len(choice) else 0
                           for choice in FULLEST] for case in range(SIZE + 1)], dtype=np.intp)
                for k in range(max(map(len, FULLEST))))
FORGET_LINES = 10_000
"""Line tables kept (1.7 kB each) before all are forgotten, with the stretches' values (about 60
new lines and 400 new stretches a game, for ever: 17 MB and about 35 MB at these bounds)."""
FORGET_STRETCHES = 100_000


def skip_random_numbers(rng: random.Random, count: int) -> None:
    """Leaves ``rng`` as ``count`` calls of ``rng.random()`` would (a call's numbers only break
    ties between the cells of one letter, and the call is the letter of the best gain)."""
    if type(rng) is random.Random:
        # CPython's random() takes two 32-bit words of the Mersenne Twister, getrandbits(k)
        # k / 32 of them: the same state after, in C (a test compares the states)
        rng.getrandbits(64 * count)
    else:  # a subclass may draw its numbers in its own way
        for _ in range(count):
            rng.random()


class FastGreedy(Greedy):
    """``Greedy``'s moves from the same ``random.Random``, in numpy."""

    def __init__(self, words: frozenset[str], rng: random.Random) -> None:
        super().__init__(words, rng)
        self.stretches = StretchValues(self.index)
        self._forget_lines()

    def _forget_lines(self) -> None:
        self._line_numbers: dict[str, int] = {}
        self._tables = np.zeros((1024, SIZE + 1, len(LETTERS)))  # the line tables, by number
        self._last: tuple[str, list[int], np.ndarray] | None = None

    def line_table(self, line: str) -> np.ndarray:
        """The values of ``line`` (8 cases × 26 letters): case p < 7, each letter on cell p
        where p is empty (where it is not, anything); case 7, the line as it is."""
        number = self._line_number(line)  # first: it may move the tables to a larger array
        return self._tables[number]

    def _line_number(self, line: str) -> int:
        number = self._line_numbers.get(line)
        if number is not None:
            return number
        rows_of = self.stretches.rows_of
        stretches = [rows_of(line[start:end]) for start, end in STRETCHES]
        as_it_is = [row for row, _ in stretches]
        cases = [place for place in range(SIZE) if line[place] == EMPTY]
        rows = [ZERO]  # what a choice of fewer than 3 stretches adds
        for place in cases:
            case = list(as_it_is)
            for n, start in _COVERING[place]:
                by_place = stretches[n][1]
                if by_place is not None:  # None: no word fits it, with any letter
                    case[n] = by_place[place - start]
            rows += case
        rows += as_it_is
        cases.append(AS_IT_IS)
        values = self.stretches.table.take(np.fromiter(rows, np.intp, len(rows)), axis=0)
        # the sums of each fullest choice, left to right as greedy.py's programme adds them
        sums = values.take(_CHOSEN[0][:len(cases)], axis=0)
        for chosen in _CHOSEN[1:]:
            sums += values.take(chosen[:len(cases)], axis=0)
        number = len(self._line_numbers)
        if number == len(self._tables):
            self._tables = np.concatenate([self._tables, np.zeros_like(self._tables)])
        self._tables[number, cases] = sums.max(axis=1)
        self._line_numbers[line] = number
        return number

    def _gains(self, grid: Grid) -> tuple[list[int], np.ndarray]:
        """The empty cells, and each one's gain (empty cell × letter): greedy.py's ``gain``."""
        text = grid.text()
        if self._last is not None and self._last[0] == text:
            return self._last[1], self._last[2]
        if len(self._line_numbers) > FORGET_LINES or len(self.stretches.rows) > FORGET_STRETCHES:
            self._forget_lines()
            self.stretches.forget()
        number = self._line_number
        lines = [number(text[row * SIZE:(row + 1) * SIZE]) for row in range(SIZE)]
        lines += [number(text[column::SIZE]) for column in range(SIZE)]
        tables = self._tables.take(lines, axis=0)
        rows, columns = tables[:SIZE], tables[SIZE:]
        # as greedy.py's sums: 0 + the row's value + the column's (0 + x is x)
        after = rows[:, :SIZE] + columns[:, :SIZE].transpose(1, 0, 2)  # (row, column, letter)
        before = rows[:, AS_IT_IS, 0][:, None] + columns[:, AS_IT_IS, 0][None, :]
        empty = grid.empty()
        gains = (after - before[:, :, None]).reshape(SIZE * SIZE, len(LETTERS))[empty]
        self._last = (text, empty, gains)
        return empty, gains

    def place(self, grid: Grid, letter: str) -> int:
        empty, gains = self._gains(grid)
        random = self.rng.random
        scored = [(gain, random(), cell) for gain, cell in zip(gains[:, LETTER_NUMBER[letter]].tolist(), empty)]
        return max(scored)[2]

    def call(self, grid: Grid) -> str:
        empty, gains = self._gains(grid)
        skip_random_numbers(self.rng, len(LETTERS) * len(empty))  # greedy.py's, one per empty cell per letter
        # greedy.py's max over the letters keeps the first of equal gains, as argmax does
        return LETTERS[int(np.argmax(gains.max(axis=0)))]
