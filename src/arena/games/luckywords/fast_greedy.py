"""Lucky Words' ``greedy`` for the environments' in-process opponent (arena.envs): greedy.py's
values and choices, with what it computes again and again kept.

greedy.py values each (cell, letter) by the two lines through the cell before and after the
letter, caching whole lines; a line it has not seen costs about 20 pattern counts, and most
lines of a game are new (about 10 ms a move). Here the segments' values are cached too (a
new line is then about 20 dictionary look-ups), and a call's 26 letters share each empty
cell's lines and their value before the letter. The floating-point sums are greedy.py's,
in its order, and the random numbers are drawn as it draws them (one per empty cell per
letter tried), so both make the same move from the same ``random.Random`` (a test compares
them position by position). ``arena bot luckywords greedy`` keeps greedy.py.
"""

from __future__ import annotations

import string

from .greedy import Greedy, Grid
from .scoring import SIZE


class FastGreedy(Greedy):
    def __init__(self, words, rng) -> None:
        super().__init__(words, rng)
        self._segments: dict[str, float] = {}
        self._lines: dict[str, float] = {}

    def segment_value(self, segment: str) -> float:
        value = self._segments.get(segment)
        if value is None:
            value = self._segments[segment] = self._segment_value(segment)
        return value

    def fast_line_value(self, line: str) -> float:
        """greedy.py's ``_line_value``, over cached segment values."""
        value = self._lines.get(line)
        if value is not None:
            return value
        best = [0.0] * (len(line) + 1)
        for end in range(1, len(line) + 1):
            best[end] = best[end - 1]
            for length in range(2, min(end, 7) + 1):
                segment_value = self.segment_value(line[end - length:end])
                if segment_value:
                    best[end] = max(best[end], best[end - length] + segment_value)
        self._lines[line] = best[-1]
        return best[-1]

    def _cells(self, grid: Grid) -> list[tuple[int, str, int, str, int, float]]:
        """Each empty cell with its row, its place in it, its column, its place in it, and the
        value of both before a letter (``0 + row + column``, as greedy.py's ``sum``)."""
        cells = []
        value = self.fast_line_value
        for cell in grid.empty():
            row_number, column_number = divmod(cell, SIZE)
            row, column = grid.lines_through(cell)
            cells.append((cell, row, column_number, column, row_number, 0 + value(row) + value(column)))
        return cells

    def _best_of(self, cells, letter: str) -> tuple[int, float]:
        value, random = self.fast_line_value, self.rng.random
        scored = []
        for cell, row, in_row, column, in_column, before in cells:
            after = 0 + value(row[:in_row] + letter + row[in_row + 1:]) + value(
                column[:in_column] + letter + column[in_column + 1:])
            scored.append((after - before, random(), cell))
        gain, _, cell = max(scored)
        return cell, gain

    def place(self, grid: Grid, letter: str) -> int:
        return self._best_of(self._cells(grid), letter)[0]

    def call(self, grid: Grid) -> str:
        cells = self._cells(grid)
        return max(string.ascii_uppercase, key=lambda letter: self._best_of(cells, letter)[1])

