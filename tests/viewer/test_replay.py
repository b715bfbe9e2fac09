"""Replays of every game: a board per ply from the rules, times and clocks, the record's result."""

import json

import pytest

from arena.games import game_names


@pytest.mark.parametrize("game", game_names())
def test_a_replay_has_a_board_per_move_and_the_records_result(server, records_dir, game, fetch, fetch_json):
    record = json.loads((records_dir / f"{game}.json").read_text())
    view = fetch_json(f"{server.url}/api/records/{game}.json/replay")
    played = [m for m in record["moves"] if not m.get("automatic")]
    assert view["replay_error"] is None
    assert len(view["plies"]) == len(played) + 1
    assert all(p["svg"].startswith("<svg") for p in view["plies"])
    assert view["result"] == record["result"]
    for ply, move in zip(view["plies"][1:], played):
        assert ply["move"]["text"] == move["text"] and ply["move"]["wall_ms"] == move.get("wall_ms")
    # the clocks run down by each seat's own moves
    used = sum(m.get("wall_ms", 0) for m in played if m["seat"] == 0)
    assert view["plies"][-1]["clocks"][0] == pytest.approx(record["clock_ms"] - used, abs=0.2)
    status, page = fetch(f"{server.url}/records/{game}.json")
    assert status == 200 and view["title"] in page
    status, svg = fetch(f"{server.url}/api/records/{game}.json/replay/svg/{len(played)}")
    assert status == 200 and svg == view["plies"][-1]["svg"]  # the page's images: one per ply
    assert fetch(f"{server.url}/api/records/{game}.json/replay/svg/{len(played) + 1}")[0] == 404


def test_a_tournament_game_replays_from_the_database(server, fetch_json):
    view = fetch_json(f"{server.url}/api/t/0/games/0/replay")
    record = fetch_json(f"{server.url}/api/t/0/games/0")
    assert len(view["plies"]) == len(record["moves"]) + 1 == 61
    assert view["plies"][-1]["board_scores"] == record["result"]["scores"]


def test_a_malformed_record_is_refused_with_a_message(records_dir, fetch):
    from arena.viewer.viewer_app import create_app
    from arena.web_common.server import BackgroundServer

    folder = records_dir.parent / "broken-records"
    folder.mkdir(exist_ok=True)
    (folder / "chess.json").write_text('{"game": "chess", "moves": [], "players": []}')
    (folder / "cut.json").write_text('{"game": "flippo", "moves": [{"seat": 0}]}')
    (folder / "junk.json").write_text("not json")
    with BackgroundServer(create_app([], folder)) as server:
        for name, says in [("chess", "game must be one of the games"), ("cut", "setup is missing"),
                           ("junk", "cannot read")]:
            status, page = fetch(f"{server.url}/records/{name}.json")
            assert status == 400 and says in page, (name, page[:300])


LAST_MOVE_MARKS = ('class="last-move"', 'class="last-placed"')  # the drawings' mark (Lucky Words: a letter placed)


@pytest.mark.parametrize("game", game_names())
def test_the_first_ply_marks_its_move_as_every_later_one_does(server, game, fetch):
    """Ply 1 is drawn with the start position as ``before``, like every ply after it: a replay that
    treated ply 1 as the start (no position before it) would show the first move unmarked."""
    marks = []
    for ply in range(4):
        status, svg = fetch(f"{server.url}/api/records/{game}.json/replay/svg/{ply}")
        assert status == 200
        marks.append(sum(svg.count(mark) for mark in LAST_MOVE_MARKS))
    assert marks == [0, 1, 1, 1], (game, marks)  # the start has no move to mark; each move one mark


def test_black_hole_shows_no_score_on_the_board_before_the_hole_exists(server, fetch_json):
    view = fetch_json(f"{server.url}/api/records/blackhole.json/replay")
    assert all(ply["board_scores"] is None for ply in view["plies"][:-1])  # not 75 - 75
    assert view["plies"][-1]["board_scores"] == view["result"]["scores"]
    assert 'aria-label="Black Hole"' in view["plies"][1]["svg"]  # no "Red 75, Blue 75" either
