"""The opponent's hidden grid as we guess it.

The opponent places the same letters we do, on a grid we never see. We guess
it by placing every letter as the built-in ``greedy`` player would (greedy.py):
a one-ply placer, the most common kind of program, and against ``greedy``
itself nearly exact (it breaks ties at random). Our own rule would not do: fed
the same letters, it would only copy our grid.
"""

from __future__ import annotations

import random

from ..greedy import Greedy, Grid


class OpponentModel:
    def __init__(self, words: frozenset[str], first_letter: str) -> None:
        self.placer = Greedy(words, random.Random(0))
        self.grid = Grid(first_letter)

    def place(self, letter: str) -> None:
        self.grid.cells[self.placer.place(self.grid, letter)] = letter

    def grid_bytes(self) -> bytearray:
        """The guessed grid as engine bytes (0 empty, 1-26 A-Z)."""
        return bytearray(0 if ch == "." else ord(ch) - 64 for ch in self.grid.cells)
