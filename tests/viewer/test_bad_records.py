"""A record with a field missing or of the wrong type is refused by name (400), on every page and
API endpoint that reads it, from a records folder or a tournament database; never a 500."""

import copy
import itertools
import json
import shutil
import socket
import sqlite3
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.viewer.viewer_app import create_app
from arena.web_common.record_check import BadRecord, validate_record
from arena.web_common.server import BackgroundServer

MISSING = object()
ARENA = [sys.executable, "-m", "arena.cli"]  # this interpreter, this environment: the code under test

# (where in a good Flippo record, the value put there, what the refusal must say)
BAD_FIELDS = [
    (("moves",), "abc", "moves must be a list of moves, not a string"),
    (("moves",), [1, 2, 3], "moves[0] must be a JSON object"),
    (("moves",), MISSING, "moves is missing"),
    (("moves", 0, "text"), MISSING, "moves[0].text must be a string"),
    (("moves", 0, "text"), 7, "moves[0].text must be a string"),
    (("moves", 3, "seat"), 2, "moves[3].seat must be 0 or 1"),
    (("moves", 3, "seat"), True, "moves[3].seat must be 0 or 1"),
    (("moves", 1, "wall_ms"), "fast", "moves[1].wall_ms must be a number"),
    (("moves", 1, "cpu_ms"), MISSING, "moves[1].cpu_ms must be a number"),
    (("moves", 2, "jury"), "yes", "moves[2].jury must be true or false"),
    (("result",), "x", "result must be a JSON object, not a string"),
    (("result",), MISSING, "result is missing"),
    (("result", "scores"), [1], "result.scores must be a list of 2 numbers"),
    (("result", "scores"), ["1", 2], "result.scores must be a list of 2 numbers"),
    (("result", "winner"), 2, "result.winner must be 0, 1 or null"),
    (("result", "verdicts"), "ok", "result.verdicts must be a list of 2 strings"),
    (("result", "faults"), [None], "result.faults must be a list of 2 strings or nulls"),
    (("result", "reason"), MISSING, "result.reason is missing"),
    (("result", "game_points"), {"a": 1}, "result.game_points must be a list of 2 numbers"),
    (("stderr",), 5, "stderr must be a list of 2 strings, not a number (5)"),
    (("players",), 7, "players must be a list of 2 objects"),
    (("players",), MISSING, "players is missing"),
    (("players", 1, "name"), None, "players[1].name must be a string"),
    (("players", 0, "command"), ["bot"], "players[0].command must be a string or null"),
    (("game",), "chess", "game must be one of the games"),
    (("game",), ["flippo"], "game must be one of the games"),
    (("game",), MISSING, "game is missing"),
    (("setup",), "x", "setup must be a JSON object"),
    (("clock_ms",), "5 s", "clock_ms must be a number"),
    (("clock_ms",), float("nan"), "clock_ms must be a number, not NaN"),
    (("seed",), 1.5, "seed must be an integer or null"),
    (("started_at",), 2026, "started_at must be a string or null"),
    (("times",), [1, 2], "times must be a list of 2 objects"),
    (("transcripts",), [[1], []], "transcripts[0][0] must be a pair of strings"),
    (("transcripts",), "none", "transcripts must be a list of 2 lists"),
    (("sandbox",), float("inf"), "sandbox must be a number, not Infinity"),  # no JSON: the API could not send it
]


def changed(record: dict, where: tuple, value) -> dict:
    """A copy of ``record`` with the field at ``where`` set to ``value`` (or removed: MISSING)."""
    record = copy.deepcopy(record)
    holder = record
    for key in where[:-1]:
        holder = holder[key]
    if value is MISSING:
        if isinstance(holder, list) or where[-1] in holder:
            del holder[where[-1]]
    else:
        holder[where[-1]] = value
    return record


@pytest.fixture(scope="module")
def good_record(records_dir) -> dict:
    record = json.loads((records_dir / "flippo.json").read_text())
    validate_record(record)  # the table's premise: only the change is wrong
    return record


