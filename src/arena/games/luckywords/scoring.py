"""Lucky Words scoring: the best non-overlapping words in each row and column.

Each of the 7 rows (left to right) and 7 columns (top to bottom) scores the
most points that non-overlapping dictionary words inside it can give; a cell
may serve one horizontal and one vertical word. A line has only 21 segments
of 2–7 letters, so a small dynamic programme over its cells finds the best
choice exactly, with one set look-up per segment.

>>> words = frozenset({"LIST", "STEP"})
>>> line_points("LISTEP.", words)   # LIST and STEP overlap: only one counts
3
"""

from __future__ import annotations

from typing import Iterable

SIZE = 7
WORD_POINTS = {2: 1, 3: 2, 4: 3, 5: 5, 6: 8, 7: 13}
EMPTY = "."  # an unfilled cell; it is in no word


def line_points(line: str, words: frozenset[str]) -> int:
    """The most points non-overlapping words of ``line`` (a string of letters) can give."""
    n = len(line)
    best = [0] * (n + 1)  # best[i]: the most points from the first i cells
    for end in range(1, n + 1):
        best[end] = best[end - 1]  # cell end-1 in no word
        for length in range(2, min(end, 7) + 1):
            if line[end - length:end] in words:
                best[end] = max(best[end], best[end - length] + WORD_POINTS[length])
    return best[n]


def grid_lines(grid: str) -> Iterable[str]:
    """The 7 rows and 7 columns of a grid given as 49 characters, row by row."""
    for row in range(SIZE):
        yield grid[row * SIZE:(row + 1) * SIZE]
    for col in range(SIZE):
        yield grid[col::SIZE]


def grid_points(grid: str, words: frozenset[str]) -> int:
    """The word points of a grid (49 characters, row by row; ``.`` for an empty cell)."""
    return sum(line_points(line, words) for line in grid_lines(grid))


def grid_words(grid: str, words: frozenset[str]) -> list[str]:
    """The words that :func:`grid_points` counts, for records and viewers (row lines first)."""
    return [word for line in grid_lines(grid) for _, word in line_words(line, words)]


def line_words(line: str, words: frozenset[str]) -> list[tuple[int, str]]:
    """The words :func:`line_points` counts in ``line``, as ``(first cell, word)`` left to right.

    >>> line_words("LISTEP.", frozenset({"LIST", "STEP", "EP"}))
    [(0, 'LIST'), (4, 'EP')]
    """
    n = len(line)
    best = [0] * (n + 1)
    choice: list[int] = [0] * (n + 1)  # the length of the word ending at i, 0 for none
    for end in range(1, n + 1):
        best[end] = best[end - 1]
        for length in range(2, min(end, 7) + 1):
            if line[end - length:end] in words and best[end - length] + WORD_POINTS[length] > best[end]:
                best[end], choice[end] = best[end - length] + WORD_POINTS[length], length
    found = []
    end = n
    while end > 0:
        if choice[end]:
            found.append((end - choice[end], line[end - choice[end]:end]))
            end -= choice[end]
        else:
            end -= 1
    return found[::-1]
