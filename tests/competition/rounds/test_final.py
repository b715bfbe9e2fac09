"""The final in CodeCup's format: a robin for a small field, Swiss rounds then a robin for a large one."""

from __future__ import annotations

from dataclasses import fields

import pytest

from arena.competition.conductor.conductor import Conductor
from arena.competition.rounds.final import FinalFormat, final_standings, first_final_round, official_standings
from arena.competition.store.database import CompetitionError

from ..conftest import FAST, contestant, wait_for


def result(first_wins: bool, verdicts=("ok", "ok")) -> dict:
    scores = [3, 1] if first_wins else [1, 3]
    return {"result": {"scores": scores, "winner": 0 if first_wins else 1, "verdicts": list(verdicts),
                       "faults": [None, None], "reason": "hand-made"}, "moves": [], "stderr": ["", ""]}


def play_by_strength(store, conductor, strength) -> None:
    """Save every unplayed game: the stronger submission wins; then let the conductor react."""
    for game in store.unplayed_games():
        first, second = game.submissions
        store.save_game(game.id, result(strength[first] > strength[second]), ("", ""))
        conductor._finish_if_played(game.round_id)


def test_a_large_field_plays_swiss_rounds_then_a_robin_among_the_top(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False, final_robin_max=4, final_swiss_rounds=3, final_top=4)
    field = [contestant(store, folder, f"player{n}", command="builtin:random") for n in range(9)]
    strength = {submission: n for n, submission in enumerate(field)}
    first = conductor.start_final()
    assert store.competition().frozen and store.round(first).kind == "final-swiss-1"
    with pytest.raises(CompetitionError, match="begun already"):
        conductor.start_final()
    with pytest.raises(CompetitionError, match="final has begun"):
        conductor.start_round()
    kinds = []
    while store.rounds("running"):
        kinds.append(store.rounds("running")[0].kind)
        play_by_strength(store, conductor, strength)
    assert kinds == ["final-swiss-1", "final-swiss-2", "final-swiss-3", "final-robin"]
    rounds = {r.kind: r for r in store.rounds()}
    met = [frozenset(pair) for k in kinds[:3] for pair in rounds[k].details["pairs"]]
    assert len(met) == len(set(met)) == 12  # 4 pairs a round, never one twice
    byes = [rounds[k].details["bye"] for k in kinds[:3]]
    assert len(set(byes)) == 3 and None not in byes
    robin = rounds["final-robin"]
    assert len(robin.details["players"]) == 4 and field[8] in robin.details["players"]  # it won every game
    assert len(store.games(round_id=robin.id)) == 12
    ranking = final_standings(store, "wins_then_margin")
    names = [s.name for s in ranking]
    robin_names = sorted((store.submission(s).user_name for s in robin.details["players"]),
                         key=lambda name: -int(name[6:]))
    assert names[:4] == robin_names and sorted(names) == sorted(f"player{n}" for n in range(9))
    assert [s.rank for s in ranking] == list(range(1, 10))
    assert conductor.status()["final"]["finished"]


def test_the_plan_a_final_stores_carries_every_field_of_its_format_in_order():
    """The plan is written out key by key (typed): a field added to FinalFormat must be added to it."""
    form = FinalFormat(robin_max=2, swiss_rounds=3, swiss_asked=True, builtins=True, robin_seeds_per_pair=5)
    _, _, details = first_final_round([1, 2, 3, 4], form, 7, None)
    plan = details["plan"]
    assert list(plan)[:len(fields(form))] == [f.name for f in fields(form)]
    assert {name: plan[name] for name in (f.name for f in fields(form)) if name != "swiss_rounds"} == \
        {f.name: getattr(form, f.name) for f in fields(form) if f.name != "swiss_rounds"}
    assert plan["swiss_rounds"] == form.swiss_rounds_for(4)
    assert list(plan)[len(fields(form)):] == ["field", "seed", "games_per_pair"]


