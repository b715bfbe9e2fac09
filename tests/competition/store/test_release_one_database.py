"""A competition made by the release before schema versions (a4b2aa1: version 1) opens with this
arena, migrated, and its site reports everything as that release did: every round's ranking and
cross table, every game and its public record, who may read whose stderr, the analysis, the
announcements, the accounts (one disabled) and the submissions (one whose build failed).

release_1_competition.db and release_1_reports.json were made together by that release (README.md
says how); a copy of the database is opened here, never the committed file itself.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from arena.competition.folder import CompetitionFolder
from arena.competition.build import languages
from arena.competition.site.site_app import create_app
from arena.competition.store.database import CompetitionStore
from arena.competition.store.migrations import LATEST
from arena.web_common.server import BackgroundServer

HERE = Path(__file__).parent
DATABASE = HERE / "release_1_competition.db"
REPORTS = json.loads((HERE / "release_1_reports.json").read_text())
PASSWORD = "correct horse"  # every account's in that competition


class IdleConductor:
    """The site's conductor while nothing is built or played: this test only reads."""

    def status(self) -> dict:
        return {}

    def next_scheduled_round(self):
        return None


def call(url: str, method: str, path: str, data=None, token: str | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url + path, method=method,
                                     data=None if data is None else json.dumps(data).encode())
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read()


def as_json(answer: tuple[int, bytes]) -> list:
    status, body = answer
    return [status, json.loads(body)]


def assert_still_reported(then, now, where: str = "") -> None:
    """Everything the release reported is reported the same now; a later release may add keys."""
    if isinstance(then, dict):
        assert isinstance(now, dict), f"{where}: {now!r} is no longer an object"
        for key, value in then.items():
            assert key in now, f"{where}: {key!r} is no longer reported"
            assert_still_reported(value, now[key], f"{where}.{key}")
    elif isinstance(then, list):
        assert isinstance(now, list) and len(now) == len(then), f"{where}: {then!r} became {now!r}"
        for index, (old, new) in enumerate(zip(then, now)):
            assert_still_reported(old, new, f"{where}[{index}]")
    else:
        assert then == now, f"{where}: {then!r} became {now!r}"


@pytest.fixture(scope="module")
def opened(tmp_path_factory):
    """A copy of the release's competition, opened by this arena's store, and served."""
    folder = CompetitionFolder(tmp_path_factory.mktemp("release-1") / "competition")
    folder.root.mkdir(mode=0o700)
    shutil.copyfile(DATABASE, folder.database)
    languages.write_default_table(folder.languages)
    store = CompetitionStore(folder.database)
    with BackgroundServer(create_app(folder, store, IdleConductor())) as server:
        tokens = {name: json.loads(call(server.url, "POST", "/api/login", {"name": name, "password": PASSWORD})[1])
                  ["token"] for name in ("org", "alice")}
        yield folder, store, server.url, tokens
    store.close()


def test_the_database_is_migrated_to_this_release_and_kept_aside_as_it_was(opened):
    folder, store, _, _ = opened
    assert store.migrated_from == 1
    with sqlite3.connect(folder.database) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST
    kept = folder.root / f"competition.db.before-v{LATEST}"
    assert kept.is_file()
    with sqlite3.connect(kept) as db:  # the copy aside is the release's database, unchanged
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == len(REPORTS["games"])


def test_every_round_ranks_and_cross_tables_as_the_release_did(opened):
    _, _, url, _ = opened
    assert_still_reported(REPORTS["rounds"], as_json(call(url, "GET", "/api/rounds"))[1], "rounds")
    kinds = {r["kind"] for r in REPORTS["rounds"]["rounds"]}
    assert {"test", "debut", "final-robin"} <= kinds  # what the committed competition holds
    for round_id, report in REPORTS["round"].items():
        assert_still_reported(report, as_json(call(url, "GET", f"/api/rounds/{round_id}")), f"round {round_id}")
    for round_id, report in REPORTS["ranking_of_round"].items():
        assert_still_reported(report, as_json(call(url, "GET", f"/api/ranking?round={round_id}")),
                              f"ranking of round {round_id}")
    assert_still_reported(REPORTS["ranking"], as_json(call(url, "GET", "/api/ranking")), "ranking")
    assert_still_reported(REPORTS["ranking_final"], as_json(call(url, "GET", "/api/ranking?kind=final")), "final")
    tested = [r for r in REPORTS["round"].values() if r[1]["kind"] == "test"]
    assert len(tested) == 2 and all(r[1]["ranking"]["rows"] and r[1]["crosstable"]["rows"] for r in tested)


def test_every_game_and_its_record_are_as_the_release_gave_them(opened):
    _, _, url, _ = opened
    games, offset = [], 0
    while True:
        page = as_json(call(url, "GET", f"/api/games?limit=500&offset={offset}"))[1]
        games += page["games"]
        if not page["more"]:
            break
        offset += 500
    assert_still_reported(REPORTS["games"], games, "games")
    for game_id, (status, digest) in REPORTS["record_sha256"].items():
        answer = call(url, "GET", f"/api/games/{game_id}/record")
        assert [answer[0], hashlib.sha256(answer[1]).hexdigest()] == [status, digest], f"game {game_id}'s record"


def test_stderr_is_shown_to_whom_the_release_showed_it_and_to_nobody_else(opened):
    _, _, url, tokens = opened
    refused = 0
    for key, (status, digest) in REPORTS["stderr"].items():
        game_id, seat, reader = key.split("/")
        answer = call(url, "GET", f"/api/games/{game_id}/stderr/{seat}", token=tokens[reader])
        assert [answer[0], hashlib.sha256(answer[1]).hexdigest()] == [status, digest], key
        refused += status == 403
    assert refused > 0  # alice was refused another contestant's stderr, and still is


def test_the_analysis_announcements_accounts_and_submissions_are_kept(opened):
    _, _, url, tokens = opened
    game = REPORTS["analysed_game"]
    assert REPORTS["analysis"][1]["state"] == "done"
    status, now = as_json(call(url, "GET", f"/api/games/{game}/analysis"))
    # the graph is drawn afresh from the kept analysis: issue 50 gave its axis room for every value
    # and its tooltips the first seat's view; the analysis itself is what must be kept
    then = {key: value for key, value in REPORTS["analysis"][1].items() if key != "graph"}
    assert now["graph"].startswith('<svg xmlns="http://www.w3.org/2000/svg" id="eval-graph"')
    assert_still_reported([REPORTS["analysis"][0], then], [status, now], "analysis")
    assert_still_reported(REPORTS["announcements"], as_json(call(url, "GET", "/api/announcements")), "announcements")
    assert_still_reported(REPORTS["users"], as_json(call(url, "GET", "/api/organiser/users", token=tokens["org"])),
                          "accounts")
    assert_still_reported(REPORTS["submissions"],
                          as_json(call(url, "GET", "/api/submissions?all=true", token=tokens["org"])), "submissions")
    assert "build-failed" in {s["status"] for s in REPORTS["submissions"][1]["submissions"]}
    assert_still_reported(REPORTS["dave_login"], as_json(call(url, "POST", "/api/login",
                                                              {"name": "dave", "password": PASSWORD})), "dave")
    assert_still_reported(REPORTS["competition"], as_json(call(url, "GET", "/api/competition"))[1], "competition")
