"""Elo ratings with 95% intervals from a Bradley–Terry fit of who beat whom.

Bradley–Terry says player i beats j with probability 1 / (1 + exp(θj − θi));
Elo is the same model on another scale (400 / ln 10 per unit of θ). The fit is
Newton's method on the log-likelihood, and the intervals come from the inverse
of its Hessian (the usual normal approximation). A draw counts half a win.

A player who won (or lost) every game has no finite maximum-likelihood rating,
so every player also gets one virtual win and one virtual loss against a fixed
player rated 0: a weak prior that keeps the fit finite and pulls little once
there are real games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

ELO_PER_THETA = 400 / math.log(10)
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    low: float  # the 95% interval
    high: float


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan inverse with partial pivoting (the matrices here are a few players wide)."""
    n = len(matrix)
    rows = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        scale = rows[col][col]
        rows[col] = [value / scale for value in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [row[n:] for row in rows]


def fit_elo(
    names: list[str], results: dict[tuple[str, str], tuple[float, int]], iterations: int = 50
) -> list[Rating]:
    """Ratings (mean 0) from ``results[(a, b)] = (a's score against b, games)``.

    Each unordered pair may be given once or from both sides; a side given twice
    is counted once, from the first name's view.
    """
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    score = [[0.0] * n for _ in range(n)]  # score[i][j]: i's wins (draws as halves) against j
    games = [[0] * n for _ in range(n)]
    for (a, b), (a_score, count) in results.items():
        i, j = index[a], index[b]
        if games[i][j]:
            continue
        score[i][j], score[j][i] = a_score, count - a_score
        games[i][j] = games[j][i] = count

    theta = [0.0] * n
    covariance = [[0.0] * n for _ in range(n)]
    for _ in range(iterations):
        gradient = [0.0] * n
        information = [[0.0] * n for _ in range(n)]  # minus the Hessian
        for i in range(n):
            p_anchor = _sigmoid(theta[i])  # the prior: a win and a loss against a player at 0
            gradient[i] += 1 - 2 * p_anchor
            information[i][i] += 2 * p_anchor * (1 - p_anchor)
            for j in range(n):
                if i == j or not games[i][j]:
                    continue
                p = _sigmoid(theta[i] - theta[j])
                gradient[i] += score[i][j] - games[i][j] * p
                weight = games[i][j] * p * (1 - p)
                information[i][i] += weight
                information[i][j] -= weight
        covariance = _invert(information)
        step = [sum(covariance[i][k] * gradient[k] for k in range(n)) for i in range(n)]
        theta = [t + s for t, s in zip(theta, step)]
        if max(map(abs, step), default=0.0) < 1e-10:
            break

    mean = sum(theta) / n if n else 0.0
    # The ratings are shown relative to their mean, so the interval is that of θi − mean:
    # the level of all ratings together (only the weak prior fixes it) must not widen it.
    row_means = [sum(row) / n for row in covariance]
    grand_mean = sum(row_means) / n if n else 0.0
    ratings = []
    for i, name in enumerate(names):
        elo = (theta[i] - mean) * ELO_PER_THETA
        variance = covariance[i][i] - 2 * row_means[i] + grand_mean
        half_width = Z95 * math.sqrt(max(variance, 0.0)) * ELO_PER_THETA
        ratings.append(Rating(name, elo, elo - half_width, elo + half_width))
    return ratings
