"""Accounts and sessions: tokens, slowed logins, session cookies, CSRF and registration."""

from __future__ import annotations

import base64
import json
import time
from unittest import mock

from itsdangerous import URLSafeTimedSerializer

from arena.competition.passwords import hash_password
from arena.competition.site.security import throttle

from ..conftest import PASSWORD


def test_a_wrong_password_is_401_and_logins_slow_down_after_failures(competition, http):
    client = http()
    for _ in range(throttle.FREE_FAILURES):
        answer = client.post_json("/api/login", {"name": "alice", "password": "wrong password"})
        assert answer.status == 401 and answer.json()["error"] == "wrong name or password"
    slowed = client.post_json("/api/login", {"name": "alice", "password": PASSWORD})  # even the right one
    assert slowed.status == 429 and "try again in" in slowed.json()["error"]
    assert int(slowed.headers["Retry-After"]) >= 1
    time.sleep(int(slowed.headers["Retry-After"]) + 0.1)
    assert client.post_json("/api/login", {"name": "alice", "password": PASSWORD}).status == 200
    # a success clears the count of that name from that address, not the address's own
    assert competition.store.login_failures("name:alice@address:127.0.0.1") == (0, 0.0)
    assert competition.store.login_failures("address:127.0.0.1")[0] == throttle.FREE_FAILURES


def login_from(http, address: str, name: str, password: str):
    """A login as it comes through a proxy for ``address`` (uvicorn trusts 127.0.0.1's X-Forwarded-For)."""
    body = json.dumps({"name": name, "password": password}).encode()
    return http().send("POST", "/api/login", body, "application/json", headers={"X-Forwarded-For": address})


def test_failing_a_name_on_purpose_never_locks_its_owner_out(competition, http):
    """Failures are counted per name from an address and per address, never per name alone: the
    owner's right password from another address always gets in."""
    for _ in range(throttle.FREE_FAILURES + 3):
        assert login_from(http, "10.9.9.9", "alice", "wrong password").status in (401, 429)
    assert login_from(http, "10.9.9.9", "alice", PASSWORD).status == 429  # the attacker's address is slowed
    assert login_from(http, "10.1.1.1", "alice", PASSWORD).status == 200  # the owner is not


def test_a_success_does_not_clear_what_the_address_failed(competition, http):
    """An attacker with an account of their own must not reset, by logging into it, what their
    failures against other names earned."""
    for name in ("n1", "n2"):
        assert login_from(http, "10.2.2.2", name, "whatever1").status == 401
    assert login_from(http, "10.2.2.2", "bob", PASSWORD).status == 200
    assert login_from(http, "10.2.2.2", "n3", "whatever1").status == 401  # the third failure of the address
    assert login_from(http, "10.2.2.2", "bob", PASSWORD).status == 429


def test_logging_out_revokes_the_session_on_the_server(competition, http):
    """A session cookie copied before logging out no longer logs anyone in after it."""
    browser = http().page_login("alice")
    cookie = _session_cookie(browser)
    copy = http()
    copy.opener.addheaders = [("Cookie", f"arena_session={cookie}")]
    assert "Log out" in copy.get("/my").text  # the copy works while the session lasts
    assert browser.post_form("/logout", csrf=browser.csrf("/my")).status == 200
    assert "Log out" not in copy.get("/").text
    assert copy.get("/api/submissions").status == 401
    assert "Log out" in http().page_login("alice").get("/my").text  # logging in again works


def _session_cookie(client) -> str:
    for handler in client.opener.handlers:
        jar = getattr(handler, "cookiejar", None)
        if jar is not None:
            return next(cookie.value for cookie in jar if cookie.name == "arena_session")
    raise AssertionError("no cookie jar")


def test_failures_from_one_address_slow_every_name_from_it(competition, http):
    client = http()
    for name in ("n1", "n2", "n3"):
        client.post_json("/api/login", {"name": name, "password": "whatever1"})
    assert client.post_json("/api/login", {"name": "bob", "password": PASSWORD}).status == 429


def test_the_delay_doubles_and_is_capped():
    assert [throttle.delay_after(n) for n in range(7)] == [0, 0, 0, 1, 2, 4, 8]
    assert throttle.delay_after(100) == throttle.MAX_DELAY_S


def test_a_tampered_forged_or_stale_token_is_refused(competition, http):
    alice = http("alice")
    assert alice.get("/api/submissions").status == 200
    payload, rest = alice.token.split(".", 1)
    forged_payload = base64.urlsafe_b64encode(b'{"u":3,"p":"x"}').rstrip(b"=").decode()
    for token in (forged_payload + "." + rest, alice.token[:-2] + ("AA" if not alice.token.endswith("AA") else "BB"),
                  "garbage"):
        answer = http().send("GET", "/api/submissions", headers={"Authorization": f"Bearer {token}"})
        assert answer.status == 401 and "not valid" in answer.json()["error"], token
    # signed with another secret: refused
    other = URLSafeTimedSerializer("another secret", salt="arena-competition-token").dumps({"u": 2, "p": "x"})
    assert http().send("GET", "/api/submissions", headers={"Authorization": f"Bearer {other}"}).status == 401
    assert http().send("GET", "/api/submissions", headers={"Authorization": "Basic abc"}).status == 401
    latin = http().send("GET", "/api/submissions", headers={"Authorization": "Bearer \u00e9t\u00e9.x.y"})
    assert latin.status == 401
    # a new password ends the old token
    user = competition.store.user_named("alice")
    competition.store.set_password(user.id, hash_password("a new password"))
    answer = alice.get("/api/submissions")
    assert answer.status == 401 and "password changed" in answer.json()["error"]


