"""Every game's replay in chromium: step to the end, the score shown is the record's, no console error."""

import json
import time

import pytest

from arena.games import game_names

pytestmark = pytest.mark.browser


def board_loaded(page, limit_s: float = 10) -> str:
    """Wait for the board image to finish loading (polled: the page's CSP forbids wait_for_function)."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if page.evaluate("(b => b.complete && b.naturalWidth > 100)(document.getElementById('board'))"):
            return page.get_attribute("#board", "src")
        page.wait_for_timeout(20)
    raise AssertionError("the board's drawing did not load")


@pytest.mark.parametrize("game", game_names())
def test_stepping_a_replay_to_its_end_shows_the_records_score(page, records_server, records_dir, game, tmp_path):
    record = json.loads((records_dir / f"{game}.json").read_text())
    page.goto(f"{records_server.url}/records/{game}.json")
    plies = int(page.get_attribute("#slider", "max"))
    assert page.text_content("#ply") == "0"
    page.click("#forward")
    assert page.text_content("#ply") == "1"
    assert f"ply=1" in page.url
    page.keyboard.press("ArrowLeft")
    assert page.text_content("#ply") == "0"
    for _ in range(plies):
        page.keyboard.press("ArrowRight")
    assert page.text_content("#ply") == str(plies)
    seats = record["seats"]
    expected = " – ".join(f"{seat} {score}" for seat, score in zip(seats, record["result"]["scores"]))
    assert page.text_content("#score") == expected
    assert board_loaded(page).endswith(f"/svg/{plies}")  # the last board's drawing is shown
    page.screenshot(path=str(tmp_path / f"{game}-replay.png"), full_page=True)
    assert page.console.errors == []


def test_a_link_to_a_ply_opens_that_ply_and_the_slider_moves(page, records_server):
    page.goto(f"{records_server.url}/records/flippo.json#ply=17")
    assert page.text_content("#ply") == "17"
    assert page.text_content("#moves tr.current td") == "17"  # the move list follows
    page.fill("#slider", "40")
    assert page.text_content("#ply") == "40"
    page.click("#playpause")
    page.wait_for_timeout(2000)  # playing steps every 0.7 s (the page's CSP forbids wait_for_function's eval)
    assert int(page.text_content("#ply")) >= 42
    page.click("#playpause")
    assert page.console.errors == []
