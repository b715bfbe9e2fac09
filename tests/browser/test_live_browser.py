"""A tournament running in another process; the standings and games pages, left open, follow it."""

import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

pytestmark = pytest.mark.browser

# this interpreter and its environment (PYTHONPATH included): the arena under test, not another copy
ARENA = [sys.executable, "-m", "arena.cli"]
WIDE = {**os.environ, "COLUMNS": "200"}


def wait_for_identity(db: Path, limit_s: float = 60) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        try:
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
                if conn.execute("SELECT count(*) FROM tournament").fetchone()[0]:
                    return
        except sqlite3.OperationalError:
            pass
        time.sleep(0.05)
    raise AssertionError("the tournament never started")


def played(page) -> tuple[int, int]:
    found = re.match(r"(\d+) of (\d+) games played", page.text_content("#progress"))
    return int(found[1]), int(found[2])


# serial: the pages follow within 2 s of the last game
@pytest.mark.serial
def test_the_standings_left_open_show_every_game_without_a_reload(browser, tmp_path):
    db = tmp_path / "live.db"
    tournament = subprocess.Popen(
        [*ARENA, "tournament", "flippo", "--player", "a=builtin:random", "--player", "b=builtin:greedy",
         "--player", "c=builtin:random", "--rounds", "2", "--seed", "9", "--time-scale", "0.2", "--jobs", "1",
         "--db", str(db)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for_identity(db)
        with BackgroundServer(create_app([str(db)], tmp_path / "records")) as server:
            context = browser.new_context()
            standings, games = context.new_page(), context.new_page()
            streams: list[str] = []  # every event stream a page of this test opens
            context.on("request", lambda request: streams.append(request.url) if "/events" in request.url else None)
            standings.goto(f"{server.url}/t/0")
            games.goto(f"{server.url}/t/0/games")
            for page in (standings, games):
                page.evaluate("window.loadedOnce = true")  # gone if the page ever reloads
            at_load, scheduled = played(standings)
            assert scheduled == 12 and at_load < scheduled, "the tournament ended before the page opened"
            assert tournament.wait(timeout=240) == 0, tournament.stderr.read()
            ended = time.monotonic()
            while played(standings)[0] < scheduled or games.locator("#games tbody tr").count() < scheduled:
                assert time.monotonic() - ended < 2.0, "the pages did not follow within 2 s of the last game"
                standings.wait_for_timeout(50)
            for page in (standings, games):
                assert page.evaluate("window.loadedOnce") is True
            printed = subprocess.run([*ARENA, "standings", "--db", str(db)], capture_output=True, text=True,
                                     check=True, env=WIDE).stdout
            for row in standings.locator("#standings tbody tr").all():
                cells = [cell.text_content() for cell in row.locator("th, td").all()]
                assert " ".join(cells) in re.sub(r" +", " ", printed)  # the final standings, as printed
            assert games.text_content("#total") == "12 games"
            # the tournament is over: the pages say so and close their streams for good (no reconnecting)
            for page in (standings, games):
                page.wait_for_function("document.getElementById('live').textContent === 'finished'", timeout=5000)
            opened = len(streams)
            standings.wait_for_timeout(2500)  # a stream closed by the server alone is reopened after 1 s
            assert len(streams) == opened
            # and a page opened on the finished tournament opens none
            later = context.new_page()
            later.goto(f"{server.url}/t/0")
            later.wait_for_timeout(1500)
            assert later.text_content("#live") == "finished" and len(streams) == opened
            context.close()
    finally:
        if tournament.poll() is None:
            tournament.kill()
            tournament.wait()
