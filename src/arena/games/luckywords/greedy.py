"""Lucky Words' ``random`` and ``greedy`` players (bots.py runs them).

- ``random`` calls a random letter and places every letter on a random empty cell.
- ``greedy`` values a grid by the points its lines hold or can still make (see
  :func:`line_value`), places each letter where that value is highest, and
  calls the letter that lets it raise its own value the most (fast_greedy/
  makes the same choices faster, for the environments).

A player scores with the list the judge scores the game with (player_words.py
says how it learns it). At the end it writes its own total, as the original
rules allow.
"""

from __future__ import annotations

import random
import string
import sys
from functools import lru_cache

from .patterns import PatternIndex
from .player_words import scoring_words
from .rules import CENTRE, CELLS
from .scoring import EMPTY, SIZE, WORD_POINTS, grid_points

OPEN_CAP = 0.7
"""An unfinished stretch is worth at most this share of the finished word, so finishing pays."""
PER_EMPTY = 0.15
"""Each empty cell of a stretch multiplies its chance of becoming a word by about this."""


def stretch_value(fits: int, length: int, empties: int) -> float:
    """What a stretch of ``length`` cells is worth when ``fits`` words still fit it and
    ``empties`` of its cells are empty (fast_greedy/ values its stretches with this too)."""
    if not fits:
        return 0.0
    points = WORD_POINTS[length]
    if not empties:
        return float(points)  # a finished word
    # the more cells still to fill, the less likely the stretch ends as a word
    return points * min(OPEN_CAP, fits * PER_EMPTY ** empties)


class Grid:
    def __init__(self, letter: str) -> None:
        self.cells = [EMPTY] * CELLS
        self.cells[CENTRE] = letter

    def empty(self) -> list[int]:
        return [c for c, letter in enumerate(self.cells) if letter == EMPTY]

    def lines_through(self, cell: int) -> tuple[str, str]:
        row, col = divmod(cell, SIZE)
        return "".join(self.cells[row * SIZE:(row + 1) * SIZE]), "".join(self.cells[col::SIZE])

    def text(self) -> str:
        return "".join(self.cells)


class Greedy:
    """Values lines by what they can still become; caches every line it has seen."""

    def __init__(self, words: frozenset[str], rng: random.Random) -> None:
        self.index = PatternIndex(words)
        self.rng = rng
        self.line_value = lru_cache(maxsize=None)(self._line_value)

    def _segment_value(self, segment: str) -> float:
        return stretch_value(self.index.count(segment), len(segment), segment.count(EMPTY))

    def _line_value(self, line: str) -> float:
        """Like scoring.line_points, but open stretches count by how many words still fit."""
        best = [0.0] * (len(line) + 1)
        for end in range(1, len(line) + 1):
            best[end] = best[end - 1]
            for length in range(2, min(end, 7) + 1):
                value = self._segment_value(line[end - length:end])
                if value:
                    best[end] = max(best[end], best[end - length] + value)
        return best[-1]

    def gain(self, grid: Grid, cell: int, letter: str) -> float:
        """How much putting ``letter`` on ``cell`` changes the value of the two lines through it."""
        before = sum(self.line_value(line) for line in grid.lines_through(cell))
        grid.cells[cell] = letter
        after = sum(self.line_value(line) for line in grid.lines_through(cell))
        grid.cells[cell] = EMPTY
        return after - before

    def place(self, grid: Grid, letter: str) -> int:
        return self._best_cell(grid, letter)[0]

    def _best_cell(self, grid: Grid, letter: str) -> tuple[int, float]:
        scored = [(self.gain(grid, cell, letter), self.rng.random(), cell) for cell in grid.empty()]
        gain, _, cell = max(scored)
        return cell, gain

    def call(self, grid: Grid) -> str:
        return max(string.ascii_uppercase, key=lambda letter: self._best_cell(grid, letter)[1])


def play(call, place, words: frozenset[str], stdin=sys.stdin, stdout=sys.stdout) -> None:
    def write(text) -> None:
        stdout.write(f"{text}\n")
        stdout.flush()

    def read() -> str | None:
        line = stdin.readline()
        return line.strip().upper() if line else None

    first = read()
    if not first:
        return
    grid = Grid(first)
    line = read()
    if line is None:
        return
    if line != "START":
        cell = place(grid, line)
        grid.cells[cell] = line
        write(cell)
    while grid.empty():
        letter = call(grid)
        write(letter)
        cell = place(grid, letter)
        grid.cells[cell] = letter
        write(cell)
        if grid.empty():  # the opponent still has a letter to call
            letter = read()
            if letter is None:
                return
            cell = place(grid, letter)
            grid.cells[cell] = letter
            write(cell)
    write(grid_points(grid.text(), words))


def run(name: str, seed: int | None = None) -> None:
    """Play one game as ``random`` or ``greedy`` on stdin/stdout."""
    rng = random.Random(seed)
    words = scoring_words()
    if name == "random":
        play(lambda grid: rng.choice(string.ascii_uppercase), lambda grid, letter: rng.choice(grid.empty()), words)
        return
    greedy = Greedy(words, rng)
    play(greedy.call, greedy.place, words)
