"""``arena view RECORD.json`` serves that record's replay and prints its address."""

import os
import socket
import subprocess
import sys
from pathlib import Path

ARENA = str(Path(sys.executable).with_name("arena"))


def test_arena_view_serves_the_replay_of_one_record(records_dir, fetch, fetch_once_up, tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    temporary = tmp_path / "tmp"  # where it copies the record to serve it
    temporary.mkdir()
    viewer = subprocess.Popen([ARENA, "view", str(records_dir / "blackhole.json"), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "TMPDIR": str(temporary)})
    try:
        address = viewer.stdout.readline().split()[3]
        assert address == f"http://127.0.0.1:{port}/records/blackhole.json"
        status, page = fetch_once_up(viewer, f"http://127.0.0.1:{port}/")
        assert status == 200 and "Black Hole" in page and 'id="board"' in page
        status, listing = fetch(f"http://127.0.0.1:{port}/api/records")
        assert listing.strip() == '["blackhole.json"]'  # that record and nothing else
        assert len(list(temporary.iterdir())) == 1
    finally:
        viewer.terminate()
        viewer.wait(timeout=10)
    assert list(temporary.iterdir()) == []  # stopped by SIGTERM, it removed its copy
