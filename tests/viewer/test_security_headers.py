"""Every response carries the same security headers: pages, the API, static files, every refusal, and a 500
(which Starlette sends from outside the middleware that sets them on the others)."""

import json
import urllib.error
import urllib.request

import pytest

from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

NAMES = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy")


def security_headers(url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, dict]:
    """The status of a GET (a POST with ``data``) and the security headers of its answer."""
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, answer = response.status, response.headers
    except urllib.error.HTTPError as error:
        status, answer = error.code, error.headers
    return status, {name: answer[name] for name in NAMES}


@pytest.fixture(scope="module")
def buggy_server(tmp_path_factory):
    """A viewer with a page and an API route that fail as a bug of ours would."""
    app = create_app([], tmp_path_factory.mktemp("records"))

    def broken():
        raise ZeroDivisionError("a bug of ours")

    app.add_api_route("/broken", broken)
    app.add_api_route("/api/broken", broken)
    with BackgroundServer(app) as server:
        yield server


@pytest.fixture(scope="module")
def expected(buggy_server):
    """The headers of an ordinary page, which every other answer must match."""
    status, headers = security_headers(f"{buggy_server.url}/records")
    assert status == 200
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
    return headers


@pytest.mark.parametrize("path", ["/broken", "/api/broken"])
def test_a_500_carries_the_security_headers(buggy_server, expected, path):
    status, headers = security_headers(buggy_server.url + path)
    assert status == 500 and headers == expected


JSON = {"Content-Type": "application/json"}
REFUSALS = [  # (path, body, headers, status): each refused at a different place
    ("/records/nothing.json", None, {}, 404),
    ("/api/play/nothing/resign", b"{}", JSON, 404),
    ("/static/common.js", None, {}, 200),
    ("/records", None, {"Host": "evil.example:80"}, 400),
    ("/api/play", b"{}", {**JSON, "Origin": "http://evil.example"}, 403),
    ("/api/play", b"game=flippo", {"Content-Type": "application/x-www-form-urlencoded"}, 415),
    ("/api/play", b"{}", JSON, 422),
]


@pytest.mark.parametrize("path, body, headers, status", REFUSALS)
def test_static_files_and_every_refusal_carry_the_security_headers(buggy_server, expected, path, body, headers,
                                                                   status):
    assert security_headers(buggy_server.url + path, body, headers) == (status, expected)


def test_the_500_still_says_plainly_what_failed(buggy_server):
    try:
        urllib.request.urlopen(f"{buggy_server.url}/api/broken", timeout=60)
    except urllib.error.HTTPError as error:
        assert error.code == 500
        assert json.loads(error.read())["error"].startswith("the viewer failed on this page (ZeroDivisionError)")
    else:
        pytest.fail("the broken route answered")
