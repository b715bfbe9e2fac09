"""Who plays whom: round robins, debuts, Swiss pairings, unrated games and their rate limit."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from arena.competition.conductor.conductor import Conductor
from arena.competition.rounds.pairings import debut_games, robin_games
from arena.competition.play.benching import keeps_faulting
from arena.competition.store.database import CompetitionError, PlannedGame
from arena.competition.rounds.swiss import swiss_pairs
from arena.games import get_game

from ..conftest import contestant


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


def test_a_bye_goes_to_the_lowest_ranked_player_without_one():
    _, bye = swiss_pairs([1, 2, 3, 4, 5], met=set())
    assert bye == 5  # the last, never the top
    _, bye = swiss_pairs([1, 2, 3, 4, 5], met=set(), had_bye={5})
    assert bye == 4
    _, bye = swiss_pairs([5, 4, 3, 2, 1], met=set(), had_bye={1, 2})
    assert bye == 3


def simulated_swiss(size: int, rounds: int, seed: int) -> list[list[frozenset]]:
    """A Swiss final's rounds paired by swiss_pairs as final.py calls it, results drawn at random."""
    rng = random.Random(seed)
    players = list(range(1, size + 1))
    met, byes, score, paired = set(), set(), {p: 0.0 for p in players}, []
    for number in range(1, rounds + 1):
        ranked = sorted(players, key=lambda p: (-score[p], rng.random()))  # ties in a random order
        pairs, bye = swiss_pairs(ranked, met, byes, rounds_after=rounds - number)
        assert sorted([p for pair in pairs for p in pair] + ([bye] if bye is not None else [])) == players
        paired.append([frozenset(pair) for pair in pairs])
        for pair in pairs:
            assert frozenset(pair) not in met
            met.add(frozenset(pair))
            winner = rng.choice(pair)
            score[winner] += 1
        if bye is not None:
            byes.add(bye)
    return paired


@pytest.mark.parametrize("size", [4, 5, 6, 7, 8, 9, 10])
def test_swiss_finals_over_as_many_rounds_as_can_be_always_find_a_pairing(size):
    # without looking ahead, 6 players over 5 rounds failed in 7 of 20 such finals: after three rounds
    # the pairs not yet met can be two triangles, and no fourth round pairs them
    for seed in range(40 if size <= 8 else 10):
        simulated_swiss(size, size - 1, seed)


def test_saving_a_game_twice_keeps_the_first_record_and_stderr(competition):
    folder, store = competition
    first, second = contestant(store, folder, "ann"), contestant(store, folder, "ben")
    round_id = store.add_round("test", [PlannedGame(0, (first, second), seed=1)])
    game = store.unplayed_games(round_id)[0]
    record = {"result": {"scores": [3, 1], "winner": 0, "verdicts": ["ok", "ok"]}, "moves": [], "stderr": ["a", "b"]}
    assert store.save_game(game.id, record, ("first stderr", "second"))
    again = {**record, "result": {**record["result"], "winner": 1}}
    assert not store.save_game(game.id, again, ("overwritten", "overwritten"))
    saved = store.game(game.id)
    assert saved.record["result"]["winner"] == 0 and "stderr" not in saved.record
    assert (store.stderr(game.id, 0), store.stderr(game.id, 1)) == ("first stderr", "second")


def faults(store, submission, opponent, verdicts) -> None:
    """Games of ``submission`` (first seat), oldest first: each of its verdicts as given."""
    round_id = store.add_round("test", [PlannedGame(slot, (submission, opponent), seed=slot)
                                        for slot in range(len(verdicts))], exclusive=False)
    for game, verdict in zip(store.unplayed_games(round_id), verdicts):
        store.save_game(game.id, {"result": {"scores": [0, 1], "winner": 1, "verdicts": [verdict, "ok"]},
                                  "moves": []}, ("", ""))


def test_benching_needs_that_many_faults_in_a_row(competition):
    folder, store = competition
    flaky, steady = contestant(store, folder, "flaky"), contestant(store, folder, "steady")
    faults(store, flaky, steady, ["crash", "ok"] * 5)  # five faults, never two in a row
    assert not keeps_faulting(store, flaky, 5)
    faults(store, flaky, steady, ["crash"] * 4)
    assert not keeps_faulting(store, flaky, 5)  # four in a row, an ok game before them
    faults(store, flaky, steady, ["time-out"])
    assert keeps_faulting(store, flaky, 5)
    assert not keeps_faulting(store, steady, 1)


def test_the_next_scheduled_round_is_a_period_after_the_last_and_none_after_the_final_began(competition):
    import time as clock

    folder, store = competition
    assert Conductor(folder, store, debut=False).next_scheduled_round() is None  # no --round-every
    conductor = Conductor(folder, store, debut=False, round_every_s=600)
    before = clock.time()
    assert before - 1 <= conductor.next_scheduled_round()["at"] <= clock.time()  # no round yet: now
    for name in ("ann", "ben"):
        contestant(store, folder, name, command="builtin:random")
    last = store.round(conductor.start_round())
    assert conductor.next_scheduled_round() == {"at": last.created + 600, "every_s": 600}
    conductor.start_final()
    assert conductor.next_scheduled_round() is None
