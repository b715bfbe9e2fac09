"""Issue 50: ``arena competition serve`` stopped with Ctrl-C while a game's analysis runs stops it
cleanly and at once: its worker pool is shut down (left to the interpreter's exit, the analysis ran
to its end first, and a pool caught half-made left a semaphore that Python's resource tracker warned
about), and no leaked semaphore is reported."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from arena.competition.store.database import CompetitionStore, PlannedGame

ARENA = [sys.executable, "-m", "arena.cli"]


def test_stopping_the_server_while_an_analysis_runs_leaks_nothing(tmp_path, records_dir):
    folder = tmp_path / "contest"
    subprocess.run([*ARENA, "competition", "init", str(folder), "--game", "flippo", "--title", "t"], check=True,
                   capture_output=True, timeout=120)
    (tmp_path / "pw").write_text("a long password\n")
    subprocess.run([*ARENA, "competition", "user", str(folder), "org", "--organiser", "--password-file",
                    str(tmp_path / "pw")], check=True, capture_output=True, timeout=120)
    record = json.loads((records_dir / "flippo.json").read_text())
    with CompetitionStore(folder / "competition.db") as store:  # one played game, to analyse
        user = store.user_named("org").id
        entrant = store.add_submission(user, "builtin", "random", status="admitted", command="builtin:random")
        other = store.add_submission(user, "builtin", "greedy", status="admitted", command="builtin:greedy")
        round_id = store.add_round("test", [PlannedGame(0, (entrant, other), 1)], {})
        store.save_game(store.unplayed_games(round_id)[0].id, record, ("", ""))
        store.finish_round(round_id)
        game = store.games(round_id=round_id)[0].id
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([*ARENA, "competition", "serve", str(folder), "--port", str(port), "--jobs", "1"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        token = None
        deadline = time.monotonic() + 60
        while token is None:
            try:
                request = urllib.request.Request(f"{url}/api/login", json.dumps(
                    {"name": "org", "password": "a long password"}).encode(), {"Content-Type": "application/json"})
                token = json.load(urllib.request.urlopen(request, timeout=10))["token"]
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the server never answered"
                time.sleep(0.2)
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
        urllib.request.urlopen(urllib.request.Request(f"{url}/api/games/{game}/analysis", b"{}", headers), timeout=10)
        while json.load(urllib.request.urlopen(f"{url}/api/games/{game}/analysis", timeout=10))["state"] != "running":
            assert time.monotonic() < deadline, "the analysis never started"
            time.sleep(0.1)
        time.sleep(1)  # its pool at work
    finally:
        server.send_signal(signal.SIGINT)
        stopping = time.monotonic()
        try:
            _, stderr = server.communicate(timeout=60)
        finally:
            if server.poll() is None:
                server.kill()
    stopped_in = time.monotonic() - stopping
    assert "leaked semaphore" not in stderr and "Traceback" not in stderr, stderr
    assert stopped_in < 8, f"the server took {stopped_in:.1f} s to stop"  # not the analysis's whole game
