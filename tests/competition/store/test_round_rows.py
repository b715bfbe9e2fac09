"""Rounds and games: a round made with its games at once, one running round of a kind, a game's
record saved once and never with its stderr, what rankings read, analyses."""

from __future__ import annotations

import pytest

from arena.competition.store.database import CompetitionError, CompetitionStore, PlannedGame


@pytest.fixture
def seated(tmp_path):
    with CompetitionStore(tmp_path / "c.db", must_exist=False) as store:
        store.create("flippo", "Club")
        subs = [store.add_submission(store.add_user(n, None, "contestant"), "python", "b.py", status="admitted")
                for n in ("alice", "bob")]
        yield store, subs


def test_a_round_is_made_with_its_games_and_one_of_a_kind_runs_at_a_time(seated):
    store, (a, b) = seated
    first = store.add_round("test", [PlannedGame(0, (a, b), 7), PlannedGame(1, (b, a), 7, rated=False)], {"by": 1})
    with pytest.raises(CompetitionError, match="a test round is running already"):
        store.add_round("test", [PlannedGame(0, (a, b), 8)])
    store.add_round("debut", [PlannedGame(0, (a, b), 9)])
    assert store.round(first).details == {"by": 1} and store.round(first).status == "running"
    assert [g.slot for g in store.unplayed_games(first)] == [0, 1] and store.unplayed_counts()[first] == 2
    assert store.round_players(first) == {a: "alice", b: "bob"}
    assert [r.kind for r in store.rounds()] == ["debut", "test"] and store.round(99) is None


def test_the_rounds_are_read_once_per_version_of_the_database(seated, tmp_path):
    """Kept while nothing is written; read again after a write of this store's and after another
    connection's commit (an ``arena competition`` command beside the server)."""
    import sqlite3

    store, (a, b) = seated
    first = store.add_round("test", [PlannedGame(0, (a, b), 7)])
    read = store.rounds()
    assert store.rounds()[0] is read[0] and store.rounds("running")[0].id == first
    store.add_round("debut", [PlannedGame(0, (a, b), 9)])  # this store's own write
    assert [r.kind for r in store.rounds()] == ["debut", "test"]
    assert [r.kind for r in store.rounds("running")] == ["debut", "test"], "kept apart by the status asked"
    with sqlite3.connect(tmp_path / "c.db") as other:
        other.execute("UPDATE rounds SET status = 'finished' WHERE id = ?", (first,))
    assert [r.status for r in store.rounds()] == ["running", "finished"]
    assert [r.kind for r in store.rounds("running")] == ["debut"]
    kept = store.rounds()
    kept.clear()  # a caller's list is its own
    assert len(store.rounds()) == 2


def test_a_game_is_saved_once_without_its_stderr_and_ranked_from_its_result(seated):
    store, (a, b) = seated
    round_id = store.add_round("test", [PlannedGame(0, (a, b), 7), PlannedGame(1, (b, a), 7, rated=False)])
    game, unrated = store.unplayed_games(round_id)
    record = {"result": {"scores": [2, 0]}, "moves": [{"move": "a1"}], "stderr": ["secret", ""]}
    assert store.save_game(game.id, record, ("alice's stderr", "bob's"))
    assert not store.save_game(game.id, {"result": {"scores": [0, 2]}, "moves": []}, ("x", "y"))
    saved = store.game(game.id)
    assert saved.record["result"] == {"scores": [2, 0]} and "secret" not in repr(saved.record)
    assert store.stderr(game.id, 0) == "alice's stderr" and store.stderr(game.id, 1) == "bob's"
    with pytest.raises(ValueError, match="a seat is 0 or 1"):
        store.stderr(game.id, 2)
    assert list(store.results()) == [(("alice", "bob"), {"id": game.id, "result": {"scores": [2, 0]},
                                                         "moves": [{"move": "a1"}]})]
    store.save_game(unrated.id, {"result": {"scores": [1, 1]}, "moves": []}, ("", ""))
    assert [r[1]["id"] for r in store.results(rated_only=False, with_moves=False, round_id=round_id)] == [
        game.id, unrated.id]
    assert store.round_counts() == {round_id: (2, 2)} and store.unplayed_games() == []
    store.finish_round(round_id)
    assert store.round(round_id).status == "finished" and store.rounds(status="running") == []
    assert [g.id for g in store.games(user_id=a, oldest_first=True)] == [game.id, unrated.id]
    assert [g.id for g in store.games(kind="test", limit=1)] == [unrated.id]


def test_an_analysis_is_kept_per_game(seated):
    store, (a, b) = seated
    game = store.unplayed_games(store.add_round("test", [PlannedGame(0, (a, b), 7)]))[0]
    assert store.analysis(game.id) is None
    store.save_analysis(game.id, {"values": [0.5]})
    store.save_analysis(game.id, {"values": [0.25]})
    assert store.analysis(game.id) == {"values": [0.25]}


def test_a_games_list_reads_of_each_record_what_the_whole_record_gives(seated):
    """game_lines() picks the result out and counts the moves in SQLite: each line must be the one the
    whole record makes (GameLine.of), for played games, unplayed ones, a record with no result, and with
    every filter and page the lists use."""
    from arena.competition.store.database import GameLine

    store, (a, b) = seated
    first = store.add_round("test", [PlannedGame(slot, (a, b) if slot % 2 else (b, a), slot) for slot in range(5)])
    games = store.unplayed_games(first)
    store.save_game(games[0].id, {"result": {"scores": [2, 0], "winner": 0, "reason": "done"},
                                  "moves": [{"move": "a1"}, {"move": "b2"}, {"move": "c3"}]}, ("", ""))
    store.save_game(games[1].id, {"result": {"scores": [1, 1], "winner": None}, "moves": []}, ("", ""))
    store.save_game(games[2].id, {"moves": [{"move": "a1"}]}, ("", ""))  # no result: shown as played, no scores
    store.add_round("debut", [PlannedGame(0, (a, b), 9)])
    for filters in ({}, {"played_only": False}, {"round_id": first, "played_only": False}, {"user_id": a},
                    {"kind": "debut", "played_only": False}, {"played_only": False, "limit": 2, "offset": 1}):
        whole = [GameLine.of(g) for g in store.games(**filters)]
        assert store.game_lines(**filters) == whole, filters
    lines = {line.id: line for line in store.game_lines(played_only=False)}
    assert lines[games[0].id].moves == 3 and lines[games[0].id].result["winner"] == 0
    assert lines[games[2].id].played and lines[games[2].id].result is None
    assert not lines[games[3].id].played and lines[games[3].id].moves == 0
