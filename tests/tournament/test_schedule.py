from collections import Counter
from itertools import combinations

import pytest

from arena.tournament.schedule import derive_seed, double_round_robin


def test_every_pair_plays_a_colour_swapped_pair_each_round():
    names = ["a", "b", "c", "d"]
    games = double_round_robin(names, rounds=3, seed=7)
    assert len(games) == 3 * len(names) * (len(names) - 1)
    assert [g.slot for g in games] == list(range(len(games)))
    seatings = Counter((g.round, g.players) for g in games)
    assert set(seatings.values()) == {1}  # each ordered seating once per round
    for round_number in (1, 2, 3):
        for a, b in combinations(names, 2):
            forward = [g for g in games if g.round == round_number and g.players == (a, b)]
            backward = [g for g in games if g.round == round_number and g.players == (b, a)]
            assert len(forward) == len(backward) == 1
            assert forward[0].seed == backward[0].seed  # the same brown stones, letter...


def test_seeds_differ_between_pairs_and_rounds_and_repeat_for_the_same_tournament():
    games = double_round_robin(["a", "b", "c"], rounds=2, seed=1)
    assert len({g.seed for g in games}) == len(games) // 2
    assert games == double_round_robin(["a", "b", "c"], rounds=2, seed=1)
    assert {g.seed for g in games}.isdisjoint(g.seed for g in double_round_robin(["a", "b", "c"], 2, seed=2))
    assert derive_seed(1, 2, "a") == derive_seed(1, 2, "a") < 2**31


def test_fixed_setups_are_each_played_with_both_colours():
    letters = [{"letter": chr(ord("A") + i)} for i in range(26)]
    games = double_round_robin(["x", "y"], rounds=1, seed=3, setups=letters)
    assert len(games) == 52
    for setup in letters:
        with_setup = [g for g in games if g.setup == setup]
        assert sorted(g.players for g in with_setup) == [("x", "y"), ("y", "x")]


@pytest.mark.parametrize("names, rounds", [(["a", "a"], 1), (["a"], 1), (["a", "b"], 0)])
def test_bad_tournaments_are_refused(names, rounds):
    with pytest.raises(ValueError):
        double_round_robin(names, rounds, seed=0)


def test_a_lucky_words_tournament_cycles_the_26_starting_letters():
    from arena.tournament.session import schedule_for
    from arena.tournament.store import TournamentIdentity

    identity = TournamentIdentity("luckywords", (("a", "builtin:random"), ("b", "builtin:greedy")), 1, 5, 1.0)
    games = schedule_for(identity)
    assert len(games) == 52
    letters = Counter(g.setup["letter"] for g in games)
    assert sorted(letters) == [chr(ord("A") + i) for i in range(26)] and set(letters.values()) == {2}
