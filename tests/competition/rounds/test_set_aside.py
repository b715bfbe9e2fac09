"""Accounts an organiser sets aside: a contestant disabled, a built-in player withdrawn. They leave
the rounds made from then on (test rounds, debuts, unrated games, the final's next rounds); their
games, and the rankings those games made, stay."""

from __future__ import annotations

from dataclasses import replace

from arena.competition.conductor.conductor import Conductor
from arena.competition.rounds.ranking import ranking_rows

from ..conftest import contestant
from .test_final import play_by_strength


def _players(store, round_id) -> set[int]:
    return {s for game in store.games(round_id=round_id, played_only=False) for s in game.submissions}


def test_a_disabled_account_leaves_the_next_rounds_and_keeps_its_games(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False)
    field = [contestant(store, folder, name, command="builtin:random") for name in ("ann", "ben", "cat")]
    strength = {submission: n for n, submission in enumerate(field)}
    first = conductor.start_round()
    play_by_strength(store, conductor, strength)
    ben = store.user_named("ben")
    store.set_disabled(ben.id, True)
    assert store.user(ben.id).disabled and store.user_named("ben").disabled
    assert [s.user_name for s in store.entrants()] == ["ann", "cat"]

    second = conductor.start_round()
    assert _players(store, second) == {field[0], field[2]}  # ben is not paired
    assert len(store.games(round_id=second, played_only=False)) == 2
    # its games stay, and the first round's ranking still counts them
    assert len(store.games(round_id=first)) == 6
    assert [row["name"] for row in ranking_rows(store, round_id=first)] == ["cat", "ben", "ann"]

    play_by_strength(store, conductor, strength)
    store.set_disabled(ben.id, False)  # enabled again: back in the next round
    assert not store.user(ben.id).disabled
    assert _players(store, conductor.start_round()) == set(field)


def test_a_withdrawn_builtin_is_left_out_and_restored(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False)
    contestant(store, folder, "ann", command="builtin:random")
    contestant(store, folder, "ben", command="builtin:random")
    bot = conductor.add_builtin("random")
    builtin = store.user_named("builtin-random")
    store.set_disabled(builtin.id, True)
    assert bot not in _players(store, conductor.start_round())
    # a debut does not meet it either
    newcomer = contestant(store, folder, "cat", command="builtin:random")
    conductor.rounds.options = replace(conductor.options, debut=True)
    conductor._admitted(newcomer)
    debut = next(r for r in store.rounds() if r.kind == "debut")
    assert bot not in _players(store, debut.id) and newcomer in _players(store, debut.id)
    store.set_disabled(builtin.id, False)
    assert bot in {s.id for s in store.entrants()}


def test_the_finals_next_rounds_leave_out_an_account_disabled_during_it(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False, final_robin_max=4, final_swiss_rounds=2, final_top=4)
    field = [contestant(store, folder, f"player{n}", command="builtin:random") for n in range(6)]
    strength = {submission: n for n, submission in enumerate(field)}
    first = conductor.start_final()
    assert _players(store, first) == set(field)
    store.set_disabled(store.user_named("player5").id, True)  # the strongest
    play_by_strength(store, conductor, strength)
    second = store.rounds("running")[0]
    assert second.kind == "final-swiss-2" and field[5] not in _players(store, second.id)
    assert len(_players(store, second.id)) == 4  # five left: one has the bye
    play_by_strength(store, conductor, strength)
    robin = store.rounds("running")[0]
    assert robin.kind == "final-robin" and field[5] not in robin.details["players"]
    assert len(store.games(round_id=first)) == 6  # the first round's games stay, its games too


def test_a_final_left_with_one_player_ends(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False, final_robin_max=2, final_swiss_rounds=2, final_top=2)
    field = [contestant(store, folder, f"player{n}", command="builtin:random") for n in range(3)]
    conductor.start_final()
    for name in ("player0", "player1"):
        store.set_disabled(store.user_named(name).id, True)
    play_by_strength(store, conductor, {submission: n for n, submission in enumerate(field)})
    assert not store.rounds("running")
    assert conductor.status()["final"]["finished"]
