"""How many dictionary words still fit a partly filled stretch of a line.

The greedy player asks this thousands of times per move, so the words of each
length are numbered and, for every (position, letter), the words having that
letter there form a bit set (a Python int). The words fitting a pattern such
as ``.A.E`` are the AND of the sets of its fixed letters: one AND per letter.

>>> index = PatternIndex(frozenset({"CAKE", "LANE", "CAT"}))
>>> index.count(".A.E"), index.count("CA."), index.count("X.")
(2, 1, 0)
"""

from __future__ import annotations

from .scoring import EMPTY


class PatternIndex:
    def __init__(self, words: frozenset[str]) -> None:
        self.all: dict[int, int] = {}
        self.sets: dict[tuple[int, int, str], int] = {}
        self.words: dict[int, list[str]] = {}  # by length; word n of a length is bit n of its sets
        for word in sorted(words):
            self.words.setdefault(len(word), []).append(word)
        for length, group in self.words.items():
            self.all[length] = (1 << len(group)) - 1
            members: dict[tuple[int, str], bytearray] = {}
            for number, word in enumerate(group):
                for position, letter in enumerate(word):
                    bits = members.setdefault((position, letter), bytearray((len(group) + 7) // 8))
                    bits[number >> 3] |= 1 << (number & 7)
            for (position, letter), bits in members.items():
                self.sets[length, position, letter] = int.from_bytes(bits, "little")

    def count(self, pattern: str) -> int:
        """How many words fit ``pattern`` (``.`` is any letter)."""
        return self.fitting(pattern).bit_count()

    def fitting(self, pattern: str) -> int:
        """The words that fit ``pattern``, as a bit set of their numbers in ``words``."""
        fits = self.all.get(len(pattern), 0)
        for position, letter in enumerate(pattern):
            if letter != EMPTY and fits:
                fits &= self.sets.get((len(pattern), position, letter), 0)
        return fits
