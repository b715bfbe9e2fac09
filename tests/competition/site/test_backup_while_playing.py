"""A backup taken while a test round plays, restored elsewhere and served by ``arena competition
serve``: the restored site lists the same finished rounds with the same rankings, its builds are
remade from the uploads (the archive has none), and the round that was playing resumes and ends."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from arena.competition.client.http import multipart_body
from arena.toolkit.starter import template_source
from arena.web_common.server import free_port

from .site_server import PASSWORD, running_competition

ARENA = str(Path(sys.executable).parent / "arena")


def call(url: str, method: str, path: str, data=None, token: str | None = None, upload: bytes | None = None):
    body, kind = None, None
    if upload is not None:
        body, kind = multipart_body({"language": "python"}, {"file": ("bot.py", upload)})
    elif data is not None:
        body, kind = json.dumps(data).encode(), "application/json"
    request = urllib.request.Request(url + path, data=body, method=method)
    if kind:
        request.add_header("Content-Type", kind)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


def wait_for(condition, what: str, timeout_s: float = 300, state=lambda: ""):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            found = condition()
        except (urllib.error.URLError, ConnectionError):
            found = None
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}: {state()}")


def state_of(store) -> str:
    """What a test that timed out waiting should say."""
    return repr({"submissions": [(s.id, s.user_name, s.status) for s in store.submissions()],
                 "rounds": [(r.id, r.kind, r.status) for r in store.rounds()],
                 "unplayed": len(store.unplayed_games())})


def finished_rounds(url: str) -> list[dict]:
    return [r for r in call(url, "GET", "/api/rounds")[1]["rounds"] if r["status"] == "finished"]


def test_a_backup_of_a_playing_round_restores_the_same_rankings_and_the_round_resumes(tmp_path):
    starter = template_source("domineering", "python").encode()
    with running_competition(tmp_path / "contest", real=True) as running:
        url, store = running.url, running.store
        store.add_user("carol", store.user_named("alice").password, "contestant")
        tokens = {name: call(url, "POST", "/api/login", {"name": name, "password": PASSWORD})[1]["token"]
                  for name in ("org", "alice", "bob", "carol")}
        for name in ("alice", "bob", "carol"):
            assert call(url, "POST", "/api/submissions", token=tokens[name], upload=starter)[0] == 200
        for bot in ("greedy", "random"):
            assert call(url, "POST", "/api/organiser/builtins", {"bot": bot}, tokens["org"])[0] == 200
        wait_for(lambda: len(store.entrants()) == 5 and not store.unplayed_games(), "the debuts",
                 state=lambda: state_of(store))
        first = call(url, "POST", "/api/rounds", {}, tokens["org"])[1]["id"]
        wait_for(lambda: store.round(first).status == "finished", "the first test round", state=lambda: state_of(store))
        playing = call(url, "POST", "/api/rounds", {}, tokens["org"])[1]["id"]

        archive = tmp_path / "backup.tar.gz"
        backed = subprocess.run([ARENA, "competition", "backup", str(running.folder.root), str(archive)],
                                capture_output=True, text=True, timeout=120)
        assert backed.returncode == 0, backed.stderr
        before = {r["id"]: r for r in finished_rounds(url)}
        with tarfile.open(archive) as tar:
            (tmp_path / "copy.db").write_bytes(tar.extractfile("competition.db").read())
        with sqlite3.connect(tmp_path / "copy.db") as db:  # the backup caught the round playing
            assert db.execute("SELECT status FROM rounds WHERE id = ?", (playing,)).fetchone() == ("running",)
            unplayed = db.execute("SELECT COUNT(*) FROM games WHERE round_id = ? AND record IS NULL",
                                  (playing,)).fetchone()[0]
            in_backup = {row[0] for row in db.execute("SELECT id FROM rounds WHERE status = 'finished'")}
        db.close()
        assert unplayed > 0 and first in in_backup and set(before) >= in_backup
        rankings = {i: call(url, "GET", f"/api/ranking?round={i}") for i in in_backup}

    restored = tmp_path / "restored"
    done = subprocess.run([ARENA, "competition", "restore", str(archive), str(restored)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not (restored / "builds").exists()
    port = free_port()
    log = tmp_path / "serve.log"  # a file, not a pipe: a talkative server never blocks on it
    with log.open("w") as said:
        served = subprocess.Popen([ARENA, "competition", "serve", str(restored), "--port", str(port), "--jobs", "2"],
                                  stdout=said, stderr=subprocess.STDOUT, text=True)

    def serving() -> bool:
        if served.poll() is not None:
            raise AssertionError(f"arena competition serve exited ({served.returncode})")
        return call(again, "GET", "/api/rounds")[0] == 200

    failure = None
    again = f"http://127.0.0.1:{port}"
    try:
        wait_for(serving, "the restored site", timeout_s=600)
        now = {r["id"]: r for r in finished_rounds(again)}
        for round_id in in_backup:
            assert now[round_id] == before[round_id]
            assert call(again, "GET", f"/api/ranking?round={round_id}") == rankings[round_id], round_id
        wait_for(lambda: call(again, "GET", "/api/ranking?round=%d" % playing)[1].get("status") == "finished",
                 "the round that was playing, resumed")
        status, ranking = call(again, "GET", f"/api/ranking?round={playing}")
        assert status == 200 and len(ranking["rows"]) == 5
        # every game played, none lost to a missing build: the builds were remade from the uploads
        assert all(row["games"] == 8 and row["irregular_losses"] == 0 for row in ranking["rows"]), ranking
        for submission in (restored / "uploads").iterdir():
            assert (restored / "builds" / submission.name / "bot.py").is_file()
    except AssertionError as error:
        failure = error
    finally:
        if served.poll() is None:
            served.terminate()
        served.wait(timeout=30)
        output = log.read_text()
    if failure is not None:
        raise AssertionError(f"{failure}\nthe restored server said:\n{output}")
    assert "Remaking 3 build(s)" in output, output
    assert "Traceback" not in output, output
