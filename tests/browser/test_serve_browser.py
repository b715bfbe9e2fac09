"""``arena serve --db D`` as a user starts it: the front page in chromium shows D's standings."""

import os
import re
import socket
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.browser

# this interpreter and its environment (PYTHONPATH included): the arena under test, not another copy
ARENA = [sys.executable, "-m", "arena.cli"]
WIDE = {**os.environ, "COLUMNS": "200"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_arena_serve_front_page_shows_the_standings_arena_standings_prints(page, tmp_path):
    db = tmp_path / "t.db"
    subprocess.run([*ARENA, "tournament", "domineering", "--player", "rnd=builtin:random", "--player",
                    "grd=builtin:greedy", "--seed", "3", "--time-scale", "0.3", "--db", str(db)],
                   check=True, capture_output=True, timeout=300)
    printed = subprocess.run([*ARENA, "standings", "--db", str(db)], capture_output=True, text=True, check=True,
                             env=WIDE).stdout
    port = free_port()
    server = subprocess.Popen([*ARENA, "serve", "--db", str(db), "--port", str(port), "--records",
                               str(tmp_path / "records")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert f"http://127.0.0.1:{port}/" in server.stdout.readline()
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, server.stderr.read()
                time.sleep(0.1)
        page.goto(f"http://127.0.0.1:{port}/")
        assert page.url.endswith("/t/0")
        rows = page.locator("#standings tbody tr").all()
        assert len(rows) == 2
        for row in rows:
            cells = [cell.text_content() for cell in row.locator("th, td").all()]
            assert " ".join(cells) in re.sub(r" +", " ", printed)
        assert page.console.errors == []
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_and_view_refuse_bad_files_with_a_message(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite")
    done = subprocess.run([*ARENA, "serve", "--db", str(junk)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a tournament database" in done.stderr and "Traceback" not in done.stderr
    done = subprocess.run([*ARENA, "serve", "--db", str(tmp_path / "none.db")], capture_output=True, text=True)
    assert done.returncode == 2 and "no tournament database" in done.stderr
    done = subprocess.run([*ARENA, "view", str(junk)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a JSON game record" in done.stderr