@pytest.fixture(scope="module")
def bad_folder(tmp_path_factory, good_record):
    """One record file per line of BAD_FIELDS, bad<N>.json, and the good one."""
    folder = tmp_path_factory.mktemp("bad-records")
    for number, (where, value, _) in enumerate(BAD_FIELDS):
        (folder / f"bad{number}.json").write_text(json.dumps(changed(good_record, where, value)))
    (folder / "good.json").write_text(json.dumps(good_record))
    return folder


@pytest.fixture(scope="module")
def bad_folder_server(bad_folder):
    with BackgroundServer(create_app([], bad_folder)) as server:
        yield server


def record_urls(name: str) -> dict[str, bool]:
    """Every address that reads the record ``name``, and whether it is the API's (JSON)."""
    return {f"/records/{name}": False, f"/api/records/{name}": True, f"/api/records/{name}/replay": True,
            f"/api/records/{name}/replay/svg/0": True}


@pytest.mark.parametrize("number", range(len(BAD_FIELDS)),
                         ids=[f"{'.'.join(map(str, where))}={value!r:.12}" for where, value, _ in BAD_FIELDS])
def test_a_bad_field_is_named_on_every_page_and_endpoint(bad_folder_server, fetch, number):
    says = BAD_FIELDS[number][2]
    for url, is_api in record_urls(f"bad{number}.json").items():
        status, body = fetch(bad_folder_server.url + url)
        assert status == 400, (url, status, body[:300])
        message = json.loads(body)["error"] if is_api else body
        assert says in message and f"bad{number}.json" in message, (url, message[:300])
        assert "Traceback" not in body


def test_the_good_record_and_the_lists_still_show(bad_folder_server, fetch):
    for url in record_urls("good.json"):
        assert fetch(bad_folder_server.url + url)[0] == 200, url
    for url in ("/records", "/api/records", "/tournaments", "/api/tournaments"):
        assert fetch(bad_folder_server.url + url)[0] == 200, url


def test_a_setup_the_rules_cannot_start_from_is_named(tmp_path, records_dir, fetch):
    record = json.loads((records_dir / "blackhole.json").read_text())
    (tmp_path / "no-brown.json").write_text(json.dumps(changed(record, ("setup", "brown"), MISSING)))
    with BackgroundServer(create_app([], tmp_path)) as server:
        status, body = fetch(server.url + "/api/records/no-brown.json/replay")
        says = "no-brown.json cannot be replayed: setup: a Black Hole (CodeCup 2018) game cannot start from it"
        assert status == 400 and says in json.loads(body)["error"]
        status, page = fetch(server.url + "/records/no-brown.json")
        assert status == 400 and says in page


# -- any JSON value in any field ----------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8)
PLACES = [("game",), ("setup",), ("players",), ("players", 0), ("players", 1, "name"), ("players", 0, "command"),
          ("moves",), ("moves", 0), ("moves", 5, "text"), ("moves", 5, "seat"), ("moves", 7, "wall_ms"),
          ("moves", 8, "jury"), ("result",), ("result", "scores"), ("result", "winner"), ("result", "verdicts"),
          ("result", "faults"), ("result", "reason"), ("result", "game_points"), ("clock_ms",), ("seed",),
          ("started_at",), ("stderr",), ("times",), ("transcripts",), ("transcripts", 0), ("format",), ("extra",)]
_names = itertools.count()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(PLACES), value=JSON_VALUES | st.just(MISSING))
def test_any_json_value_in_any_field_is_shown_or_refused_never_a_server_error(
        bad_folder, bad_folder_server, good_record, fetch, where, value):
    name = f"fuzz{next(_names)}.json"
    (bad_folder / name).write_text(json.dumps(changed(good_record, where, value)))
    try:
        for url, is_api in record_urls(name).items():
            status, body = fetch(bad_folder_server.url + url)
            assert status in (200, 400), (where, value, url, status, body[:300])
            if status == 400:
                message = json.loads(body)["error"] if is_api else body
                assert name in message, (url, message[:300])
    finally:
        (bad_folder / name).unlink()


# -- a tournament database ---------------------------------------------------------

