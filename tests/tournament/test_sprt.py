"""The GSPRT's error rates, checked by simulating games of known strength."""

import random

import pytest

from arena.tournament.sprt import Sprt, elo_from_score, expected_score

DRAW_RATE = 0.3


def play_until_decided(true_elo: float, rng: random.Random, elo0=0.0, elo1=40.0) -> str | None:
    """Colour-swapped pairs of simulated games where B's true strength is ``true_elo``."""
    test = Sprt(elo0=elo0, elo1=elo1, alpha=0.05, beta=0.05)
    score = expected_score(true_elo)
    win, draw = score - DRAW_RATE / 2, DRAW_RATE
    for _ in range(20_000):
        pair = 0.0
        for _game in range(2):
            x = rng.random()
            pair += 1.0 if x < win else 0.5 if x < win + draw else 0.0
        test.add_pair(pair)
        decision = test.decision()
        if decision:
            return decision
    return None


RUNS = 400


def test_false_positive_rate_is_at_most_alpha():
    rng = random.Random(20240501)
    accepted = sum(play_until_decided(0.0, rng) == "H1" for _ in range(RUNS))
    # alpha = 0.05; three standard errors of slack over 400 runs
    assert accepted / RUNS <= 0.05 + 3 * (0.05 * 0.95 / RUNS) ** 0.5


def test_a_real_improvement_is_found():
    rng = random.Random(7)
    accepted = sum(play_until_decided(40.0, rng) == "H1" for _ in range(RUNS))
    assert accepted / RUNS >= 0.95 - 3 * (0.05 * 0.95 / RUNS) ** 0.5


def test_bounds_and_elo_conversions():
    test = Sprt(alpha=0.05, beta=0.05)
    assert test.upper_bound == pytest.approx(2.944, abs=1e-3) == -test.lower_bound
    assert elo_from_score(expected_score(123.0)) == pytest.approx(123.0)
    assert test.llr() == 0 and test.decision() is None


def test_one_lopsided_pair_does_not_decide():
    test = Sprt(elo0=0, elo1=10)
    test.add_pair(0.0)
    assert test.decision() is None


@pytest.mark.parametrize("elo0, elo1, alpha", [(10, 0, 0.05), (0, 10, 0), (0, 10, 1.5)])
def test_nonsense_parameters_are_refused(elo0, elo1, alpha):
    with pytest.raises(ValueError):
        Sprt(elo0=elo0, elo1=elo1, alpha=alpha)
