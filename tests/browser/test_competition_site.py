"""The competition's site in chromium: a contestant registers with the invitation code, uploads a
program, sees it admitted, and after a round sees the live ranking and opens a replay.

The conductor is the site tests' test double (tests/competition/site/fake_conductor.py): building
and playing for real are the conductor's and the builds' own tests."""

from __future__ import annotations

import time

import pytest

from ..competition.site.site_server import running_competition

pytestmark = pytest.mark.browser


def board_loaded(page, limit_s: float = 10) -> None:
    """Wait for the board image (polled: the page's CSP forbids wait_for_function's eval)."""
    deadline = time.monotonic() + limit_s
    while not page.evaluate("(b => b.complete && b.naturalWidth > 100)(document.getElementById('board'))"):
        assert time.monotonic() < deadline, "the board's drawing did not load"
        page.wait_for_timeout(20)


def ranked_games(page) -> dict[str, str]:
    """Each ranked account's games, as the ranking table shows them."""
    return {row.locator("th").text_content(): row.locator("td.col-games").text_content()
            for row in page.locator("#ranking tbody tr").all()}


def test_register_upload_see_it_admitted_ranked_and_replayed(page, tmp_path):
    with running_competition(tmp_path / "contest") as competition:
        competition.store.set_invitation("club-2026")
        url = competition.url
        page.goto(url + "/")
        assert "Domineering" in page.text_content("main")
        page.click("#register-link")
        page.fill("#name", "carol")
        page.fill("#password", "carol's password")
        page.fill("#code", "club-2026")
        page.click("#submit-register")
        assert page.text_content("#who") == "carol"

        program = tmp_path / "bot.py"
        program.write_text("print('carol plays')\n")
        page.goto(url + "/submit")
        page.set_input_files("#file", str(program))
        page.click("#submit-upload")
        assert page.text_content("#status") == "admitted"
        assert "compiled (fake build)" in page.text_content("#build-log")
        assert "clean in both seats" in page.text_content("#admission")

        page.goto(url + "/ranking")
        assert page.locator("#ranking tbody tr").count() == 1  # carol's program, no games yet
        bob_id = competition.store.add_submission(competition.store.user_named("bob").id, "python", "bot.py")
        competition.folder.upload(bob_id).mkdir(parents=True)
        (competition.folder.upload(bob_id) / "bot.py").write_text("print('bob')\n")
        competition.conductor.submission_added(bob_id)
        competition.conductor.start_round(kind="test")
        # the ranking page polls /api/ranking every 5 s: the round's games appear without a reload
        deadline = time.monotonic() + 15
        while (games := ranked_games(page)) != {"bob": "2", "carol": "2"}:
            assert time.monotonic() < deadline, f"the ranking did not refresh itself: {games}"
            page.wait_for_timeout(200)

        page.goto(url + "/my")
        page.locator("a.replay-link").first.click()
        board_loaded(page)
        assert page.text_content("#ply") == "0"
        page.click("#last")
        board_loaded(page)
        stderrs = [page.text_content("#stderr0"), page.text_content("#stderr1")]
        assert sum("stderr of seat" in text for text in stderrs) == 1  # carol's own seat only
        assert page.console.errors == []
