"""Tokens end with the session: POST /api/logout revokes its bearer token for the token's whole
lifetime, whatever other accounts do meanwhile; a new password or a disabled account ends every
token and session the account had."""

from __future__ import annotations

import time

from arena.competition.passwords import hash_password
from arena.competition.site.security.auth import TOKEN_MAX_AGE_S

from ..site_server import PASSWORD


def test_logging_out_a_token_refuses_it_and_only_it(competition, http):
    alice = http("alice")
    other = http("alice")  # a second login of the same account: a token of its own
    assert alice.get("/api/submissions").status == 200
    answer = alice.post_json("/api/logout", {})
    assert answer.status == 200 and answer.json() == {"name": "alice", "logged_out": True}
    for refused in (alice.get("/api/submissions"), alice.upload("/api/submissions", "bot.py", b"print(1)\n"),
                    alice.post_json("/api/logout", {})):
        assert refused.status == 401 and "log in again" in refused.json()["error"], refused.text
    assert other.get("/api/submissions").status == 200
    assert http("alice").get("/api/submissions").status == 200  # logging in again works


def test_a_logged_out_token_stays_refused_while_other_accounts_log_in_and_out(competition, http):
    """Every logout prunes the revocations that have lapsed: it must never prune a live one."""
    alice = http("alice")
    assert alice.post_json("/api/logout", {}).status == 200
    for _ in range(2):
        bob = http("bob")
        assert bob.post_json("/api/logout", {}).status == 200
        browser = http().page_login("org")
        assert browser.post_form("/logout", csrf=browser.csrf("/my")).status == 200
    assert alice.get("/api/submissions").status == 401
    revoked = competition.store.db.execute("SELECT until FROM revoked_sessions").fetchall()
    assert len(revoked) == 5 and min(until for (until,) in revoked) >= time.time() + TOKEN_MAX_AGE_S - 60


def test_logout_needs_the_token_it_ends(competition, http):
    assert http().post_json("/api/logout", {}).status == 401
    browser = http().page_login("alice")  # a session cookie is logged out by the page's form, not here
    answer = browser.post_json("/api/logout", {})
    assert answer.status == 401 and "Bearer" in answer.json()["error"]
    assert "Log out" in browser.get("/my").text


def test_a_new_password_ends_every_token_and_session_of_the_account(competition, http):
    tokens = [http("alice"), http("alice")]
    browser = http().page_login("alice")
    bob = http("bob")
    store = competition.store
    store.set_password(store.user_named("alice").id, hash_password("a new password"))
    for client in tokens:
        assert client.get("/api/submissions").status == 401
    assert "Log out" not in browser.get("/my").text
    assert bob.get("/api/submissions").status == 200  # another account's go on
    assert http().login("alice", "a new password").get("/api/submissions").status == 200


def test_disabling_ends_every_token_and_session_even_once_enabled_again(competition, http):
    token = http("alice")
    browser = http().page_login("alice")
    organiser = http("org")
    path = "/api/organiser/accounts/disabled"
    assert organiser.post_json(path, {"name": "alice", "disabled": True}).status == 200
    assert token.get("/api/submissions").status == 403  # while disabled it says so
    assert organiser.post_json(path, {"name": "alice", "disabled": False}).status == 200
    assert token.get("/api/submissions").status == 401
    assert "Log out" not in browser.get("/my").text
    assert http().login("alice", PASSWORD).get("/api/submissions").status == 200
