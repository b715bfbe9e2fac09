"""A whole Flippo game against builtin:random, played by clicking the board in chromium."""

import json
import re
import time

import pytest

from arena.games.flippo.rules import ROWS
from arena.games.flippo.svg import CELL, HEIGHT, MARGIN, WIDTH
from arena.games.replay import replay
from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

pytestmark = pytest.mark.browser


def click_square(page, square: str) -> None:
    """Click the middle of a square of the board's drawing, wherever the image is and however large."""
    row, column = ROWS.index(square[0]), int(square[1:]) - 1
    box = page.locator("#board").bounding_box()
    x = (MARGIN + column * CELL + CELL / 2) / WIDTH * box["width"]
    y = (MARGIN + row * CELL + CELL / 2) / HEIGHT * box["height"]
    page.click("#board", position={"x": x, "y": y})


def wait_for_turn_or_end(page, limit_s: float = 60) -> bool:
    """True when it is our move, False once the game is over and its replay is open."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if "/records/" in page.url:
            return False
        if page.locator("#status").count() and page.text_content("#status") == "your move" \
                and page.locator("#legal button").count():
            return True
        page.wait_for_timeout(50)
    raise AssertionError("neither our turn nor the end came")


def test_a_flippo_game_played_by_clicking_ends_with_the_right_result(page, tmp_path):
    records = tmp_path / "records"
    with BackgroundServer(create_app([], records)) as server:
        page.goto(f"{server.url}/play")
        page.select_option("#game", "flippo")
        page.fill("#opponent", "builtin:random")
        page.select_option("#seat", "1")  # Black: the program moves first
        page.fill("#seed", "21")
        page.click("#start")
        page.wait_for_url(re.compile(r"/play/[\w-]+$"))  # the game's id: a URL-safe token
        # an occupied square is refused with the rules' reason, and nothing is played
        assert wait_for_turn_or_end(page)
        click_square(page, "D4")
        page.wait_for_selector("#refusal:has-text('Refused')")
        clicks = 0
        while wait_for_turn_or_end(page):
            moves_before = page.locator("#moves li").count()
            click_square(page, page.text_content("#legal button"))  # the first legal move, on the board
            clicks += 1
            deadline = time.monotonic() + 30
            while page.locator("#moves li").count() == moves_before and "/records/" not in page.url:
                assert time.monotonic() < deadline, "the click played nothing"
                page.wait_for_timeout(30)
        page.wait_for_selector("#result-scores")
        [name] = [path.name for path in records.glob("*.json")]
        record = json.loads((records / name).read_text())
        assert page.url.endswith(f"/records/{name}")
        assert clicks == sum(1 for move in record["moves"] if move["seat"] == 1)
        assert len(record["moves"]) == 60 and record["players"][1]["name"] == "human"
        assert record["result"]["verdicts"] == ["ok", "ok"]
        assert list(replay(record).scores()) == record["result"]["scores"]  # the rules agree with the judge
        white, black = record["result"]["scores"]
        assert page.text_content("#result-scores") == f"White {white} – Black {black}"
        assert page.console.errors == []
