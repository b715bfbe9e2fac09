"""Real games, a real tournament database and a real uvicorn serving the viewer on 127.0.0.1."""

from __future__ import annotations

import http.cookiejar
import json
import time
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

ARENA = str(Path(sys.executable).with_name("arena"))


@pytest.fixture(scope="session")
def flippo_db(once) -> Path:
    def fill(folder: Path) -> None:
        subprocess.run([ARENA, "tournament", "flippo", "--player", "rand=builtin:random", "--player",
                        "greedy=builtin:greedy", "--player", "rand2=builtin:random", "--rounds", "1",
                        "--seed", "4", "--time-scale", "0.3", "--jobs", "2", "--db", str(folder / "flippo.db")],
                       check=True, capture_output=True, timeout=300)
    return once("db", fill) / "flippo.db"


@pytest.fixture(scope="session")
def server(flippo_db, records_dir):
    with BackgroundServer(create_app([str(flippo_db)], records_dir)) as running:
        yield running


class VisitorClient:
    """One browser as the viewer sees it: its cookies (the visitor cookie of browser play) kept from answer
    to answer, so that the games it starts are its own to play."""

    def __init__(self) -> None:
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def fetch(self, url: str, data: dict | None = None, headers: dict | None = None) -> tuple[int, str]:
        """GET (or POST JSON) and return (status, body), errors included."""
        body = None if data is None else json.dumps(data).encode()
        request = urllib.request.Request(url, data=body, headers={
            **({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})})
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def fetch_json(self, url: str, data: dict | None = None):
        status, body = self.fetch(url, data)
        assert status == 200, f"{url}: {status} {body[:500]}"
        return json.loads(body)


@pytest.fixture
def visitor() -> VisitorClient:
    """The visitor a test acts as: fetch and fetch_json are its, with a cookie jar of its own per test."""
    return VisitorClient()


@pytest.fixture
def new_visitor():
    """``new_visitor()``: another browser, with cookies of its own, for tests of several visitors."""
    return VisitorClient


@pytest.fixture
def fetch(visitor):
    return visitor.fetch


@pytest.fixture
def fetch_json(visitor):
    return visitor.fetch_json


@pytest.fixture
def fetch_once_up(fetch):
    """``fetch_once_up(server, url)``: fetch ``url`` from a server process just started, retrying
    until it listens (30 s; a server that exits first fails the test with its stderr)."""
    def wait_and_fetch(server, url: str) -> tuple[int, str]:
        deadline = time.monotonic() + 30
        while True:
            try:
                return fetch(url)
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, server.stderr.read()
                time.sleep(0.1)
    return wait_and_fetch
