"""A class's term in chromium (issue 50): three numbered test rounds with a built-in player as a
yardstick, a question answered privately and another publicly, a voided game replayed, a final of 4
games a pair without the built-in player, the winner on the home page and the final's ranking taken
home as CSV; then (issue 58) the Margin column read against the API, the winner disqualified on the
console (the home page names the next one) and reinstated.

The conductor is the site tests' test double (tests/competition/site/fake_conductor.py): it plays a
round at once (a final's pairs as many games as asked)."""

from __future__ import annotations

import csv
import io
import json
import urllib.request

import pytest

from arena.competition.passwords import hash_password

from ..competition.site.site_server import PASSWORD, running_competition
from .test_competition_rounds import admit, rows

pytestmark = pytest.mark.browser

NAMES = ("alice", "bob", "carol")


def log_in(page, url: str, name: str) -> None:
    page.goto(url + "/login")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.click("#submit-login")


def test_a_class_runs_its_term_to_a_final_that_names_its_winner(page, tmp_path):
    with running_competition(tmp_path / "contest") as competition:
        competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
        for name in NAMES:
            admit(competition, name, f"print('{name}')\n")
        url = competition.url

        log_in(page, url, "org")
        assert page.url.endswith("/organiser")  # an organiser lands on the console
        page.select_option("#bot", "greedy")
        page.click("#add-builtin")
        for _ in range(3):
            page.click("#start-round")
        page.goto(url + "/rounds")
        titles = [row[0] for row in rows(page, "#rounds")]
        assert titles == ["Test round 3", "Test round 2", "Test round 1"]
        page.click("#logout")

        # questions: alice's answered to her alone, bob's to everyone
        for name, question in (("alice", "May my bot read the clock?"), ("bob", "Is a pass <allowed>?")):
            log_in(page, url, name)
            page.goto(url + "/my")
            page.fill("#clarification-text", question)
            page.click("#ask-clarification")
            assert question in page.text_content("#my-clarifications")
            page.click("#logout")
        log_in(page, url, "org")
        assert "(2 waiting)" in page.text_content("#clarifications-heading")
        forms = page.locator("#clarifications tr.waiting")
        forms.nth(0).locator("textarea").fill("Yes: TURN tells you both clocks.")
        forms.nth(0).locator("button").click()
        waiting = page.locator("#clarifications tr.waiting")
        waiting.nth(0).locator("textarea").fill("Yes: MOVE -1 -1.")
        waiting.nth(0).locator("input[name=public]").check()
        waiting.nth(0).locator("button").click()
        assert "waiting" not in page.text_content("#clarifications-heading")

        # a game of the first test round voided: its replay joins the round
        first_round = competition.store.rounds()[-1].id
        game = competition.store.games(round_id=first_round, oldest_first=True)[0]
        page.fill("#void-game", str(game.id))
        page.fill("#void-reason", "the server was overloaded")
        page.click("#void")
        assert "The game is void" in page.text_content("#confirmation")
        page.goto(f"{url}/rounds/{first_round}")
        assert "void: the server was overloaded" in page.text_content("#games")

        # the final: 4 games a pair, the built-in player left out
        page.goto(url + "/organiser")
        page.fill("#games-per-pair", "4")
        assert not page.is_checked("#final-builtins")
        page.check("#confirm-final")
        page.click("#start-final")
        assert "the competition is over" in page.text_content("h1")
        assert page.locator("#start-round").count() == 0 and page.locator("#add-builtin").count() == 0
        page.click("#logout")

        page.goto(url + "/")
        final = competition.store.rounds()[0]
        winners = [row[1] for row in _final_rows(page, url) if row[0] == "1"]
        assert winners and all(name in page.text_content("#winner") for name in winners)
        assert len(page.locator("#podium li").all()) == 3 and "builtin-greedy" not in page.text_content("#podium")
        assert "Yes: MOVE -1 -1." in page.text_content("#clarifications")
        assert "TURN tells you both clocks" not in page.text_content("main")  # alice's alone
        log_in(page, url, "alice")
        page.goto(url + "/my")
        assert "Yes: TURN tells you both clocks." in page.text_content("#my-clarifications")
        page.click("#logout")

        page.goto(url + "/ranking?kind=final")
        assert "each pair played 4 games" in page.text_content("#games-per-pair")
        with page.expect_download() as download:
            page.click("#ranking-csv")
        lines = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
        assert lines[0][:2] == ["rank", "name"] and sorted(line[1] for line in lines[1:]) == sorted(NAMES)
        assert all(line[2] == "8" for line in lines[1:])  # 4 games against each of 2 others
        assert final.kind == "final-robin"

        # the Margin column is the API's margin, row by row
        api = _json(url + "/api/ranking?kind=final")["rows"]
        headers = [cell.text_content().strip() for cell in page.locator("#ranking thead th").all()]
        assert headers[:4] == ["Rank", "Name", "Wins", "Margin"]
        shown = rows(page, "#ranking")
        assert [(row[1], int(row[2]), int(row[3])) for row in shown] == [(r["name"], r["wins"], r["margin"]) for r in api]

        # the winner disqualified on the console, beside Disable: the next one wins everywhere, and back
        winner = api[0]["name"]
        log_in(page, url, "org")
        account = page.locator("#accounts tr", has_text=winner)
        account.locator(".disqualify-reason").fill("copied bob's program")
        account.locator(".disqualify-form input[name=confirm]").check()
        account.locator("button.disqualify").click()
        assert f"{winner} is disqualified" in page.text_content("#confirmation")
        page.click("#logout")
        after = _json(url + "/api/ranking?kind=final")["rows"]
        assert winner not in [r["name"] for r in after] and len(after) == 2
        page.goto(url + "/")
        assert after[0]["name"] in page.text_content("#winner") and winner not in page.text_content("#winner")
        assert winner in page.text_content("#disqualified") and "copied bob's program" in page.text_content("#disqualified")
        page.goto(url + "/ranking?kind=final")
        assert [row[1] for row in rows(page, "#ranking")] == [r["name"] for r in after]
        log_in(page, url, "org")
        page.locator("#accounts tr", has_text=winner).locator("button.reinstate").click()
        assert f"{winner} is no longer disqualified" in page.text_content("#confirmation")
        page.click("#logout")
        assert _json(url + "/api/ranking?kind=final")["rows"] == api
        page.goto(url + "/")
        assert winner in page.text_content("#winner") and page.locator("#disqualified").count() == 0
        assert page.console.errors == []


