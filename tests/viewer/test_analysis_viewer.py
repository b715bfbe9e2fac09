"""Analysis in the viewer over HTTP: the graph inline in the replay page as sent, mistakes named,
Analyse started and polled to the end and kept (beside the record, in the tournament database),
computed once, and every malformed request refused by name."""

import json
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.analysis import analyse, storage
from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

ARENA = [sys.executable, "-m", "arena.cli"]  # this interpreter, this environment: the code under test
FAST = 0.05  # seconds of search per ply: enough for the pages, quick on two shared cores


@pytest.fixture(scope="module")
def random_vs_greedy(tmp_path_factory) -> Path:
    """A Flippo game of builtin:random (White) against builtin:greedy, analysed at FAST.

    The same game and the same mistakes on any machine: neither player searches (seed 12 gives
    both their moves), and each of random's last five moves is a mistake of 4 to 14 discs (plies
    50 to 58) on positions of ten empty squares or fewer, which the analysis solves exactly, the
    last ones (six or fewer) in far less than FAST however busy the machine. (Against
    builtin:strong at a scaled clock, analysed at the default time, both the game and the values
    found followed the CPU they got.)"""
    folder = tmp_path_factory.mktemp("analysed")
    path = folder / "g.json"
    subprocess.run([*ARENA, "play", "flippo", "builtin:random", "builtin:greedy", "--seed", "12",
                    "--time-scale", "0.2", "--record", str(path)], check=True, capture_output=True, timeout=300)
    storage.save_beside(path, analyse(json.loads(path.read_text()), seconds=FAST))
    return path