@pytest.fixture
def spoiled_db(flippo_db, tmp_path):
    """A copy of the tournament database whose game 2 has ``result.scores`` a string."""
    path = tmp_path / "spoiled.db"
    shutil.copyfile(flippo_db, path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET record = json_set(record, '$.result.scores', 'lots') WHERE slot = 2")
    return path


def test_a_bad_game_in_a_database_is_named_on_every_page_that_reads_it(spoiled_db, tmp_path, fetch):
    says = "tournament 0, game 2: result.scores must be a list of 2 numbers, not a string"
    with BackgroundServer(create_app([str(spoiled_db)], tmp_path / "records")) as server:
        for url in ("/t/0", "/t/0/games", "/api/t/0", "/api/t/0/games"):
            status, body = fetch(server.url + url)
            assert status == 400 and says in body, (url, status, body[:300])
        status, body = fetch(server.url + "/api/tournaments")  # the list says it on that tournament's line
        assert status == 200 and says in json.loads(body)[0]["error"]
        status, page = fetch(server.url + "/tournaments")
        assert status == 200 and says in page


def test_a_database_game_whose_record_is_no_json_is_refused(flippo_db, tmp_path, fetch):
    path = tmp_path / "broken.db"
    shutil.copyfile(flippo_db, path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET record = 'not json' WHERE slot = 1")
    with BackgroundServer(create_app([str(path)], tmp_path / "records")) as server:
        for url in ("/t/0", "/api/t/0/games", "/api/t/0/games/1"):
            status, body = fetch(server.url + url)
            assert status == 400 and "cannot be read" in body, (url, status, body[:300])


def test_a_whole_database_record_is_checked_before_its_replay(flippo_db, tmp_path, fetch):
    path = tmp_path / "no-text.db"
    shutil.copyfile(flippo_db, path)
    with sqlite3.connect(path) as db:  # the transcripts are not in the standings' summaries: only the replay sees them
        db.execute("UPDATE games SET record = json_set(record, '$.transcripts', 3) WHERE slot = 4")
    with BackgroundServer(create_app([str(path)], tmp_path / "records")) as server:
        assert fetch(server.url + "/t/0")[0] == 200
        for url in ("/t/0/games/4", "/api/t/0/games/4", "/api/t/0/games/4/replay", "/api/t/0/games/4/replay/svg/1"):
            status, body = fetch(server.url + url)
            assert status == 400 and "game 4: transcripts must be a list of 2 lists" in body, (url, body[:300])


def test_validate_record_names_the_field(good_record):
    with pytest.raises(BadRecord, match=r"^moves must be a list of moves, not a string \(\"abc\"\)$"):
        validate_record(changed(good_record, ("moves",), "abc"))


def test_a_bug_of_ours_is_a_plain_500_page_not_a_traceback(bad_folder_server, fetch, monkeypatch):
    from arena.web_common import replay_boards

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.setattr(replay_boards.Replay, "page_view", broken)  # the same server: its pages call this
    monkeypatch.setattr(replay_boards.Replay, "full_view", broken)
    status, page = fetch(bad_folder_server.url + "/records/good.json")
    assert status == 500 and "Something went wrong" in page and "ZeroDivisionError" in page
    assert "Traceback" not in page and "a bug of ours" not in page  # the details stay in the server's log
    status, body = fetch(bad_folder_server.url + "/api/records/good.json/replay")
    assert status == 500 and json.loads(body)["error"].startswith("the viewer failed")


# -- through the real commands -------------------------------------------------------

def test_arena_view_of_a_record_whose_moves_is_a_string_says_so(tmp_path, good_record):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(changed(good_record, ("moves",), "abc")))
    done = subprocess.run([*ARENA, "view", str(bad), "--port", "1"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "moves must be a list of moves, not a string (\"abc\")" in done.stderr and "Traceback" not in done.stderr


def test_arena_serve_answers_a_bad_record_with_its_fault(tmp_path, good_record, fetch, fetch_once_up):
    (tmp_path / "bad.json").write_text(json.dumps(changed(good_record, ("moves",), "abc")))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([*ARENA, "serve", "--records", str(tmp_path), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()  # the address: the server is about to listen
        status, page = fetch_once_up(server, f"http://127.0.0.1:{port}/records/bad.json")
        says = "bad.json is not a game record the viewer can show: moves must be a list of moves"
        assert status == 400 and says in page and "Traceback" not in page
        status, body = fetch(f"http://127.0.0.1:{port}/api/records/bad.json/replay")
        assert status == 400 and says in json.loads(body)["error"]
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "Traceback" not in server.stderr.read()