def _json(address: str):
    with urllib.request.urlopen(address, timeout=60) as answer:
        return json.load(answer)


def _final_rows(page, url: str) -> list[list[str]]:
    """The final's ranking as its page shows it (then back to the home page)."""
    page.goto(url + "/ranking?kind=final")
    shown = rows(page, "#ranking")
    page.goto(url + "/")
    return shown


def test_two_sources_side_by_side_fit_1280_pixels_and_highlight_what_they_share(page, tmp_path):
    """Issue 58: the console's side-by-side page, lines of 600 characters included, is no wider than the
    window (1,280 px) and highlights the passages the two sources share."""
    from ..competition.site.test_similarity import GREEDY, RENAMED, grown

    with running_competition(tmp_path / "contest") as competition:
        long_line = "TABLE = [" + ", ".join(str(n) for n in range(150)) + "]\n"
        admit(competition, "alice", long_line + grown(GREEDY))
        admit(competition, "bob", long_line + grown(RENAMED))
        first, second = sorted(s.id for s in competition.store.entrants())
        log_in(page, competition.url, "org")
        page.goto(f"{competition.url}/organiser/similarity/{first}/{second}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        assert page.locator("#source0 mark.shared").count() >= 1 and page.locator("#source1 mark.shared").count() >= 1
        # the caption's two swatches are drawn in the colours the sources are highlighted in
        page.evaluate("document.querySelector('#source0').insertAdjacentHTML('beforeend', "
                      "'<mark class=\"starter\" id=\"probe\">x</mark>')")
        colour = "(selector) => getComputedStyle(document.querySelector(selector)).backgroundColor"
        assert page.evaluate(colour, "p.caption mark.shared") == page.evaluate(colour, "#source0 mark.shared")
        assert page.evaluate(colour, "p.caption mark.starter") == page.evaluate(colour, "#probe")
        assert page.evaluate(colour, "#probe") != page.evaluate(colour, "#source0 mark.shared")
        assert "alike" in page.text_content("#pair-score")
        assert page.console.errors == []