def test_irregular_losses_break_the_official_ranking_ties():
    games = [(("a", "b"), result(True)), (("b", "a"), result(True)),
             (("c", "d"), result(True, ("ok", "crash"))), (("d", "c"), result(True))]
    # each has one win and a margin of 0 (wins_then_margin ties them all); d crashed once
    ranked = official_standings("wins_then_margin", "abcd", games)
    assert [(s.name, s.rank) for s in ranked] == [("a", 1), ("b", 1), ("c", 1), ("d", 4)]
    assert ranked[-1].tally.irregular_losses == 1


def test_a_small_field_plays_one_robin_with_real_games(competition, conductors):
    folder, store = competition
    conductor = conductors(Conductor(folder, store, jobs=2, debut=False, **FAST))
    for bot in ("random", "greedy"):
        conductor.add_builtin(bot)
    contestant(store, folder, "alice")
    conductor.start()
    round_id = conductor.start_final(builtins=True)
    assert store.round(round_id).kind == "final-robin"
    wait_for(lambda: store.round(round_id).status == "finished", what="the final")
    assert len(store.games(round_id=round_id)) == 6
    assert [r.kind for r in store.rounds()] == ["final-robin"]  # and nothing follows it
    assert conductor.status()["final"]["finished"]
    assert len(final_standings(store, "wins_then_margin")) == 3


def test_a_restart_goes_on_with_the_final_where_it_was(competition):
    folder, store = competition
    options = dict(debut=False, final_robin_max=2, final_swiss_rounds=2, final_top=2, tick_s=0.2)
    conductor = Conductor(folder, store, **options)
    field = [contestant(store, folder, f"player{n}", command="builtin:random") for n in range(4)]
    first = conductor.start_final()
    for game in store.unplayed_games(first):  # every game saved; killed before the round was finished
        store.save_game(game.id, result(game.submissions[0] > game.submissions[1]), ("", ""))
    for _ in range(2):  # two restarts: the second finds the second round made and makes no other
        restarted = Conductor(folder, store, **options)
        restarted.start()
        restarted.stop()
    kinds = [(r.kind, r.status) for r in sorted(store.rounds(), key=lambda r: r.id)]
    assert kinds == [("final-swiss-1", "finished"), ("final-swiss-2", "running")]
    second = store.rounds("running")[0]
    assert not {frozenset(p) for p in second.details["pairs"]} & {frozenset(p) for p in
                                                                  store.round(first).details["pairs"]}
    assert second.details["plan"]["field"] == field


def play_at_random(store, conductor, rng) -> None:
    for game in store.unplayed_games():
        store.save_game(game.id, result(rng.random() < 0.5), ("", ""))
        conductor._finish_if_played(game.round_id)


@pytest.mark.parametrize("outcomes", ["first-seat", "random"])
def test_the_finals_swiss_rounds_never_pair_players_who_met(competition, outcomes, monkeypatch):
    # the first seat always winning leaves every player level each round: standings by name alone,
    # which would pair the same players again if the pairs met were not kept from round to round
    import random

    from arena.competition.rounds import final

    looked_ahead = []

    def swiss_pairs(*args, rounds_after=0, **kwargs):
        looked_ahead.append(rounds_after)
        return final_swiss_pairs(*args, rounds_after=rounds_after, **kwargs)

    final_swiss_pairs = final.swiss_pairs
    monkeypatch.setattr(final, "swiss_pairs", swiss_pairs)
    folder, store = competition
    conductor = Conductor(folder, store, debut=False, final_robin_max=4, final_swiss_rounds=5, final_top=4)
    for n in range(6):
        contestant(store, folder, f"player{n}", command="builtin:random")
    rng = random.Random(4)
    conductor.start_final()
    while any(r.kind.startswith("final-swiss-") for r in store.rounds("running")):
        if outcomes == "first-seat":
            play_by_strength(store, conductor, {s: 0 for g in store.unplayed_games() for s in g.submissions})
        else:
            play_at_random(store, conductor, rng)
    swiss = [r for r in store.rounds() if r.kind.startswith("final-swiss-")]
    assert len(swiss) == 5
    met = [frozenset(pair) for r in swiss for pair in r.details["pairs"]]
    assert len(met) == len(set(met)) == 15  # all 15 pairs of six players, each once
    assert looked_ahead == [4, 3, 2, 1, 0]  # each round paired so that the rounds after it can be


