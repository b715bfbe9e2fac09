import pytest

from arena.tournament.standings import compute_standings, tally_pairs


def order(standings):
    return [(s.rank, s.name) for s in standings]


def test_points_rank_by_total_and_share_a_rank_when_equal(make_record):
    games = [
        (("a", "b"), make_record([40, 20], 0)),
        (("b", "c"), make_record([30, 30], None)),
        (("c", "a"), make_record([10, 50], 1)),
        (("b", "a"), make_record([35, 25], 0)),
    ]
    standings = compute_standings("points", ["a", "b", "c"], games)
    assert order(standings) == [(1, "a"), (2, "b"), (3, "c")]
    assert [s.tally.points for s in standings] == [115, 85, 40]
    a = standings[0].tally
    assert (a.games, a.wins, a.draws, a.losses) == (3, 2, 0, 1)
    level = [(("a", "b"), make_record([30, 30], None)), (("c", "a"), make_record([30, 30], None))]
    tied = compute_standings("points", ["a", "b", "c"], level)
    assert order(tied) == [(1, "a"), (2, "b"), (2, "c")]  # 60, 30, 30: a shared second place


def test_black_hole_ties_are_broken_by_the_games_among_the_tied(make_record):
    # a and b both total 150; a took 80 of the points in their own games, b 70
    games = [
        (("a", "b"), make_record([45, 30], 0)),
        (("b", "a"), make_record([40, 35], 0)),
        (("a", "c"), make_record([30, 60], 1)),
        (("c", "a"), make_record([70, 40], 0)),
        (("b", "c"), make_record([40, 50], 1)),
        (("c", "b"), make_record([60, 40], 0)),
    ]
    standings = compute_standings("points_subcompetition", ["a", "b", "c"], games)
    assert [s.tally.points for s in standings] == [240, 150, 150]
    assert order(standings) == [(1, "c"), (2, "a"), (3, "b")]
    assert standings[1].tiebreak == 80 and standings[2].tiebreak == 70
    # plain points would leave them tied
    assert order(compute_standings("points", ["a", "b", "c"], games))[1:] == [(2, "a"), (2, "b")]


def test_turn_right_game_points_then_points_then_fewest_irregular_losses(make_record):
    games = [
        (("a", "b"), make_record([60, 40], 0, game_points=[2, 0])),
        (("b", "a"), make_record([96, 0], 0, verdicts=["ok", "timeout"], game_points=[3, 0])),
        (("c", "d"), make_record([50, 50], None, game_points=[1, 1])),
        (("d", "c"), make_record([50, 50], None, game_points=[1, 1])),
        (("a", "c"), make_record([0, 96], 1, verdicts=["crash", "ok"], game_points=[0, 3])),
        (("d", "b"), make_record([50, 50], None, game_points=[1, 1])),
    ]
    standings = compute_standings("game_points", ["a", "b", "c", "d"], games)
    by_name = {s.name: s for s in standings}
    assert by_name["c"].tally.game_points == 5 and by_name["b"].tally.game_points == 4
    assert by_name["a"].tally.irregular_losses == 2
    assert order(standings) == [(1, "c"), (2, "b"), (3, "d"), (4, "a")]
    # equal game points and points: fewer irregular losses ranks higher
    level = [
        (("x", "y"), make_record([0, 0], None, verdicts=["timeout", "ok"], game_points=[1, 1])),
    ]
    assert order(compute_standings("game_points", ["x", "y"], level)) == [(1, "y"), (2, "x")]


def test_lucky_words_wins_then_draws_then_losses_then_word_points(make_record):
    games = [
        (("a", "b"), make_record([20, 10], 0)),
        (("b", "c"), make_record([80, 80], None)),
    ]
    standings = compute_standings("wins_then_points", ["a", "b", "c"], games)
    # a's one win beats any number of points; c and b drew once, but b also lost
    assert order(standings) == [(1, "a"), (2, "c"), (3, "b")]
    assert [s.tally.points for s in standings] == [20, 80, 90]
    even = [(("a", "b"), make_record([50, 10], 0)), (("b", "a"), make_record([30, 20], 0))]
    # both won one and lost one: word points decide (a 70, b 40)
    assert order(compute_standings("wins_then_points", ["b", "a"], even)) == [(1, "a"), (2, "b")]


def test_domineering_wins_then_margin(make_record):
    games = [
        (("a", "b"), make_record([30, 12.5], 0)),
        (("b", "a"), make_record([20, 2.5], 0)),
        (("a", "c"), make_record([10, 12.5], 1)),
        (("c", "b"), make_record([0, 40.5], 1)),
    ]
    standings = compute_standings("wins_then_margin", ["a", "b", "c"], games)
    assert [s.tally.wins for s in standings] == [2, 1, 1]
    assert [s.tally.margin for s in standings] == [40.5, -2.5, -38]
    assert order(standings) == [(1, "b"), (2, "a"), (3, "c")]


def test_irregular_losses_and_mean_move_times(make_record):
    games = [(("a", "b"), make_record([0, 60], 1, verdicts=["illegal", "ok"],
                                      move_ms=[(0, 10, 4), (1, 2, 1), (0, 20, 8)]))]
    standings = {s.name: s for s in compute_standings("points", ["a", "b"], games)}
    assert standings["a"].tally.irregular_losses == 1 and standings["b"].tally.irregular_losses == 0
    assert standings["a"].mean_wall_ms == 15 and standings["a"].mean_cpu_ms == 6
    assert standings["b"].mean_wall_ms == 2


def test_result_matrix_is_each_player_against_each_other(make_record):
    games = [(("a", "b"), make_record([40, 20], 0)), (("b", "a"), make_record([31, 29], 0))]
    matrix = tally_pairs(["a", "b"], games)
    assert (matrix["a", "b"].points, matrix["a", "b"].wins, matrix["a", "b"].losses) == (69, 1, 1)
    assert matrix["b", "a"].points == 51


def test_unknown_ranking_is_refused():
    with pytest.raises(ValueError, match="unknown ranking"):
        compute_standings("goals", ["a"], [])
