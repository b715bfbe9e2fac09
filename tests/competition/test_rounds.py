"""Who plays whom: round robins, debuts, Swiss pairings, unrated games and their rate limit."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from arena.competition.conductor.conductor import Conductor
from arena.competition.rounds.pairings import debut_games, robin_games
from arena.competition.store.database import CompetitionError
from arena.competition.rounds.swiss import swiss_pairs
from arena.games import get_game

from .conftest import contestant


def test_a_robin_plays_every_pair_in_both_seats_on_one_seed():
    games = robin_games([3, 5, 8, 13], seed=7, setups=None)
    assert len(games) == 12 and [g.slot for g in games] == list(range(12))
    assert sorted(g.submissions for g in games) == sorted(p for a, b in combinations([3, 5, 8, 13], 2)
                                                          for p in ((a, b), (b, a)))
    by_pair = {}
    for game in games:
        by_pair.setdefault(frozenset(game.submissions), set()).add(game.seed)
    assert all(len(seeds) == 1 for seeds in by_pair.values()) and len({min(s) for s in by_pair.values()}) == 6
    assert robin_games([3, 5, 8, 13], seed=7, setups=None) == games  # a pure function of its inputs


def test_a_game_with_fixed_setups_gives_each_pair_the_next_one():
    setups = get_game("luckywords").tournament_setups()
    games = robin_games(list(range(1, 8)), seed=1, setups=setups)
    assert len(games) == 42  # one pair of games per pair, not 26
    letters = [g.setup for g in games[::2]]
    assert letters == setups[:21] and all(g.setup == h.setup for g, h in zip(games[::2], games[1::2]))


def test_a_debut_meets_every_other_entrant_once_in_each_seat():
    games = debut_games(9, [1, 2, 9, 4], seed=3, setups=None)
    assert sorted(g.submissions for g in games) == [(1, 9), (2, 9), (4, 9), (9, 1), (9, 2), (9, 4)]


def test_swiss_rounds_never_pair_the_same_players_twice():
    rng = random.Random(5)
    for size in (2, 7, 12, 60):
        players = list(range(100, 100 + size))
        met, byes, score = set(), set(), {p: 0.0 for p in players}
        for _ in range(min(11, size - 1)):
            ranked = sorted(players, key=lambda p: (-score[p], p))
            pairs, bye = swiss_pairs(ranked, met, byes)
            seated = [p for pair in pairs for p in pair] + ([bye] if bye is not None else [])
            assert sorted(seated) == players  # everyone plays once, or sits out
            assert (bye is None) == (size % 2 == 0) and bye not in byes
            for pair in pairs:
                assert frozenset(pair) not in met
                met.add(frozenset(pair))
                score[rng.choice(pair)] += 1
            byes.add(bye) if bye is not None else None


def test_swiss_pairs_neighbours_in_the_standings():
    pairs, bye = swiss_pairs([1, 2, 3, 4, 5, 6], met={frozenset((1, 2))})
    assert bye is None and [set(p) for p in pairs] == [{1, 3}, {2, 4}, {5, 6}]
    with pytest.raises(CompetitionError, match="no Swiss pairing"):
        swiss_pairs([1, 2], met={frozenset((1, 2))})


def test_unrated_games_against_a_chosen_opponent_are_rate_limited(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False, unrated_games=4, unrated_every_s=600)
    alice, bob = contestant(store, folder, "alice"), contestant(store, folder, "bob")
    alice_user, bob_user = store.submission(alice).user_id, store.submission(bob).user_id
    round_id = conductor.request_unrated(alice_user, bob_user)
    games = store.unplayed_games(round_id)
    assert len(games) == 4 and not any(g.rated for g in games)
    assert sorted(g.submissions for g in games) == [(alice, bob), (alice, bob), (bob, alice), (bob, alice)]
    assert store.round(round_id).kind == "unrated"
    with pytest.raises(CompetitionError, match=r"again in (59\d|600) s \(at \d\d:\d\d:\d\d UTC\)"):
        conductor.request_unrated(alice_user, bob_user)
    conductor.request_unrated(bob_user, alice_user)  # the limit is each contestant's own
    with pytest.raises(CompetitionError, match="other than yourself"):
        conductor.request_unrated(bob_user, bob_user)
    carol = store.add_user("carol", None, "contestant")
    with pytest.raises(CompetitionError, match="they have no admitted submission"):
        conductor.request_unrated(alice_user, carol)


def test_built_in_players_join_as_accounts_of_their_own(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False)
    greedy = conductor.add_builtin("greedy")
    assert conductor.add_builtin("greedy") == greedy  # asked twice, added once
    submission = store.submission(greedy)
    assert (submission.user_name, submission.command, submission.status) == ("builtin-greedy", "builtin:greedy",
                                                                             "admitted")
    assert store.user(submission.user_id).role == "builtin"
    with pytest.raises(CompetitionError, match="no built-in player 'best'"):
        conductor.add_builtin("best")
