"""Issue 58's smaller ones, over HTTP: the /clarifications page; nothing offered after ``over`` that
the API refuses; counts that leave voided games out; a built-in player's debut named as such;
benching explained on /my, in the API and on the round page."""

from __future__ import annotations

import sys

from arena.competition.passwords import hash_password
from arena.competition.rounds.numbering import round_labels

from ..conftest import Http
from ..site_server import PASSWORD
from ..api.test_api import admitted_submission


def test_the_clarifications_page_shows_public_answers_to_anyone_and_the_form_to_contestants(competition, http):
    alice = http("alice")
    public = alice.post_json("/api/clarifications", {"text": "May a bot <think> on the opponent's time?"}).json()["id"]
    private = alice.post_json("/api/clarifications", {"text": "Is my upload late?"}).json()["id"]
    alice.post_json("/api/clarifications", {"text": "still waiting"})
    organiser = http("org")
    organiser.post_json(f"/api/organiser/clarifications/{public}", {"answer": "No: it is suspended.", "public": True})
    organiser.post_json(f"/api/organiser/clarifications/{private}", {"answer": "No, in time.", "public": False})

    page = http().get("/clarifications")
    assert page.status == 200
    assert "No: it is suspended." in page.text and "&lt;think&gt;" in page.text
    assert "No, in time." not in page.text and 'id="clarify-form"' not in page.text and 'id="log-in-to-ask"' in page.text
    mine = Http(competition.url).page_login("alice")
    text = mine.get("/clarifications").text
    assert 'id="clarify-form"' in text and "No, in time." in text and "still waiting" in text
    asked = mine.post_form("/clarify", text="A question from the page", back="/clarifications",
                           csrf=mine.csrf("/clarifications"))
    assert asked.status == 200 and "A question from the page" in asked.text and "<h1>Clarifications</h1>" in asked.text
    console = Http(competition.url).page_login("org").get("/clarifications").text
    assert "(2 waiting)" in console and 'id="clarify-form"' not in console


def test_after_over_my_page_offers_no_unrated_games_nor_a_new_submission(competition, http):
    page = Http(competition.url).page_login("alice")
    for name in ("alice", "bob"):
        admitted_submission(http(name))
    before = page.get("/my").text
    assert 'id="ask-unrated"' in before and 'href="/submit">Submit another' in before
    assert http("org").post_json("/api/organiser/final", {}).status == 200
    after = page.get("/my").text
    assert 'id="ask-unrated"' not in after and "Submit another" not in after and 'id="over"' in after
    assert http("alice").post_json("/api/unrated", {"opponent": "bob"}).status == 409  # what it no longer offers


def test_round_counts_leave_voided_games_out(competition, http):
    for name in ("alice", "bob"):
        admitted_submission(http(name))
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    game = http().get(f"/api/games?round={round_id}").json()["games"][0]["id"]
    assert http("org").post_json(f"/api/organiser/games/{game}/void", {"reason": "server load"}).status == 200
    listed = http().get(f"/api/rounds/{round_id}").json()
    assert (listed["games"], listed["played"], listed["voided"]) == (3, 3, 1)
    page = http().get(f"/rounds/{round_id}").text
    assert "2 of 2 games played, 1 voided" in page
    rounds = http().get("/rounds").text
    assert "2 / 2 (1 voided)" in rounds


def test_a_builtin_players_debut_is_named_as_such(competition, http):
    store = competition.store
    admitted_submission(http("alice"))
    user = store.add_user("builtin-greedy", None, "builtin")
    bot = store.add_submission(user, "builtin", "greedy", status="admitted", command="builtin:greedy")
    mine = store.submissions(user_id=store.user_named("alice").id)[0].id
    builtin_debut = store.add_round("debut", [], {"submission": bot, "entrants": [bot]}, exclusive=False)
    contestant_debut = store.add_round("debut", [], {"submission": mine, "entrants": [mine]}, exclusive=False)
    labels = round_labels(store)
    assert labels[builtin_debut].title == "Debut of the built-in player greedy"
    assert labels[contestant_debut].title == f"Debut of alice's submission {mine}"


CRASHING = f"{sys.executable} -c 'raise SystemExit(3)'"


def test_benching_is_explained_on_my_page_in_the_api_and_on_the_round_it_sat_out(competition, http):
    store = competition.store
    store.add_user("carol", hash_password(PASSWORD), "contestant")
    ids = {name: admitted_submission(http(name)) for name in ("alice", "bob", "carol")}
    store.update_submission(ids["alice"], command=CRASHING)
    first = http("org").post_json("/api/rounds", {}).json()["id"]
    store.update_submission(ids["alice"], benched=1)  # as the conductor does after 5 faults in a row
    second = http("org").post_json("/api/rounds", {}).json()["id"]
    assert all("alice" not in g["players"] for g in http().get(f"/api/games?round={second}").json()["games"])

    bench = http("alice").get(f"/api/submissions/{ids['alice']}").json()["bench"]
    verdicts = {g["verdict"] for g in bench["games"]}
    assert len(bench["games"]) == 4 and len(verdicts) == 1 and "ok" not in verdicts
    assert all(g["round"] == first for g in bench["games"]) and "submits a new program" in bench["ends"]
    assert http("bob").get(f"/api/submissions/{ids['bob']}").json()["bench"] is None

    my = Http(competition.url).page_login("alice").get("/my").text
    verdict = verdicts.pop()
    assert "Benched: its last 4 games in a row were irregular losses" in my and f": {verdict}" in my
    assert "submits a new program" in my
    page = http().get(f"/rounds/{second}").text
    assert 'id="sat-out"' in page and "<b class=\"name\">alice</b>" in page and f": {verdict}" in page
    assert 'id="sat-out"' not in http().get(f"/rounds/{first}").text
    chart = http().get("/ranking").text
    assert 'class="sat-out" data-name="alice"' in chart and "alice sat test round 2 out (benched)" in chart