def serve(records: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([*ARENA, "serve", "--records", str(records), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return server, f"http://127.0.0.1:{port}"


def test_arena_serve_sends_the_graph_inline_and_names_a_mistake_of_random(random_vs_greedy, fetch, fetch_once_up):
    server, url = serve(random_vs_greedy.parent)
    try:
        status, page = fetch_once_up(server, f"{url}/records/g.json")
        assert status == 200
        assert 'id="eval-graph"' in page
        mistakes = re.findall(r"<li>(.*?)</li>", re.search(r'<ul id="mistakes">(.*?)</ul>', page, re.S)[1], re.S)
        assert any("builtin:random" in item and "mistake −" in item for item in mistakes), mistakes
        status, listing = fetch(f"{url}/api/records")
        assert json.loads(listing) == ["g.json"]  # the analysis beside it is no record
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "Traceback" not in server.stderr.read()


@pytest.fixture
def viewer(tmp_path, records_dir, flippo_db):
    """A viewer over a copy of the shared records and tournament (analyses are written beside them)."""
    for name in ("flippo.json", "blackhole.json"):
        shutil.copy(records_dir / name, tmp_path / name)
    db = tmp_path / "t.db"
    shutil.copy(flippo_db, db)
    with BackgroundServer(create_app([str(db)], tmp_path, analysis_seconds=FAST)) as server:
        server.folder, server.db = tmp_path, db
        yield server


def wait_done(fetch_json, url: str, limit_s: float = 240) -> dict:
    deadline = time.monotonic() + limit_s
    seen = []
    while time.monotonic() < deadline:
        status = fetch_json(url)
        seen.append((status["state"], status["analysed"]))
        if status["state"] in ("done", "failed"):
            assert status["state"] == "done", status["error"]
            return {**status, "seen": seen}
        time.sleep(0.2)
    raise AssertionError(f"the analysis did not finish: {seen[-5:]}")


def test_analyse_a_record_polls_partial_results_keeps_it_beside_and_computes_it_once(viewer, fetch, fetch_json):
    url = f"{viewer.url}/api/records/flippo.json/analysis"
    assert fetch_json(url)["state"] == "none"
    status, page = fetch(f"{viewer.url}/records/flippo.json")
    assert status == 200 and 'id="analyse"' in page and 'id="eval-graph"' not in page
    started = fetch_json(url, {})
    assert started["state"] in ("queued", "running")
    done = wait_done(fetch_json, url)
    assert done["analysed"] == done["total"] == len(done["analysis"]["plies"]) > 0
    assert 'id="eval-graph"' in done["graph"] and done["graph"].count("data-ply=") == done["total"]
    kept = viewer.folder / "flippo.analysis.json"
    assert json.loads(kept.read_text())["complete"] is True
    stamp = kept.stat().st_mtime_ns
    again = fetch_json(url, {})  # computed once: the kept analysis is the answer
    assert again["state"] == "done" and kept.stat().st_mtime_ns == stamp
    status, page = fetch(f"{viewer.url}/records/flippo.json")
    assert 'id="eval-graph"' in page and 'id="analyse"' not in page
    assert sorted(json.loads(fetch(f"{viewer.url}/api/records")[1])) == ["blackhole.json", "flippo.json"]


def test_analyse_a_tournament_game_keeps_it_in_the_database_and_the_report_page_shows_it(viewer, fetch,
                                                                                         fetch_json):
    games = fetch_json(f"{viewer.url}/api/t/0/games")["games"]
    slot = games[0]["slot"]
    url = f"{viewer.url}/api/t/0/games/{slot}/analysis"
    fetch_json(url, {})
    done = wait_done(fetch_json, url)
    assert storage.load_from_tournament(viewer.db, slot)["plies"] == done["analysis"]["plies"]
    status, page = fetch(f"{viewer.url}/t/0/games/{slot}")
    assert status == 200 and 'id="eval-graph"' in page
    status, board = fetch(f"{viewer.url}/api/t/0/games/{slot}/replay/svg/0?hint={done['analysis']['plies'][0]['best']}")
    assert status == 200 and 'class="best-move"' in board
    report = fetch_json(f"{viewer.url}/api/t/0/analysis")
    assert report["analysed"] == 1 and report["games"] == len(games)
    status, page = fetch(f"{viewer.url}/t/0/analysis")
    assert status == 200 and 'id="analyse-all"' in page
    for name in games[0]["players"]:
        assert f'<th class="name">{name}</th>' in page
    assert f'href="/t/0/games/{slot}#ply=' in page  # the worst game links to its replay
    assert 'href="/t/0/analysis"' in fetch(f"{viewer.url}/t/0")[1]


def test_analyse_all_queues_every_game_not_analysed(viewer, fetch_json):
    answer = fetch_json(f"{viewer.url}/api/t/0/analysis", {})
    assert answer["queued"] == answer["games"] > 0
    deadline = time.monotonic() + 400
    while fetch_json(f"{viewer.url}/api/t/0/analysis")["pending"]:
        assert time.monotonic() < deadline
        time.sleep(0.5)
    report = fetch_json(f"{viewer.url}/api/t/0/analysis")
    assert report["analysed"] == report["games"]
    assert all(player["moves"] > 0 and player["mean_loss"] is not None for player in report["players"])
    assert fetch_json(f"{viewer.url}/api/t/0/analysis", {})["queued"] == 0  # nothing twice


@pytest.mark.parametrize("path, status, says", [
    ("/api/records/nothing.json/analysis", 404, "no record nothing.json"),
    ("/api/records/flippo.analysis.json/analysis", 404, "the analysis of a record, not a record"),
    ("/api/records/.hidden.json/analysis", 404, "not a record name"),
    ("/api/t/0/games/9999/analysis", 404, "no game in slot 9999"),
    ("/api/t/7/games/0/analysis", 404, "no tournament 7"),
    ("/api/t/0/games/abc/analysis", 422, "slot"),
    ("/api/t/7/analysis", 404, "no tournament 7"),
    ("/t/7/analysis", 404, "no tournament 7"),
    ("/api/records/flippo.json/replay/svg/3?hint=Z9", 400, "the row must be an uppercase letter"),
    ("/api/records/flippo.json/replay/svg/3?hint=" + "A" * 300, 422, "hint"),
])
def test_malformed_requests_are_refused_by_name(viewer, fetch, path, status, says):
    for data in (None, {}) if "/analysis" in path and not path.startswith("/t/") else (None,):
        got, body = fetch(viewer.url + path, data)
        assert got == status and says in body, (data, got, body[:300])


def test_the_last_position_has_no_best_move_to_draw(viewer, fetch):
    last = len(json.loads((viewer.folder / "flippo.json").read_text())["moves"])
    got, body = fetch(f"{viewer.url}/api/records/flippo.json/replay/svg/{last}?hint=A1")
    assert got == 400 and "the game is over" in body


def test_starting_an_analysis_keeps_the_viewers_post_rules(viewer, fetch):
    url = f"{viewer.url}/api/records/flippo.json/analysis"
    got, body = fetch(url, {}, {"Content-Type": "text/plain"})
    assert got == 415 and "send JSON" in body
    got, body = fetch(url, {}, {"Origin": "http://evil.example"})
    assert got == 403 and "cross-origin" in body
    assert not (viewer.folder / "flippo.analysis.json").exists()


def test_a_damaged_analysis_beside_a_record_is_said_and_the_page_still_shows(viewer, fetch, fetch_json):
    (viewer.folder / "flippo.analysis.json").write_text("{not json")
    status, page = fetch(f"{viewer.url}/records/flippo.json")
    assert status == 200 and "the stored analysis cannot be read" in page and 'id="analyse"' in page
    answer = fetch_json(f"{viewer.url}/api/records/flippo.json/analysis")
    assert answer["state"] == "none" and "cannot be read" in answer["problem"]


def test_a_hand_made_analysis_of_odd_shapes_is_shown_escaped_never_a_500(viewer, fetch):
    from arena.analysis.document import FORMAT, VERSION, record_digest

    record = json.loads((viewer.folder / "flippo.json").read_text())
    odd = {"format": FORMAT, "version": VERSION, "record": record_digest(record), "complete": True,
           "seats": ["<b>White</b>", 7], "units": "<i>u</i>", "mistake": "big",
           "plies": [{"ply": 0, "seat": 0, "move": "<script>x</script>", "value": 3, "best": "<b>", "mistake": True,
                      "loss": 9}, "not a ply", {"value": "high"}],
           "summary": {"mistakes": {"a": 1}, "mean_loss": "low", "turning_point": {"ply": 999, "seat": "x"}}}
    storage.save_beside(viewer.folder / "flippo.json", odd)
    status, page = fetch(f"{viewer.url}/records/flippo.json")
    assert status == 200 and 'id="eval-graph"' in page
    assert "<b>White</b>" not in page and "<script>x</script>" not in page and "<i>u</i>" not in page
