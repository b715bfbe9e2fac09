"""Issue 50: an organiser voids a played game; it is replayed (same pair, seats, seed, submissions) in
its round, which runs again, and every ranking counts the replay instead; the voided game stays,
marked void with its reason, in no ranking."""

from __future__ import annotations

import sqlite3
import time

from arena.competition.store.database import CompetitionStore, PlannedGame
from arena.competition.store.migrations import LATEST, MIGRATIONS

from ..conftest import Http
from ..site_server import running_competition
from .test_api import admitted_submission


def game_ids_in_crosstable(round_view) -> set[int]:
    return {g["id"] for row in round_view["crosstable"]["rows"] for cell in row["cells"] if cell
            for g in cell["games"]}


def test_a_voided_game_is_replayed_in_its_round_and_only_the_replay_counts(competition, http):
    alice, bob = admitted_submission(http("alice")), admitted_submission(http("bob"))
    organiser = http("org")
    round_id = organiser.post_json("/api/rounds", {}).json()["id"]
    before = http().get(f"/api/ranking?round={round_id}").json()["rows"]
    http().get(f"/api/rounds/{round_id}")  # a finished round's view is kept: the void must renew it
    games = http().get(f"/api/games?round={round_id}").json()["games"]
    voided = games[0]
    competition.conductor.play_rounds = False  # the replay waits: the round runs again meanwhile
    answer = organiser.post_json(f"/api/organiser/games/{voided['id']}/void", {"reason": "<b>server</b> load"})
    assert answer.status == 200, answer.text
    replay_id = answer.json()["replay"]
    assert answer.json() == {"voided": voided["id"], "replay": replay_id}
    assert http().get(f"/api/rounds/{round_id}").json()["status"] == "running"
    meanwhile = http().get(f"/api/ranking?round={round_id}").json()["rows"]
    assert sum(r["games"] for r in meanwhile) == sum(r["games"] for r in before) - 2  # the voided game: out
    competition.conductor.play(round_id)

    after = http().get(f"/api/games?round={round_id}").json()["games"]
    replay = next(g for g in after if g["id"] == replay_id)
    assert (replay["players"], replay["seed"], replay["submissions"], replay["played"]) == \
        (voided["players"], voided["seed"], voided["submissions"], True)
    marked = next(g for g in after if g["id"] == voided["id"])
    assert marked["void"]["reason"] == "<b>server</b> load" and marked["void"]["replay"] == replay_id
    assert replay["void"] is None
    view = http().get(f"/api/rounds/{round_id}").json()
    assert view["status"] == "finished"
    in_table = game_ids_in_crosstable(view)
    assert replay_id in in_table and voided["id"] not in in_table
    rows = http().get(f"/api/ranking?round={round_id}").json()["rows"]
    assert sorted((r["name"], r["games"]) for r in rows) == sorted((r["name"], r["games"]) for r in before)
    assert view["ranking"]["rows"] == rows

    # shown, escaped, where the games are listed and on the game's own page
    listing = http().get(f"/games?round={round_id}").text
    assert "void: &lt;b&gt;server&lt;/b&gt; load (replayed as game" in listing and "<b>server</b>" not in listing
    page = http().get(f"/games/{voided['id']}").text
    assert f"(void: &lt;b&gt;server&lt;/b&gt; load; replayed as game {replay_id})" in page

    # once only; and only a played game of a ranked round
    again = organiser.post_json(f"/api/organiser/games/{voided['id']}/void", {"reason": "again"})
    assert again.status == 409 and "voided already" in again.json()["error"]
    store = competition.store
    debut = store.add_round("debut", [PlannedGame(0, (alice, bob), 3)], {"submission": alice}, exclusive=False)
    unrated = store.add_round("unrated", [PlannedGame(0, (alice, bob), 4, rated=False)], {}, exclusive=False)
    for other in (debut, unrated):
        game = store.games(round_id=other, played_only=False)[0]
        competition.conductor.play(other)
        refused = organiser.post_json(f"/api/organiser/games/{game.id}/void", {"reason": "why not"})
        assert refused.status == 409 and "ranks nothing" in refused.json()["error"]
    running = organiser.post_json("/api/rounds", {}).json()["id"]
    unplayed = store.games(round_id=running, played_only=False)[0]
    refused = organiser.post_json(f"/api/organiser/games/{unplayed.id}/void", {"reason": "too soon"})
    assert refused.status == 409 and "still to be played" in refused.json()["error"]
    for path, body, status in ((f"/api/organiser/games/{voided['id']}/void", {"reason": " "}, 400),
                               ("/api/organiser/games/99999/void", {"reason": "none"}, 404),
                               (f"/api/organiser/games/{voided['id']}/void", {}, 400)):
        assert organiser.post_json(path, body).status == status
    assert http("alice").post_json(f"/api/organiser/games/{replay_id}/void", {"reason": "mine"}).status == 403


def test_the_consoles_form_voids_a_game(competition, http):
    admitted_submission(http("alice")), admitted_submission(http("bob"))
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    game = http().get(f"/api/games?round={round_id}").json()["games"][0]
    console = Http(competition.url).page_login("org")
    done = console.post_form("/organiser/void", game=str(game["id"]), reason="a time-out of ours",
                             csrf=console.csrf("/organiser"))
    assert done.status == 200 and "The game is void" in done.text
    assert competition.store.voids([game["id"]])[game["id"]].reason == "a time-out of ours"


def test_the_real_conductor_plays_the_replay_and_finishes_the_round_again(tmp_path):
    with running_competition(tmp_path / "contest", real=True) as competition:
        store = competition.store
        for name in ("alice", "bob"):
            store.add_submission(store.user_named(name).id, "builtin", "random", status="admitted",
                                 command="builtin:random")
        organiser = Http(competition.url).login("org")
        round_id = organiser.post_json("/api/rounds", {}).json()["id"]

        def finished() -> bool:
            deadline = time.monotonic() + 120
            while organiser.get(f"/api/rounds/{round_id}").json()["status"] != "finished":
                assert time.monotonic() < deadline, "the round did not finish"
                time.sleep(0.2)
            return True

        finished()
        before = organiser.get(f"/api/ranking?round={round_id}").json()["rows"]
        voided = organiser.get(f"/api/games?round={round_id}").json()["games"][-1]
        replay = organiser.post_json(f"/api/organiser/games/{voided['id']}/void", {"reason": "load"}).json()["replay"]
        finished()
        rows = organiser.get(f"/api/ranking?round={round_id}").json()["rows"]
        assert sorted(r["games"] for r in rows) == sorted(r["games"] for r in before) == [2, 2]
        played = organiser.get(f"/api/games/{replay}").json()
        assert played["played"] and played["seed"] == voided["seed"] and played["players"] == voided["players"]
        assert voided["id"] not in game_ids_in_crosstable(organiser.get(f"/api/rounds/{round_id}").json())


def test_a_database_of_version_1_gains_the_voided_games_table(tmp_path):
    path = tmp_path / "competition.db"
    old = sqlite3.connect(path)
    for statement in MIGRATIONS[0].statements:  # the first release's schema, user_version 0 as it left it
        old.execute(statement)
    old.close()
    store = CompetitionStore(path)
    try:
        assert store.migrated_from == 1
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert store.voids() == {}
    finally:
        store.close()
    assert (tmp_path / f"competition.db.before-v{LATEST}").exists()
