"""A class's term in chromium (issue 50): three numbered test rounds with a built-in player as a
yardstick, a question answered privately and another publicly, a voided game replayed, a final of 4
games a pair without the built-in player, the winner on the home page and the final's ranking taken
home as CSV.

The conductor is the site tests' test double (tests/competition/site/fake_conductor.py): it plays a
round at once (a final's pairs as many games as asked)."""

from __future__ import annotations

import csv
import io

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
        assert page.console.errors == []


def _final_rows(page, url: str) -> list[list[str]]:
    """The final's ranking as its page shows it (then back to the home page)."""
    page.goto(url + "/ranking?kind=final")
    shown = rows(page, "#ranking")
    page.goto(url + "/")
    return shown
