"""``arena competition serve`` behind a TLS reverse proxy: the login throttle counts each client's
address as the trusted proxy forwards it (``--forwarded-allow-ips``), and never an address a
client that is no trusted proxy claims."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from arena.competition.passwords import hash_password
from arena.competition.store.database import CompetitionStore
from arena.competition.site.security.throttle import login_keys
from arena.parallel.local_cluster import free_port

ARENA = str(Path(sys.executable).with_name("arena"))
PASSWORD = "the right password"


@pytest.fixture
def competition_dir(tmp_path):
    folder = tmp_path / "c"
    subprocess.run([ARENA, "competition", "init", str(folder), "--game", "flippo"], check=True, capture_output=True)
    with CompetitionStore(folder / "competition.db") as store:
        store.add_user("alice", hash_password(PASSWORD), "contestant")
        for _ in range(10):  # the proxy's own address (and the server's) failed often: 128 s to wait
            store.login_failed(login_keys("alice", "127.0.0.1")[1])
    return folder


def login_as_forwarded_for(url: str, client: str) -> int:
    request = urllib.request.Request(url + "/api/login", method="POST",
                                     data=json.dumps({"name": "alice", "password": PASSWORD}).encode(),
                                     headers={"Content-Type": "application/json", "X-Forwarded-For": client})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def serving(folder: Path, *options: str):
    port = free_port()
    server = subprocess.Popen([ARENA, "competition", "serve", str(folder), "--port", str(port), *options],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/api/competition", timeout=5).close()
            return server, url
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise AssertionError(f"the server did not start: {server.stderr.read()}")
            time.sleep(0.2)


@pytest.mark.parametrize("options, status", [
    (("--forwarded-allow-ips", "127.0.0.1"), 200),  # the proxy on this host: the client's own address counts
    ((), 200),  # the default trusts 127.0.0.1 as well
    (("--forwarded-allow-ips", ""), 429),  # no proxy trusted: the connection's address, 127.0.0.1, counts
    (("--forwarded-allow-ips", "192.0.2.1"), 429),  # another proxy trusted: this connection's header is not
])
def test_the_throttle_sees_the_address_a_trusted_proxy_forwards(competition_dir, options, status):
    server, url = serving(competition_dir, *options)
    try:
        assert login_as_forwarded_for(url, "198.51.100.7") == status
    finally:
        server.terminate()
        server.wait(30)


def test_serve_lists_the_option():
    done = subprocess.run([ARENA, "competition", "serve", "--help"], capture_output=True, text=True, timeout=60)
    assert "--forwarded-allow-ips ADDRESSES" in done.stdout