def test_the_finals_bye_goes_to_the_last_in_the_standings(competition):
    from arena.competition.rounds.final import swiss_order

    folder, store = competition
    conductor = Conductor(folder, store, debut=False, final_robin_max=2, final_swiss_rounds=2, final_top=2)
    field = [contestant(store, folder, f"player{n}", command="builtin:random") for n in range(5)]
    strength = {submission: n for n, submission in enumerate(field)}
    first = store.round(conductor.start_final())
    assert first.details["bye"] in field  # the first round pairs by lot
    play_by_strength(store, conductor, strength)
    second = store.rounds("running")[0]
    standing = swiss_order(store, second.details["plan"], "wins_then_margin")
    expected = next(s for s in reversed(standing) if s != first.details["bye"])
    assert second.kind == "final-swiss-2" and second.details["bye"] == expected


def test_the_final_leaves_built_in_players_out_unless_asked_and_plays_the_games_asked(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False)
    conductor.add_builtin("greedy")
    field = [contestant(store, folder, f"player{n}", command="builtin:random") for n in range(3)]
    for wrong in (3, 0):
        with pytest.raises(ValueError, match="even number"):
            conductor.start_final(games_per_pair=wrong)
    round_id = conductor.start_final(games_per_pair=6)
    robin = store.round(round_id)
    assert robin.kind == "final-robin" and sorted(robin.details["players"]) == sorted(field)
    assert robin.details["plan"]["games_per_pair"] == 6 and not robin.details["plan"]["builtins"]
    games = store.games(round_id=round_id, played_only=False)
    assert len(games) == 3 * 6
    for pair in ({field[0], field[1]}, {field[0], field[2]}, {field[1], field[2]}):
        of_pair = [g for g in games if set(g.submissions) == pair]
        seeds = {g.seed for g in of_pair}
        assert len(seeds) == 3 and all(sorted(g.submissions[0] for g in of_pair if g.seed == seed)
                                       == sorted(pair) for seed in seeds)  # each seed in both seats
    play_by_strength(store, conductor, {s: n for n, s in enumerate(field)})
    ranking = final_standings(store, "wins_then_margin")
    assert [s.name for s in ranking] == ["player2", "player1", "player0"]
    assert [s.tally.games for s in ranking] == [12, 12, 12] and [s.tally.wins for s in ranking] == [12, 6, 0]


def test_swiss_rounds_asked_are_played_by_a_small_field_and_a_final_needs_two_contestants(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False)
    conductor.add_builtin("greedy")
    field = [contestant(store, folder, "alone", command="builtin:random")]
    with pytest.raises(CompetitionError, match="built-in players are left out"):
        conductor.start_final()
    field += [contestant(store, folder, f"player{n}", command="builtin:random") for n in range(3)]
    first = conductor.start_final(swiss_rounds=2, games_per_pair=4)
    kinds = []
    while store.rounds("running"):
        running = store.rounds("running")[0]
        kinds.append((running.kind, len(store.games(round_id=running.id, played_only=False))))
        play_by_strength(store, conductor, {s: n for n, s in enumerate(field)})
    # four players: two pairs a Swiss round, four games a pair; then all four in the robin
    assert kinds == [("final-swiss-1", 8), ("final-swiss-2", 8), ("final-robin", 24)]
    assert store.round(first).details["plan"]["swiss_rounds"] == 2
