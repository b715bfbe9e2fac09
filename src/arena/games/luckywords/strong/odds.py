"""How likely each letter is to end up in an empty cell, for the engine's line values.

The letters still to come are half the opponent's calls and half our own. The
opponent's are guessed from the letters of the dictionary, shifted towards the
letters it has called so far; ours go where we need them, which the ``reach``
factor stands for: a cell that wants a letter has about ``reach`` times that
letter's share of the calls to get it, since we choose both the calls and the cells.
"""

from __future__ import annotations

from collections import Counter

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
REACH = 4.0
"""Odds of a cell getting a letter, over that letter's share of the calls (tuned on games)."""
SHARE = 0.7
"""The most of its word's points an unfinished stretch is worth, so finishing pays."""
LATE_FROM = 0
"""With fewer letters than this still to come, the odds shrink in proportion (0: never)."""
PRIOR_CALLS = 12
"""How many calls the dictionary's letter shares weigh against the opponent's calls seen."""
MOST = 0.9
"""No letter is ever certain to come."""


def dictionary_shares(words) -> list[float]:
    """Each letter's share of all the letters of the dictionary's words."""
    counts = Counter()
    for word in words:
        counts.update(word)
    total = sum(counts.values()) or 1
    return [counts[letter] / total for letter in LETTERS]


class LetterOdds:
    def __init__(self, words, reach: float = REACH) -> None:
        self.prior = dictionary_shares(words)
        self.reach = reach
        self.share = SHARE
        self.late_from = LATE_FROM
        self.heard = [0] * 26  # the opponent's calls so far, per letter

    def hear(self, letter: str) -> None:
        self.heard[ord(letter) - 65] += 1

    def next_shares(self) -> list[float]:
        """Each letter's chance of being the opponent's next call."""
        heard = sum(self.heard)
        return [(PRIOR_CALLS * p + h) / (PRIOR_CALLS + heard) for p, h in zip(self.prior, self.heard)]

    def odds(self, letters_left: int = 48) -> list[float]:
        """With ``letters_left`` letters still to come (our empty cells)."""
        shares = self.next_shares()
        late = min(1.0, letters_left / self.late_from) if self.late_from else 1.0
        return [min(MOST, self.reach * late * share) for share in shares]
