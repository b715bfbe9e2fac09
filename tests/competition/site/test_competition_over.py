"""Issue 50: a competition that ends. ``state`` goes open, frozen, final, over; once over, the home page
names the winner on a podium, the submit page says submissions are closed before any upload, rounds,
unrated games and uploads answer 409, and the console offers only what can still act."""

from __future__ import annotations

from arena.competition.passwords import hash_password
from arena.competition.store.database import PlannedGame

from .conftest import Http
from .site_server import PASSWORD
from .api.test_api import BOT, admitted_submission


def state(http) -> str:
    return http().get("/api/competition").json()["state"]


def test_the_competition_is_open_frozen_final_then_over_and_then_refuses_to_play_on(competition, http):
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    for name in ("alice", "bob", "carol"):
        admitted_submission(http(name))
    organiser = http("org")
    assert state(http) == "open"
    organiser.post_json("/api/organiser/freeze", {"frozen": True})
    assert state(http) == "frozen"
    organiser.post_json("/api/organiser/freeze", {"frozen": False})
    organiser.post_json("/api/organiser/deadline", {"deadline": 1_000_000})  # long past
    assert state(http) == "frozen"
    organiser.post_json("/api/organiser/deadline", {"deadline": None})
    # a final being played (the fake conductor plays it at once: made by hand, one game left)
    store = competition.store
    entrants = [s.id for s in store.entrants()]
    robin = store.add_round("final-robin", [PlannedGame(0, (entrants[0], entrants[1]), 5)],
                            {"plan": {"field": entrants, "games_per_pair": 2}, "players": entrants})
    assert state(http) == "final"
    competition.conductor.play(robin)
    assert state(http) == "over"

    alice = http("alice")
    for refused in (organiser.post_json("/api/rounds", {}), alice.post_json("/api/unrated", {"opponent": "bob"}),
                    alice.upload("/api/submissions", "bot.py", BOT), organiser.upload("/api/submissions", "bot.py", BOT),
                    organiser.post_json("/api/organiser/builtins", {"bot": "greedy"}),
                    organiser.post_json("/api/organiser/freeze", {"frozen": False})):
        assert refused.status == 409 and "the competition is over" in refused.json()["error"], refused.text
    for refused in (alice.post_json("/api/unrated", {}), alice.upload("/api/submissions", "", b""),
                    organiser.send("POST", "/api/rounds", b"not json", "application/json")):
        assert refused.status == 409, refused.text  # whatever was asked
    assert len(store.rounds()) == 1 and competition.conductor.unrated == []

    rows = http().get("/api/ranking?kind=final").json()["rows"]
    home = http().get("/").text
    assert 'id="podium"' in home and 'id="how"' not in home and 'id="next"' not in home
    winners = [row["name"] for row in rows if row["rank"] == 1]
    assert f"<b>{' and '.join(winners)}</b>" in home
    for row in rows:
        if row["rank"] <= 3:
            # issue 58: the figures the rule ranks by (wins, margin) before the points
            margin = row["margin"]
            said = f"+{margin}" if margin > 0 else f"−{-margin}" if margin < 0 else "0"
            assert (f'<b class="name">{row["name"]}</b> <span class="figure wins">{row["wins"]} wins</span> '
                    f'<span class="figure margin">margin {said}</span> <span class="points">{row["points"]} points</span>'
                    ) in home

    page = Http(competition.url).page_login("alice").get("/submit").text
    assert 'id="closed"' in page and "the competition is over" in page and 'id="submit-upload"' not in page

    console = Http(competition.url).page_login("org")
    page = console.get("/organiser").text
    assert "the competition is over" in page and "Running Test Cup" not in page
    for gone in ("start-round", "start-final", "add-builtin", "freeze", "set-code", "set-deadline", "builtins"):
        assert f'id="{gone}"' not in page, gone
    for kept in ("announce", "accounts", "rounds"):
        assert f'id="{kept}"' in page, kept
    assert console.post_form("/organiser/builtin", bot="greedy", csrf=console.csrf("/organiser")).status == 409


def test_the_submit_page_says_submissions_are_frozen_before_an_upload(competition, http):
    http("org").post_json("/api/organiser/freeze", {"frozen": True})
    page = Http(competition.url).page_login("alice").get("/submit").text
    assert 'id="closed"' in page and "frozen" in page and 'id="submit-upload"' not in page
    assert 'id="submit-upload"' in Http(competition.url).page_login("org").get("/submit").text  # organisers may
    http("org").post_json("/api/organiser/freeze", {"frozen": False})
    assert 'id="closed"' not in Http(competition.url).page_login("alice").get("/submit").text
