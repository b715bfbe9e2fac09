"""The viewer's standings are those ``arena standings`` prints; the games list filters."""

import os
import re
import subprocess
import sys

# this interpreter and its environment (PYTHONPATH included): the arena under test, not another copy
ARENA = [sys.executable, "-m", "arena.cli"]
WIDE = {**os.environ, "COLUMNS": "200"}


def cli_rows(db) -> dict[str, list[str]]:
    """Each player's row of ``arena standings`` (cells split on spaces), by name."""
    out = subprocess.run([*ARENA, "standings", "--db", str(db)], capture_output=True, text=True,
                         check=True, env=WIDE).stdout
    rows = {}
    for line in out.splitlines():
        cells = line.split()
        if len(cells) >= 12 and re.fullmatch(r"\d+", cells[0]):
            rows[cells[1]] = cells
    return rows


def test_the_standings_are_those_arena_standings_prints(server, flippo_db, fetch_json):
    view = fetch_json(f"{server.url}/api/t/0")
    printed = cli_rows(flippo_db)
    assert [row[1] for row in view["standings"]["rows"]] == list(printed)  # same players, same order
    for row in view["standings"]["rows"]:
        assert row == printed[row[1]]  # every number the same
    assert view["played"] == view["scheduled"] == 6


def test_the_standings_page_shows_every_player_and_number(server, flippo_db, fetch):
    status, page = fetch(f"{server.url}/t/0")
    assert status == 200
    for cells in cli_rows(flippo_db).values():
        row = re.search(rf">{re.escape(cells[1])}</a></th>(.*?)</tr>", page, re.S)
        assert row, cells[1]
        assert re.findall(r"<td>(.*?)</td>", row[1]) == cells[2:]


def test_the_front_page_with_one_database_is_its_standings(server, fetch):
    status, page = fetch(server.url + "/")
    assert status == 200 and "standings" in page and "Row against column" in page


def test_games_filtered_by_player_seat_and_verdict(server, fetch, fetch_json):
    every = fetch_json(f"{server.url}/api/t/0/games")["games"]
    assert len(every) == 6
    mine = fetch_json(f"{server.url}/api/t/0/games?player=greedy")["games"]
    assert len(mine) == 4 and all("greedy" in g["players"] for g in mine)
    as_white = fetch_json(f"{server.url}/api/t/0/games?player=greedy&seat=0")["games"]
    assert len(as_white) == 2 and all(g["players"][0] == "greedy" for g in as_white)
    assert fetch_json(f"{server.url}/api/t/0/games?verdict=crash")["games"] == []
    assert len(fetch_json(f"{server.url}/api/t/0/games?verdict=ok")["games"]) == 6
    status, page = fetch(f"{server.url}/t/0/games?player=greedy&seat=1")
    assert status == 200 and page.count('<td><a href="/t/0/games/') == 2


def test_unknown_things_are_404_with_a_message(server, fetch):
    assert fetch(f"{server.url}/api/t/7")[0] == 404
    status, body = fetch(f"{server.url}/api/t/0/games/999")
    assert status == 404 and "no game in slot 999" in body
    assert fetch(f"{server.url}/records/..%2Fetc%2Fpasswd")[0] == 404
    assert fetch(f"{server.url}/records/nothing.json")[0] == 404


def test_with_several_databases_the_front_page_lists_the_tournaments(flippo_db, records_dir, fetch, fetch_json):
    from arena.viewer.viewer_app import create_app
    from arena.web_common.server import BackgroundServer

    with BackgroundServer(create_app([str(flippo_db), str(flippo_db)], records_dir)) as server:
        status, page = fetch(server.url + "/")
        assert status == 200 and page.count('href="/t/') == 2 and "6 / 6" in page
        listed = fetch_json(server.url + "/api/tournaments")
        assert [t["id"] for t in listed] == [0, 1] and listed[0]["players"] == ["greedy", "rand", "rand2"]
        assert listed[0]["leader"] == fetch_json(server.url + "/api/t/0")["standings"]["rows"][0][1]
