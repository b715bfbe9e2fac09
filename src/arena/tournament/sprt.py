"""The GSPRT that fishtest uses to decide "is B better than A" with as few games as it can.

Games come in colour-swapped pairs on one seed, so the unit of evidence is a
pair: B's score over the two games, 0, ¼, ½, ¾ or 1 (the pentanomial model).
H0 says B is ``elo0`` Elo stronger than A, H1 says ``elo1`` (logistic Elo).
The log-likelihood ratio uses the normal approximation with the variance
measured from the pairs themselves:

    LLR = N · (s1 − s0) · (2·mean − s0 − s1) / (2·variance)

where s0, s1 are the expected pair scores under H0 and H1. Stop at
ln(β / (1 − α)) (accept H0) or ln((1 − β) / α) (accept H1), Wald's bounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
PRIOR_PAIRS_PER_CELL = 0.5
"""Pseudo-pairs added to every pentanomial cell before the mean and variance are taken.

Fishtest only fills empty cells with 1e-3, which is harmless after thousands of
games; here a test may decide after a handful of pairs, and a sample of one pair
would have a variance near 0 and an absurd LLR. Half a pair per cell keeps the
first pairs honest and weighs nothing once there are a few dozen.
"""


def expected_score(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


def elo_from_score(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


@dataclass
class Sprt:
    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)  # pairs by B's points: 0, ½, 1, 1½, 2

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("alpha and beta must lie strictly between 0 and 1")
        if self.elo1 <= self.elo0:
            raise ValueError(f"elo1 ({self.elo1}) must be greater than elo0 ({self.elo0})")

    @property
    def lower_bound(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper_bound(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    @property
    def pairs(self) -> int:
        return sum(self.pentanomial)

    def add_pair(self, b_points: float) -> None:
        """Count a pair by B's points over its two games (win 1, draw ½, loss 0 each)."""
        self.pentanomial[round(b_points * 2)] += 1

    def _mean_and_variance(self) -> tuple[float, float]:
        counts = [count + PRIOR_PAIRS_PER_CELL for count in self.pentanomial]
        total = sum(counts)
        mean = sum(c * x for c, x in zip(counts, PAIR_SCORES)) / total
        variance = sum(c * (x - mean) ** 2 for c, x in zip(counts, PAIR_SCORES)) / total
        return mean, variance

    def llr(self) -> float:
        if self.pairs == 0:
            return 0.0
        mean, variance = self._mean_and_variance()
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return self.pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def elo_estimate(self) -> float:
        """B's Elo over A as measured so far."""
        return elo_from_score(self._mean_and_variance()[0]) if self.pairs else 0.0

    def decision(self) -> str | None:
        """``"H1"`` (B is better by elo1), ``"H0"`` (it is not better than elo0), or None yet."""
        llr = self.llr()
        if llr >= self.upper_bound:
            return "H1"
        if llr <= self.lower_bound:
            return "H0"
        return None
