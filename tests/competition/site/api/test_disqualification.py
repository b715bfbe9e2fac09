"""Issue 58: disqualification. ``POST /api/organiser/accounts/disqualified`` takes an entrant out of every
ranking (recomputed from the games among the others), cross table, CSV and the home page's winner; its
games stay, marked; undoing it restores every answer exactly; only organisers may."""

from __future__ import annotations

import csv
import io

from arena.competition.passwords import hash_password
from arena.competition.site.pages.ranking_rule import deciding_figures

from ..conftest import Http
from ..site_server import PASSWORD
from .test_api import admitted_submission

PATH = "/api/organiser/accounts/disqualified"


def played_final(competition, http) -> None:
    """alice (greedy), bob and carol (random) play a final of 4 games a pair: the fake conductor
    plays it at once."""
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    for name, bot in (("alice", "greedy"), ("bob", "random"), ("carol", "random")):
        submission = admitted_submission(http(name))
        competition.store.update_submission(submission, command=f"builtin:{bot}")
    assert http("org").post_json("/api/rounds", {}).status == 200  # a test round first
    assert http("org").post_json("/api/organiser/final", {"games_per_pair": 4}).status == 200
    assert http().get("/api/competition").json()["state"] == "over"


def ranked_among(games: list[dict], names: set[str]) -> list[tuple[str, int, int]]:
    """(name, wins, margin) best first, from the played games among ``names`` alone (Domineering's
    rule, fewer irregular losses next)."""
    tally = {name: [0, 0, 0] for name in names}  # wins, margin, irregular losses
    for game in games:
        if game["void"] or not set(game["players"]) <= names:
            continue
        for seat, name in enumerate(game["players"]):
            tally[name][0] += game["winner"] == name
            tally[name][1] += game["scores"][seat] - game["scores"][1 - seat]
            tally[name][2] += game["verdicts"][seat] != "ok"
    ordered = sorted(tally, key=lambda n: (-tally[n][0], -tally[n][1], tally[n][2], n))
    return [(n, tally[n][0], tally[n][1]) for n in ordered]


def test_disqualifying_the_finals_winner_makes_the_second_the_winner_everywhere_and_back(competition, http):
    played_final(competition, http)
    assert deciding_figures("wins_then_margin") == ("wins", "margin", "irregular_losses")
    before = {path: http().get(path).body for path in ("/api/ranking?kind=final", "/api/ranking.csv?kind=final",
                                                        "/api/ranking")}
    rows = http().get("/api/ranking?kind=final").json()["rows"]
    winner = rows[0]["name"]
    assert rows[0]["rank"] == 1 and rows[1]["rank"] == 2
    assert f"<b>{winner}</b> wins" in http().get("/").text

    assert http("alice").post_json(PATH, {"name": winner, "disqualified": True, "reason": "copied"}).status == 403
    answer = http("org").post_json(PATH, {"name": winner, "disqualified": True, "reason": "copied"})
    assert answer.status == 200 and answer.json() == {"name": winner, "disqualified": True, "reason": "copied"}

    final = http().get("/api/ranking?kind=final").json()
    assert winner not in [row["name"] for row in final["rows"]]
    games = http().get("/api/games?kind=final-robin&limit=500").json()["games"]
    others = {row["name"] for row in rows} - {winner}
    expected = ranked_among(games, others)
    assert [(row["name"], row["wins"], row["margin"]) for row in final["rows"]] == expected
    assert final["rows"][0]["rank"] == 1 and final["rows"][0]["name"] == expected[0][0]
    assert all(row["games"] == 4 for row in final["rows"])  # 4 games against the one other left
    table = list(csv.DictReader(io.StringIO(http().get("/api/ranking.csv?kind=final").text)))
    assert [(r["name"], int(r["wins"]), int(r["margin"])) for r in table] == expected
    # its games stay, marked
    marked = [g for g in games if winner in g["players"]]
    assert len(marked) == 8 and all(g["disqualified"] == [winner] for g in marked)
    assert all(g["disqualified"] == [] for g in games if winner not in g["players"])
    # every page: the home page names the new winner, the ranking and round pages say who and why
    home = http().get("/").text
    assert f"<b>{expected[0][0]}</b> wins" in home and f"<b>{winner}</b> wins" not in home
    assert 'id="disqualified"' in home and "copied" in home
    robin = final["round"]
    for page in (http().get("/ranking?kind=final").text, http().get(f"/rounds/{robin}").text):
        assert 'id="disqualified"' in page and "copied" in page
    crosstable = http().get(f"/api/rounds/{robin}").json()["crosstable"]
    assert winner not in crosstable["players"]
    assert http().get("/api/disqualified").json()["disqualified"][0]["name"] == winner
    # the test round too: ranked among the others
    test_round = [r for r in http().get("/api/rounds").json()["rounds"] if r["kind"] == "test"][0]["id"]
    assert winner not in [r["name"] for r in http().get(f"/api/ranking?round={test_round}").json()["rows"]]

    undo = http("org").post_json(PATH, {"name": winner, "disqualified": False})
    assert undo.status == 200 and undo.json() == {"name": winner, "disqualified": False, "reason": None}
    assert {path: http().get(path).body for path in before} == before
    assert f"<b>{winner}</b> wins" in http().get("/").text and 'id="disqualified"' not in http().get("/").text


def test_a_disqualified_entrant_plays_no_further_round(competition, http):
    for name in ("alice", "bob"):
        admitted_submission(http(name))
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    admitted_submission(http("carol"))
    http("org").post_json(PATH, {"name": "carol", "disqualified": True, "reason": "copied bob"})
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    games = http().get(f"/api/games?round={round_id}").json()["games"]
    assert games and all("carol" not in g["players"] for g in games)


def test_bad_requests_name_what_is_wrong(competition, http):
    organiser = http("org")
    refused = organiser.post_json(PATH, {"name": "alice", "disqualified": True})
    assert refused.status == 400 and "reason" in refused.json()["error"]
    refused = organiser.post_json(PATH, {"name": "alice", "disqualified": True, "reason": "x" * 501})
    assert refused.status == 400 and "500" in refused.json()["error"]
    refused = organiser.post_json(PATH, {"name": "alice", "disqualified": "yes", "reason": "r"})
    assert refused.status == 400 and "'disqualified'" in refused.json()["error"]
    assert organiser.post_json(PATH, {"name": "nobody", "disqualified": True, "reason": "r"}).status == 404
    assert organiser.post_json(PATH, {"name": "org", "disqualified": True, "reason": "r"}).status == 409
    assert http().post_json(PATH, {"name": "alice", "disqualified": True, "reason": "r"}).status == 401


def test_the_console_disqualifies_beside_disable_and_undoes_it(competition, http):
    for name in ("alice", "bob"):
        admitted_submission(http(name))
    console = Http(competition.url).page_login("org")
    page = console.get("/organiser").text
    assert 'action="/organiser/disqualify"' in page
    done = console.post_form("/organiser/disqualify", name="bob", reason="copied alice", confirm="yes",
                             csrf=console.csrf("/organiser"))
    assert done.status == 200 and "bob is disqualified" in done.text and "copied alice" in done.text
    assert [d["name"] for d in http().get("/api/disqualified").json()["disqualified"]] == ["bob"]
    done = console.post_form("/organiser/reinstate", name="bob", csrf=console.csrf("/organiser"))
    assert done.status == 200 and "bob is no longer disqualified" in done.text
    assert http().get("/api/disqualified").json()["disqualified"] == []
