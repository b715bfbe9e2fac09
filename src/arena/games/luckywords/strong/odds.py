"""How likely each letter is to end up in an empty cell, for the engine's line values.

The letters still to come are half the opponent's calls and half our own. Each
letter's share of the calls starts even and moves towards the letters the
opponent has called so far (a player calls what its grid wants, and its grid
wants what it wanted before). A cell that wants a letter has about ``reach``
times that letter's share to get it, since we choose half the calls and every
cell of ours; the fewer letters still to come, the smaller those odds.
The figures were tuned on games against ``greedy``.
"""

from __future__ import annotations

REACH = 12.0
"""Odds of a cell getting a letter, over that letter's share of the calls."""
SHARE = 0.7
"""The most of its word's points an unfinished stretch is worth, so finishing pays."""
LATE_FROM = 12
"""With fewer letters than this still to come, the odds shrink in proportion (0: never)."""
PRIOR_CALLS = 12
"""How many calls the even prior weighs against the opponent's calls heard."""
MOST = 0.9
"""No letter is ever certain to come."""


class LetterOdds:
    def __init__(self, reach: float = REACH) -> None:
        self.prior = [1 / 26] * 26
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
        """Each letter's odds of ending in a given empty cell, with ``letters_left`` letters to come."""
        late = min(1.0, letters_left / self.late_from) if self.late_from else 1.0
        return [min(MOST, self.reach * late * share) for share in self.next_shares()]
