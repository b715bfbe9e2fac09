"""Issue 50's smaller ones, over HTTP: the ranking rule said in plain words on the ranking and round
pages; an organiser who logs in lands on the console, a contestant on their own page."""

from __future__ import annotations

from ..conftest import Http
from ..api.test_api import admitted_submission

DOMINEERING_RULE = ("most wins first, then the biggest margin (points scored minus points conceded, added up over "
                    "the games); players still level, fewer irregular losses first")


def test_the_ranking_rule_is_said_in_plain_words(competition, http):
    for name in ("alice", "bob"):
        admitted_submission(http(name))
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    for page in (http().get("/ranking").text, http().get(f"/rounds/{round_id}").text):
        assert DOMINEERING_RULE in page and 'id="ranking-rule"' in page
        assert "wins then margin" not in page and "wins_then_margin" not in page


def test_each_rule_of_the_games_has_its_words():
    from arena.competition.site.pages.ranking_rule import ORDER
    from arena.games import game_names, get_game

    assert {get_game(name).ranking for name in game_names()} <= set(ORDER)


def test_an_organiser_lands_on_the_console_and_a_contestant_on_their_page(competition):
    for name, lands in (("org", "/organiser"), ("alice", "/my")):
        client = Http(competition.url)
        answer = client.post_form("/login", name=name, password="correct horse", csrf=client.csrf("/login"))
        assert answer.status == 200
        assert (">Running Test Cup<" in answer.text) == (lands == "/organiser")
        assert ("<h1>My submissions</h1>" in answer.text) == (lands == "/my")
