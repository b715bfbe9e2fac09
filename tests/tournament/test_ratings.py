import math

import pytest

from arena.tournament.ratings import fit_elo


def by_name(ratings):
    return {r.name: r for r in ratings}


def test_even_results_give_equal_ratings():
    ratings = by_name(fit_elo(["a", "b"], {("a", "b"): (50.0, 100)}))
    assert ratings["a"].elo == pytest.approx(0, abs=1e-6) == ratings["b"].elo
    assert ratings["a"].low < 0 < ratings["a"].high


def test_a_75_percent_score_is_about_191_elo():
    # logistic Elo: 400 * log10(0.75 / 0.25) = 190.8; the weak prior shrinks it a little
    ratings = by_name(fit_elo(["a", "b"], {("a", "b"): (750.0, 1000)}))
    gap = ratings["a"].elo - ratings["b"].elo
    assert 180 < gap < 191
    assert ratings["a"].low < ratings["a"].elo < ratings["a"].high


def test_intervals_shrink_with_more_games_and_ratings_sum_to_zero():
    few = by_name(fit_elo(["a", "b"], {("a", "b"): (6.0, 10)}))
    many = by_name(fit_elo(["a", "b"], {("a", "b"): (600.0, 1000)}))
    width = lambda r: r.high - r.low  # noqa: E731
    assert width(many["a"]) < width(few["a"]) / 5
    assert few["a"].elo + few["b"].elo == pytest.approx(0, abs=1e-9)


def test_transitive_strengths_are_ordered_and_a_perfect_score_stays_finite():
    results = {("a", "b"): (10.0, 10), ("b", "c"): (7.0, 10), ("a", "c"): (9.0, 10)}
    ratings = by_name(fit_elo(["a", "b", "c"], results))
    assert ratings["a"].elo > ratings["b"].elo > ratings["c"].elo
    assert all(math.isfinite(r.elo) and math.isfinite(r.high) for r in ratings.values())


def test_results_given_from_both_sides_count_once():
    one_side = by_name(fit_elo(["a", "b"], {("a", "b"): (7.0, 10)}))
    both = by_name(fit_elo(["a", "b"], {("a", "b"): (7.0, 10), ("b", "a"): (3.0, 10)}))
    assert both["a"].elo == pytest.approx(one_side["a"].elo)


@pytest.mark.parametrize("wins, games", [(50, 100), (75, 100), (600, 1000)])
def test_the_interval_is_the_textbook_normal_approximation(wins, games):
    # A score fraction p over n games has a standard error of sqrt(p(1-p)/n); through
    # Elo = 400 log10(p / (1-p)) that is 400 / ln 10 / sqrt(n p (1-p)) Elo on the gap between
    # the two players, and each rating sits half the gap from their mean. 50 of 100: the gap is
    # 0 ± 68 Elo, each rating 0 ± 34. (Variance in place of standard deviation would give ±3.4.)
    p = wins / games
    expected_half_width = 1.959964 * 400 / math.log(10) / math.sqrt(games * p * (1 - p)) / 2
    for rating in fit_elo(["a", "b"], {("a", "b"): (float(wins), games)}):
        assert rating.high - rating.elo == pytest.approx(expected_half_width, rel=0.03)
        assert rating.elo - rating.low == pytest.approx(expected_half_width, rel=0.03)
