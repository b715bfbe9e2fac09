"""ranking_rows: the game's own scoring, irregular losses breaking its ties, every entrant listed."""

from __future__ import annotations

from arena.competition.rounds.ranking import competition_ranking, ranking_rows
from arena.competition.store.database import CompetitionStore, PlannedGame


def record(scores, winner, verdicts=("ok", "ok")):
    return {"result": {"scores": list(scores), "winner": winner, "verdicts": list(verdicts), "reason": "test"},
            "moves": [{"seat": 0, "text": "MOVE 1 1", "wall_ms": 4.0, "cpu_ms": 2.0}]}


def make_store(tmp_path, game="domineering") -> tuple[CompetitionStore, dict[str, int]]:
    store = CompetitionStore(tmp_path / "c.db", must_exist=False)
    store.create(game, "t")
    submissions = {}
    for name in ("ann", "ben", "cat", "dan"):
        user_id = store.add_user(name, None, "contestant")
        submissions[name] = store.add_submission(user_id, "python", "bot.py", status="admitted", command="x")
    return store, submissions


def play(store, submissions, games, rated=True):
    planned = [PlannedGame(slot, (submissions[a], submissions[b]), seed=slot, rated=rated)
               for slot, (a, b, _) in enumerate(games)]
    round_id = store.add_round("test" if rated else "unrated", planned, exclusive=False)
    for stored, (_, _, result) in zip(store.unplayed_games(round_id), games):
        store.save_game(stored.id, result, ("", ""))
    return round_id


def test_wins_then_margin_with_irregular_losses_breaking_ties(tmp_path):
    store, subs = make_store(tmp_path)  # Domineering: wins, then the summed margin
    play(store, subs, [
        ("ann", "ben", record((10, 5.5), 0)),                    # ann +4.5
        ("cat", "dan", record((10, 5.5), 0, ("ok", "crash"))),   # cat +4.5; dan faulted
        ("ben", "dan", record((3, 2.5), 0)),                     # ben wins by 0.5
        ("dan", "ben", record((3, 2.5), 0)),                     # dan wins by 0.5: ben and dan level
    ])
    play(store, subs, [("dan", "ann", record((40, 2.5), 0))], rated=False)  # unrated: not counted
    rows = ranking_rows(store)
    assert [(r["rank"], r["name"]) for r in rows] == [(1, "ann"), (1, "cat"), (3, "ben"), (4, "dan")]
    ann = rows[0]
    assert ann["games"] == 1 and ann["wins"] == 1 and ann["margin"] == 4.5 and ann["points"] == 10
    assert rows[2]["irregular_losses"] == 0 and rows[3]["irregular_losses"] == 1  # dan's crash ranks it below
    assert (rows[2]["wins"], rows[2]["margin"]) == (rows[3]["wins"], rows[3]["margin"]) == (1, -4.5)


def test_every_entrant_is_listed_before_its_first_game(tmp_path):
    store, _ = make_store(tmp_path, game="flippo")
    rows = ranking_rows(store)
    assert [(r["name"], r["games"], r["rank"]) for r in rows] == [("ann", 0, 1), ("ben", 0, 1), ("cat", 0, 1),
                                                                  ("dan", 0, 1)]


def test_a_benched_program_keeps_its_games(tmp_path):
    store, subs = make_store(tmp_path, game="flippo")
    play(store, subs, [("ann", "ben", record((30, 20), 0))])
    store.update_submission(subs["ann"], benched=True)
    assert {r["name"]: r["games"] for r in ranking_rows(store)}["ann"] == 1


def test_the_finals_own_ranking_leaves_the_test_rounds_out(tmp_path):
    from arena.competition.rounds.final import FinalFormat, first_final_round

    store, subs = make_store(tmp_path)
    play(store, subs, [("dan", "ann", record((40, 2.5), 0))] * 3)  # test rounds: dan far ahead
    kind, games, details = first_final_round([subs[n] for n in ("ann", "ben", "cat", "dan")], FinalFormat(),
                                             seed=5, setups=None)
    round_id = store.add_round(kind, games, details)
    for stored in store.unplayed_games(round_id):  # in the final, the first seat always wins by 1
        store.save_game(stored.id, record((10, 9), 0), ("", ""))
    final = ranking_rows(store, kind="final")
    assert sorted(r["name"] for r in final) == ["ann", "ben", "cat", "dan"]
    assert all(r["games"] == 6 and r["wins"] == 3 for r in final) and {r["rank"] for r in final} == {1}
    overall = ranking_rows(store)
    assert overall[0]["name"] == "dan" and overall[0]["games"] == 9


def test_a_rounds_own_ranking_breaks_ties_by_irregular_losses(tmp_path):
    # the path every round's page and GET /api/ranking?round=ID take (round_ranking), not the
    # all-games one above; the faulted program comes first by name, so a ranking that skips the
    # tie-break and orders by name (or shares the rank) puts it wrongly
    store, subs = make_store(tmp_path)
    play(store, subs, [("ann", "cat", record((12, 2.5), 0))])  # an earlier round: not this one's
    round_id = play(store, subs, [
        ("ann", "cat", record((10, 5.5), 0)),                    # ann +4.5
        ("dan", "ben", record((10, 5.5), 0, ("ok", "crash"))),   # dan +4.5; ben faulted
        ("cat", "ben", record((3, 2.5), 0)),                     # cat wins by 0.5
        ("ben", "cat", record((3, 2.5), 0)),                     # ben wins by 0.5: ben and cat level
    ])
    expected = [(1, "ann", 0), (1, "dan", 0), (3, "cat", 0), (4, "ben", 1)]
    rows = ranking_rows(store, round_id=round_id)
    assert [(r["rank"], r["name"], r["irregular_losses"]) for r in rows] == expected
    assert (rows[2]["wins"], rows[2]["margin"]) == (rows[3]["wins"], rows[3]["margin"]) == (1, -4.5)
    assert rows[0]["games"] == 1  # this round's games alone
    published = competition_ranking(store, store.round(round_id))
    assert [(r["rank"], r["name"], r["irregular_losses"]) for r in published["rows"]] == expected


def test_flippo_and_black_hole_rows_carry_the_margin_last(tmp_path):
    """Ranked by points, each row still says its margin (points scored minus conceded, summed), after the
    rule's own columns: a CSV made of these rows keeps its columns' places."""
    for game, rule_columns in (("flippo", []), ("blackhole", ["tiebreak"])):
        (tmp_path / game).mkdir()
        store, subs = make_store(tmp_path / game, game=game)
        play(store, subs, [("ann", "ben", record((40, 20), 0)), ("ben", "ann", record((35, 25), 0))])
        rows = {r["name"]: r for r in ranking_rows(store)}
        assert list(rows["ann"]) == ["rank", "name", "games", "wins", "draws", "losses", "points",
                                     "irregular_losses", *rule_columns, "margin"]
        assert (rows["ann"]["margin"], rows["ben"]["margin"], rows["cat"]["margin"]) == (10, -10, 0)
        assert [r["name"] for r in ranking_rows(store)][:2] == ["ann", "ben"]  # by points: 65 against 55
