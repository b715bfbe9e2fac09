"""The organiser resets a contestant's password: shown once, and every session and token of the
account ends."""

from __future__ import annotations

import re

from ..site_server import PASSWORD


def test_the_console_resets_a_password_shows_it_once_and_ends_the_sessions(competition, http):
    alice_token = http("alice")
    alice_page = http().page_login("alice")
    organiser = http().page_login("org")
    csrf = organiser.csrf("/organiser")
    unconfirmed = organiser.post_form("/organiser/password", name="alice", csrf=csrf)
    assert unconfirmed.status == 400 and "tick the box" in unconfirmed.text
    assert alice_token.get("/api/submissions").status == 200  # nothing changed

    page = organiser.post_form("/organiser/password", name="alice", confirm="yes", csrf=csrf)
    assert page.status == 200 and page.headers["Cache-Control"] == "no-store"
    shown = re.search(r"alice's new password, shown only now: <code>([^<]+)</code>", page.text)
    assert shown, page.text[:2000]
    password = shown.group(1)
    assert len(password) >= 12 and " " not in password
    assert password not in organiser.get("/organiser").text  # only in that answer

    assert alice_token.get("/api/submissions").status == 401
    assert "Log out" not in alice_page.get("/my").text
    assert http().post_json("/api/login", {"name": "alice", "password": PASSWORD}).status == 401
    assert http().login("alice", password).get("/api/submissions").status == 200
    assert http("bob").get("/api/submissions").status == 200  # nobody else's changed


def test_the_api_resets_a_contestants_password_and_refuses_what_it_cannot(competition, http):
    organiser = http("org")
    path = "/api/organiser/accounts/password"
    answer = organiser.post_json(path, {"name": "bob"})
    assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"
    assert answer.json()["name"] == "bob"
    assert http().login("bob", answer.json()["password"]).get("/api/submissions").status == 200
    organiser.post_json("/api/organiser/builtins", {"bot": "greedy"})
    for body, status, words in (({"name": "nobody"}, 404, "no account"), ({"name": "org"}, 409, "organiser"),
                                ({"name": "builtin-greedy"}, 409, "built-in"), ({}, 400, "'name' is missing")):
        refused = organiser.post_json(path, body)
        assert refused.status == status and words in refused.json()["error"], (body, refused.text)
    assert http("alice").post_json(path, {"name": "bob"}).status == 403
    assert http().post_json(path, {"name": "alice"}).status == 401
    assert http().login("alice", PASSWORD).token  # alice's password untouched by the refused calls
