"""Issue 50: the final is between the contestants (built-in players only when asked), each pair
plays as many games as the organiser chose, and the console's form says what each choice costs."""

from __future__ import annotations

import pytest

from arena.competition.passwords import hash_password

from .conftest import Http
from .site_server import PASSWORD, running_competition
from .api.test_api import admitted_submission


def entrants_and_a_builtin(competition, http, contestants=("alice", "bob", "carol")):
    if "carol" in contestants:
        competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    for name in contestants:
        admitted_submission(http(name))
    organiser = http("org")
    assert organiser.post_json("/api/organiser/builtins", {"bot": "greedy"}).status == 200
    return organiser


def test_the_final_leaves_built_in_players_out_and_plays_the_games_per_pair_asked(competition, http):
    organiser = entrants_and_a_builtin(competition, http)
    test_round = organiser.post_json("/api/rounds", {}).json()["id"]
    assert "builtin-greedy" in {r["name"] for r in http().get(f"/api/ranking?round={test_round}").json()["rows"]}
    started = organiser.post_json("/api/organiser/final", {"games_per_pair": 4})
    assert started.status == 200, started.text
    assert competition.conductor.final_asked == {"builtins": False, "games_per_pair": 4, "swiss_rounds": None}
    rows = http().get("/api/ranking?kind=final").json()["rows"]
    assert sorted(row["name"] for row in rows) == ["alice", "bob", "carol"]
    assert all(row["games"] == 4 * 2 for row in rows)
    # the built-in player's test-round games stay where they were
    kept = http().get(f"/api/ranking?round={test_round}").json()["rows"]
    assert {r["name"]: r["games"] for r in kept}["builtin-greedy"] == 6
    page = http().get("/ranking?kind=final").text
    assert "each pair played 4 games (2 seeds, each in both seats)" in page


def test_built_in_players_play_the_final_when_asked(competition, http):
    organiser = entrants_and_a_builtin(competition, http, ("alice", "bob"))
    assert organiser.post_json("/api/organiser/final", {"builtins": True}).status == 200
    rows = http().get("/api/ranking?kind=final").json()["rows"]
    assert sorted(row["name"] for row in rows) == ["alice", "bob", "builtin-greedy"]
    assert all(row["games"] == 2 * 2 for row in rows)  # the default: two games a pair


@pytest.mark.parametrize("body, says", [
    ({"games_per_pair": 3}, "even number"), ({"games_per_pair": 0}, "even number"),
    ({"games_per_pair": 102}, "even number"), ({"games_per_pair": "4"}, "must be int"),
    ({"games_per_pair": True}, "must be int"), ({"swiss_rounds": -1}, "swiss_rounds"),
    ({"builtins": "yes"}, "must be bool"),
])
def test_a_final_asked_wrongly_is_refused_saying_why(competition, http, body, says):
    organiser = entrants_and_a_builtin(competition, http, ("alice", "bob"))
    refused = organiser.post_json("/api/organiser/final", body)
    assert refused.status == 400 and says in refused.json()["error"]
    assert competition.conductor.final_asked is None


def test_the_consoles_form_says_what_the_final_will_play_and_starts_it_as_asked(competition, http):
    entrants_and_a_builtin(competition, http)
    organiser = Http(competition.url).page_login("org")
    page = organiser.get("/organiser").text
    assert 'id="final-builtins"' in page and 'id="games-per-pair"' in page and 'id="swiss-rounds"' in page
    assert "keep their test-round games but neither play nor rank in the final" in page
    # three contestants: 3 pairs; with the built-in player, 6 pairs
    assert "<tr><td>4</td><td>12</td><td>unknown" in page and "<td>24</td>" in page
    done = organiser.post_form("/organiser/final", confirm="yes", games_per_pair="6", swiss_rounds="",
                               builtins="yes", csrf=organiser.csrf("/organiser"))
    assert done.status == 200, done.text
    assert competition.conductor.final_asked == {"builtins": True, "games_per_pair": 6, "swiss_rounds": None}


def test_the_consoles_estimate_is_from_this_servers_test_rounds(competition, http):
    from arena.competition.site.final_estimate import final_estimates

    organiser = entrants_and_a_builtin(competition, http)
    round_id = organiser.post_json("/api/rounds", {}).json()["id"]
    store = competition.store
    finished = store.round(round_id)
    # 12 games in 60 s: 5 s a game; a final of 3 contestants, 4 games a pair, plays 12: a minute
    store.db.execute("UPDATE rounds SET created = ?, finished = ? WHERE id = ?",
                     (finished.finished - 60, finished.finished, round_id))
    row = next(e for e in final_estimates(store, 3, 4) if e["games_per_pair"] == 4)
    assert (row["games"], row["time"], row["builtin_games"], row["builtin_time"]) == (12, "about 60 s", 24,
                                                                                      "about 2 min")


def test_the_real_final_is_between_contestants_with_four_games_a_pair(tmp_path):
    with running_competition(tmp_path / "contest", real=True) as competition:
        store = competition.store
        for name in ("alice", "bob"):  # programs admitted as if built: the game's random player
            user = store.user_named(name)
            store.add_submission(user.id, "builtin", "random", status="admitted", command="builtin:random")
        organiser = Http(competition.url).login("org")
        assert organiser.post_json("/api/organiser/builtins", {"bot": "greedy"}).status == 200
        final = organiser.post_json("/api/organiser/final", {"games_per_pair": 4})
        assert final.status == 200, final.text
        import time
        deadline = time.monotonic() + 120
        while organiser.get("/api/ranking?kind=final").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the final did not finish"
            time.sleep(0.2)
        rows = organiser.get("/api/ranking?kind=final").json()["rows"]
        assert sorted(row["name"] for row in rows) == ["alice", "bob"]
        assert [row["games"] for row in rows] == [4, 4]
        games = organiser.get(f"/api/games?round={final.json()['id']}").json()["games"]
        assert len(games) == 4 and len({g["seed"] for g in games}) == 2  # two seeds, each in both seats