def test_writes_take_a_token_not_the_session_cookie(competition, http):
    browser = http().page_login("alice")
    assert browser.get("/api/submissions").status == 200  # reads: the cookie will do
    answer = browser.upload("/api/submissions", "bot.py", b"print(1)\n")
    assert answer.status == 401 and "Bearer" in answer.json()["error"]


def test_the_session_cookie_is_httponly_samesite_and_signed(competition, http):
    client = http()
    first = client.get("/login").headers["Set-Cookie"]
    assert first.startswith("arena_session=") and "HttpOnly" in first and "SameSite=lax" in first
    assert "Secure" not in first  # served over plain http here; over https it is Secure
    cookie = first.split(";")[0].split("=", 1)[1]
    forged = http()
    forged.opener.addheaders = [("Cookie", f"arena_session={cookie[:-3]}xyz")]
    assert "Log out" not in forged.get("/").text
    logged_in = client.post_form("/login", name="alice", password=PASSWORD, csrf=client.csrf())
    assert "Log out" in logged_in.text and "alice" in logged_in.text


def test_the_session_cookie_is_secure_behind_https(competition, http):
    """Behind a proxy that says it served https (uvicorn trusts 127.0.0.1's X-Forwarded-Proto)."""
    answer = http().send("GET", "/login", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in answer.headers["Set-Cookie"]


def test_an_expired_token_is_refused(competition, http):
    alice = http("alice")
    data = URLSafeTimedSerializer(competition.store.competition().secret,
                                  salt="arena-competition-token").loads(alice.token)
    with mock.patch("itsdangerous.timed.time.time", return_value=time.time() - 13 * 3600):  # signed 13 h ago
        old = URLSafeTimedSerializer(competition.store.competition().secret,
                                     salt="arena-competition-token").dumps(data)
    answer = http().send("GET", "/api/submissions", headers={"Authorization": f"Bearer {old}"})
    assert answer.status == 401 and "expired" in answer.json()["error"]
    resigned = URLSafeTimedSerializer(competition.store.competition().secret,
                                      salt="arena-competition-token").dumps(data)
    assert http().send("GET", "/api/submissions", headers={"Authorization": f"Bearer {resigned}"}).status == 200


def test_a_form_without_the_right_csrf_token_is_refused(competition, http):
    client = http().page_login("alice")
    token = client.csrf("/submit")
    for fields in ({}, {"csrf": "0" * 64}, {"csrf": http().csrf()}):
        answer = client.post_form("/logout", **fields)
        assert answer.status == 403 and "CSRF" in answer.text
    assert "Log out" in client.get("/my").text  # still logged in
    refused = client.post_form("/login", name="alice", password=PASSWORD)
    assert refused.status == 403
    organiser = http().page_login("org")
    refused = organiser.post_form("/organiser/freeze", frozen="yes", csrf=token)  # alice's token
    assert refused.status == 403 and competition.store.competition().frozen is False
    assert organiser.post_form("/organiser/freeze", frozen="yes", csrf=organiser.csrf("/organiser")).status == 200
    assert competition.store.competition().frozen is True


def test_a_post_from_another_origin_is_refused(competition, http):
    answer = http().send("POST", "/api/login", b'{"name":"alice","password":"x"}', "application/json",
                         headers={"Origin": "http://evil.example"})
    assert answer.status == 403 and "cross-origin" in answer.json()["error"]


def test_registration_needs_the_invitation_code(competition, http):
    client = http()
    closed = client.post_form("/register", name="carol", password="carol's password", code="x",
                              csrf=client.csrf())
    assert closed.status == 403 and "no self-registration" in closed.text
    competition.store.set_invitation("club-2026")
    wrong = client.post_form("/register", name="carol", password="carol's password", code="club-2025",
                             csrf=client.csrf())
    assert wrong.status == 403 and "invitation code is wrong" in wrong.text
    short = client.post_form("/register", name="carol", password="short", code="club-2026",
                             csrf=client.csrf())
    assert short.status == 400 and "at least 8" in short.text
    taken = client.post_form("/register", name="alice", password="carol's password", code="club-2026",
                             csrf=client.csrf())
    assert taken.status == 409 and "already" in taken.text
    done = client.post_form("/register", name="carol", password="carol's password", code="club-2026",
                            csrf=client.csrf())
    assert done.status == 200 and "carol" in done.text and "Log out" in done.text
    assert competition.store.user_named("carol").role == "contestant"
    assert http().login("carol", "carol's password").token
