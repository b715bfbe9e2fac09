"""The whole competition in chromium, with the real conductor, real builds under the sandbox and
real games: two contestants register with the invitation code, upload a C++ and a Python bot and
see them admitted, a broken one fails its build with the compiler's words, the organiser starts a
round, and the live ranking and a replay show its games."""

from __future__ import annotations

import shutil
import time

import pytest

from arena.toolkit.starter import template_source

from ..competition.site.site_server import PASSWORD, running_competition

pytestmark = [pytest.mark.browser, pytest.mark.compilers]

GAME = "domineering"


@pytest.fixture
def served(tmp_path):
    if shutil.which("g++") is None:
        pytest.skip("no g++ (make test installs it when root can)")
    with running_competition(tmp_path / "contest", real=True) as competition:
        competition.store.set_invitation("club-2026")
        yield competition.url, tmp_path


def wait_for_text(page, selector: str, wanted: str, limit_s: float = 180) -> None:
    """Wait for an element's text (the page reloads itself or redraws from the API meanwhile)."""
    deadline = time.monotonic() + limit_s
    while True:
        try:
            if page.text_content(selector, timeout=2000) == wanted:
                return
        except Exception:  # between two reloads the element may be gone for a moment
            pass
        assert time.monotonic() < deadline, f"{selector} never showed {wanted!r}"
        page.wait_for_timeout(300)


def register_and_upload(page, url: str, name: str, program) -> None:
    page.goto(url + "/register")
    page.fill("#name", name)
    page.fill("#password", f"{name}'s password")
    page.fill("#code", "club-2026")
    page.click("#submit-register")
    assert page.text_content("#who") == name
    upload(page, url, program)


def upload(page, url: str, program) -> None:
    page.goto(url + "/submit")
    page.set_input_files("#file", str(program))
    page.click("#submit-upload")


def test_contestants_build_play_and_are_ranked(page, served):
    url, folder = served
    cpp, python, broken = folder / "bot.cpp", folder / "bot.py", folder / "broken.cpp"
    cpp.write_text(template_source(GAME, "cpp"))
    python.write_text(template_source(GAME, "python"))
    broken.write_text("int main() { return undeclared; }\n")

    register_and_upload(page, url, "carol", cpp)
    wait_for_text(page, "#status", "admitted")
    assert "g++" in page.text_content("#build-log") and "Clean" in page.text_content("#admission")
    upload(page, url, broken)
    wait_for_text(page, "#status", "build-failed")
    assert "undeclared" in page.text_content("#build-log")
    page.click("#logout")

    register_and_upload(page, url, "dave", python)
    wait_for_text(page, "#status", "admitted")
    page.click("#logout")

    page.goto(url + "/login")
    page.fill("#name", "org")
    page.fill("#password", PASSWORD)
    page.click("#submit-login")
    page.goto(url + "/organiser")
    page.click("#start-round")
    page.goto(url + "/ranking")
    deadline = time.monotonic() + 180
    while True:  # the ranking redraws itself from /api/ranking until both have played
        rows = {row.locator("th").text_content(): int(row.locator("td.col-games").text_content())
                for row in page.locator("#ranking tbody tr").all()}
        if set(rows) == {"carol", "dave"} and min(rows.values()) >= 2:
            break
        assert time.monotonic() < deadline, f"the round's games never showed: {rows}"
        page.wait_for_timeout(500)

    page.goto(url + "/games")
    page.locator("a.replay-link").first.click()
    page.click("#last")
    deadline = time.monotonic() + 10
    while not page.evaluate("(b => b.complete && b.naturalWidth > 100)(document.getElementById('board'))"):
        assert time.monotonic() < deadline, "the board's drawing did not load"
        page.wait_for_timeout(20)
    assert page.console.errors == []
