"""Issue 50: a contestant's progress on /my: their place in every finished test round and in the final,
with the submission that played it, in a table and a small chart."""

from __future__ import annotations

import re

from arena.competition.passwords import hash_password

from .conftest import Http
from .site_server import PASSWORD
from .api.test_api import admitted_submission


def test_my_page_lists_my_place_in_each_round_and_the_final_by_submission(competition, http):
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    first_bot = admitted_submission(http("alice"))
    for name in ("bob", "carol"):
        admitted_submission(http(name))
    organiser = http("org")
    first = organiser.post_json("/api/rounds", {}).json()["id"]
    second_bot = admitted_submission(http("alice"), b"print('a better bot')\n")
    second = organiser.post_json("/api/rounds", {}).json()["id"]
    organiser.post_json("/api/organiser/final", {})
    ranks = {}
    for key, path in ((first, f"/api/ranking?round={first}"), (second, f"/api/ranking?round={second}"),
                      ("final", "/api/ranking?kind=final")):
        ranks[key] = next(r for r in http().get(path).json()["rows"] if r["name"] == "alice")["rank"]
    page = Http(competition.url).page_login("alice").get("/my").text
    table = re.search(r'<table class="list" id="progress">(.*?)</table>', page, re.S).group(1)
    rows = re.findall(r"<tr><td><a [^>]*>([^<]+)</a></td><td><a [^>]*>(\d+)</a></td><td class=\"place\">(\d+) of (\d+)</td>",
                      table)
    assert rows == [("Test round 1", str(first_bot), str(ranks[first]), "3"),
                    ("Test round 2", str(second_bot), str(ranks[second]), "3"),
                    ("Final", str(second_bot), str(ranks["final"]), "3")]
    chart = re.search(r'<svg[^>]*id="place-chart".*?</svg>', page, re.S).group(0)
    assert re.findall(r'<text class="round"[^>]*>([^<]*)</text>', chart) == ["1", "2"]
    assert chart.count('class="contestant"') == 1 and 'data-name="alice"' in chart  # her line alone


def test_before_any_round_my_page_says_so(competition, http):
    admitted_submission(http("alice"))
    page = Http(competition.url).page_login("alice").get("/my").text
    assert "No finished test round has ranked your program yet." in page and 'id="progress"' not in page
