"""The server's few places for browser games: a game left alone ends, a finished game frees its place
at once, and no visitor (browser cookie) or address can take every place."""

import http.client
import json
import time

import pytest

from arena.viewer.viewer_app import create_app
from arena.viewer.play_manager import MAX_GAMES_AT_ONCE, MAX_GAMES_PER_ADDRESS, MAX_GAMES_PER_VISITOR, PlayBusy, \
    PlayManager, Visitor
from arena.web_common.server import BackgroundServer

IDLE_S = 0.5  # the person's idle time in these tests (5 minutes in a real viewer)


def post(server, path: str, body: dict, cookie: str | None = None, source: str = "127.0.0.1"):
    """POST JSON from the address ``source`` (any 127.x.y.z reaches the server), with a cookie if given;
    returns (status, parsed body, the Set-Cookie header)."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=60, source_address=(source, 0))
    headers = {"Content-Type": "application/json", **({"Cookie": f"arena_visitor={cookie}"} if cookie else {})}
    try:
        connection.request("POST", path, json.dumps(body), headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read()), response.getheader("Set-Cookie")
    finally:
        connection.close()


def new_game(server, cookie: str | None = None, source: str = "127.0.0.1"):
    return post(server, "/api/play", {"game": "flippo", "opponent": "builtin:random", "seat": 0, "seed": 1},
                cookie, source)


def wait_for_status(session, wanted: set[str], limit_s: float = 60) -> dict:
    deadline = time.monotonic() + limit_s
    version = -1
    while time.monotonic() < deadline:
        view = session.view(version, 1.0)
        version = view["version"]
        if view["status"] in wanted:
            return view
    raise AssertionError(f"the game never reached {wanted}")


@pytest.fixture
def viewer(tmp_path):
    app = create_app([], tmp_path / "records", play_idle_s=IDLE_S)
    with BackgroundServer(app) as server:
        yield server, app.state.viewer.plays
        for session in app.state.viewer.plays.running():  # no program is left running after the test
            session.resign()
            session.finished.wait(30)


def test_a_game_left_alone_ends_as_the_persons_time_out_and_its_record_is_kept(viewer, tmp_path):
    server, plays = viewer
    status, started, _ = new_game(server)
    assert status == 200
    session = plays.get(started["id"])
    wait_for_status(session, {"your move"})
    over = wait_for_status(session, {"over"}, limit_s=30)  # nobody moves
    assert over["result"]["verdicts"] == ["timeout", "ok"]
    assert "no move came from the browser in 0.5 seconds" in over["result"]["faults"][0]
    record = json.loads((tmp_path / "records" / over["record"]).read_text())
    assert record["result"] == over["result"] and record["players"][0]["name"] == "human"
    assert plays.running() == []


def test_a_finished_game_frees_its_place_before_the_page_hears_it_is_over(viewer):
    server, plays = viewer
    session = plays.get(new_game(server)[1]["id"])
    wait_for_status(session, {"your move"})
    session.resign()
    wait_for_status(session, {"over"})
    assert plays.running() == []  # told "over", the place is already free
    assert session.finished.is_set() and plays.get(session.id) is session  # its page still shows the result


def test_a_game_beyond_every_place_starts_once_the_first_have_ended(tmp_path):
    plays = PlayManager(tmp_path, idle_s=IDLE_S)
    start = lambda n: plays.start("flippo", "builtin:random", 0, n, 1.0, Visitor(f"visitor{n}", f"10.0.0.{n}"))
    first = [start(n) for n in range(MAX_GAMES_AT_ONCE)]
    with pytest.raises(PlayBusy, match=f"{MAX_GAMES_AT_ONCE} games are being played here already"):
        start(MAX_GAMES_AT_ONCE)
    for session in first[::2]:  # half resign; the other half are left until they expire
        wait_for_status(session, {"your move"})
        session.resign()
    for session in first:
        assert session.finished.wait(30)
    assert {s.view()["result"]["verdicts"][0] for s in first} == {"exit", "timeout"}
    ninth = start(MAX_GAMES_AT_ONCE)
    assert plays.running() == [ninth]
    ninth.resign()
    assert ninth.finished.wait(30)


def test_one_visitor_is_refused_beyond_its_share_while_another_still_starts(viewer):
    server, plays = viewer
    status, _, cookie_header = new_game(server)
    assert status == 200 and "arena_visitor=" in cookie_header and "HttpOnly" in cookie_header
    cookie = cookie_header.split("arena_visitor=")[1].split(";")[0]
    for _ in range(MAX_GAMES_PER_VISITOR - 1):
        assert new_game(server, cookie)[0] == 200
    status, refused, _ = new_game(server, cookie)
    assert status == 429 and refused["error"].startswith(f"you are playing {MAX_GAMES_PER_VISITOR} games")
    assert new_game(server, "another_visitor_cookie", source="127.0.0.2")[0] == 200  # another browser
    assert len(plays.running()) == MAX_GAMES_PER_VISITOR + 1


def test_one_address_is_refused_beyond_its_share_while_another_still_starts(viewer):
    server, plays = viewer
    for _ in range(MAX_GAMES_PER_ADDRESS):  # a client that never keeps its cookie: a new visitor each time
        assert new_game(server)[0] == 200
    status, refused, _ = new_game(server)
    assert status == 429 and "from your address already" in refused["error"]
    assert new_game(server, source="127.0.0.2")[0] == 200
    assert len(plays.running()) == MAX_GAMES_PER_ADDRESS + 1
    # two addresses once took every place; now it takes eight
    assert MAX_GAMES_AT_ONCE >= 8 * MAX_GAMES_PER_ADDRESS


def test_only_the_latest_finished_games_are_kept(tmp_path, monkeypatch):
    from arena.viewer import play_manager

    monkeypatch.setattr(play_manager, "FINISHED_KEPT", 2)
    plays = PlayManager(tmp_path, idle_s=IDLE_S)
    visitor = Visitor("one_visitor_cookie_abc", "10.0.0.1")
    ended = []
    for seed in range(4):
        session = plays.start("flippo", "builtin:random", 0, seed, 1.0, visitor)
        wait_for_status(session, {"your move"})
        session.resign()
        assert session.finished.wait(30)
        ended.append(session.id)
    latest = plays.start("flippo", "builtin:random", 0, 9, 1.0, visitor)
    assert list(plays.sessions) == [*ended[-2:], latest.id]  # the older finished games are let go
    latest.resign()
    assert latest.finished.wait(30)
