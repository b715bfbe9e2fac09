"""A real competition (folder, SQLite store, accounts) served by a real uvicorn on 127.0.0.1, with
the conductor replaced by a test double (fake_conductor.py)."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest

from arena.competition.client.http import multipart_body

from .site_server import PASSWORD, running_competition


@pytest.fixture
def competition(tmp_path):
    with running_competition(tmp_path / "contest") as running:
        yield running


class Answer:
    def __init__(self, status: int, headers, body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")

    def json(self):
        return json.loads(self.body)


class Http:
    """One client: its cookies kept (a browser), its bearer token sent when it has one (a script)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url
        self.token = token
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def send(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None,
             headers: dict | None = None) -> Answer:
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})
        if content_type:
            request.add_header("Content-Type", content_type)
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with self.opener.open(request, timeout=120) as answer:
                return Answer(answer.status, answer.headers, answer.read())
        except urllib.error.HTTPError as error:
            with error:
                return Answer(error.code, error.headers, error.read())

    def get(self, path: str) -> Answer:
        return self.send("GET", path)

    def post_json(self, path: str, data) -> Answer:
        return self.send("POST", path, json.dumps(data).encode(), "application/json")

    def upload(self, path: str, filename: str, content: bytes, **fields: str) -> Answer:
        body, content_type = multipart_body(fields, {"file": (filename, content)})
        return self.send("POST", path, body, content_type)

    def post_form(self, path: str, **fields: str) -> Answer:
        return self.send("POST", path, urllib.parse.urlencode(fields).encode(), "application/x-www-form-urlencoded")

    def csrf(self, page: str = "/login") -> str:
        """The CSRF token of this client's session, read from a page's form."""
        found = re.search(r'name="csrf" value="([^"]+)"', self.get(page).text)
        assert found, f"no CSRF token on {page}"
        return found.group(1)

    def login(self, name: str, password: str = PASSWORD) -> "Http":
        answer = self.post_json("/api/login", {"name": name, "password": password})
        assert answer.status == 200, answer.text
        self.token = answer.json()["token"]
        return self

    def page_login(self, name: str, password: str = PASSWORD) -> "Http":
        answer = self.post_form("/login", name=name, password=password, csrf=self.csrf("/login"))
        assert answer.status == 200 and "Log out" in answer.text, answer.text
        return self


@pytest.fixture
def http(competition):
    """``http()``: a new client of the competition; ``http("alice")`` already logged in over the API."""
    def make(name: str | None = None) -> Http:
        client = Http(competition.url)
        return client.login(name) if name else client

    return make


@pytest.fixture(autouse=True)
def _cheap_passwords(cheap_passwords):
    """Every test here hashes and checks passwords at argon2's lowest cost (tests/conftest.py says why)."""
