"""The live stream of a tournament's pages: it follows the games while some are still to come, and
ends (or is never opened) once every scheduled game is saved."""

import http.client
import json
import shutil
import sqlite3
import threading
import time

from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer


def open_stream(server, path: str, timeout_s: float = 10) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=timeout_s)
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
    return response


def event_names(stream: http.client.HTTPResponse) -> list[str]:
    """Each event's name ("games", "finished") until the stream ends (comments and data passed over)."""
    return [line[len(b"event: "):].decode().strip() for line in stream if line.startswith(b"event: ")]


def test_the_stream_of_a_finished_tournament_ends_at_once(server):
    started = time.monotonic()
    stream = open_stream(server, "/api/t/0/events")
    assert event_names(stream) == ["games", "finished"]  # returns only once the server has ended the stream
    assert time.monotonic() - started < 3


def test_the_pages_of_a_finished_tournament_open_no_stream(server, fetch, fetch_json):
    assert fetch_json(f"{server.url}/api/t/0")["finished"] is True
    assert fetch_json(f"{server.url}/api/t/0/games")["finished"] is True
    for url in ("/t/0", "/t/0/games"):
        status, page = fetch(server.url + url)
        assert status == 200 and '<span id="live">finished</span>' in page
        data = json.loads(page.split('id="page-data">')[1].split("</script>")[0])
        assert data["finished"] is True  # live.js opens no EventSource then


def test_the_stream_follows_a_tournament_until_its_last_game_then_ends(flippo_db, tmp_path):
    path = tmp_path / "unfinished.db"
    shutil.copyfile(flippo_db, path)
    with sqlite3.connect(path) as db:  # the last game not played yet
        last = db.execute("SELECT * FROM games WHERE slot = (SELECT max(slot) FROM games)").fetchone()
        db.execute("DELETE FROM games WHERE slot = ?", (last[0],))
    with BackgroundServer(create_app([str(path)], tmp_path / "records")) as server:
        events: list[str] = []
        reader = threading.Thread(target=lambda: events.extend(event_names(open_stream(server, "/api/t/0/events"))),
                                  daemon=True)
        reader.start()
        reader.join(timeout=1.5)
        assert reader.is_alive(), f"the stream ended with a game still to come: {events}"
        with sqlite3.connect(path) as db:  # the tournament saves its last game
            db.execute(f"INSERT INTO games VALUES ({','.join('?' * len(last))})", last)
        reader.join(timeout=5)
        assert not reader.is_alive(), "the stream stayed open after the last game"
        assert events == ["games", "games", "finished"]
