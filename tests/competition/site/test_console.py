"""The organiser's console, over HTTP: accounts disabled and enabled again, built-in players withdrawn
and restored, announcements; each from its form (with its CSRF token and a confirmation on the page
it leads back to) and from the API, every malformed request a 4xx."""

from __future__ import annotations

import html
import re

from arena.competition.client.http import multipart_body

from .site_server import PASSWORD
from .pages.test_pages import BOT, page_upload


def _paired(store, round_id) -> set[str]:
    return {name for game in store.games(round_id=round_id, played_only=False) for name in game.players}


def _confirmation(page: str) -> str:
    found = re.search(r'id="confirmation" role="status">([^<]*)</p>', page)
    assert found, "no confirmation on the page"
    return html.unescape(found.group(1))


def test_a_disabled_account_cannot_log_in_or_submit_and_leaves_the_next_rounds(competition, http):
    store = competition.store
    bob_page = http().page_login("bob")
    for client in (http().page_login("alice"), bob_page):
        assert page_upload(client, "bot.py", BOT).status == 200
    bob_api = http("bob")  # a token made before the account is disabled
    organiser = http().page_login("org")
    token = organiser.csrf("/organiser")
    assert organiser.post_form("/organiser/round", csrf=token).status == 200
    first = store.rounds()[0].id
    assert _paired(store, first) == {"alice", "bob"}

    unconfirmed = organiser.post_form("/organiser/disable", name="bob", csrf=token)
    assert unconfirmed.status == 400 and "tick the box" in unconfirmed.text
    assert not store.user_named("bob").disabled
    page = organiser.post_form("/organiser/disable", name="bob", confirm="yes", csrf=token)
    assert page.status == 200 and _confirmation(page.text).startswith("bob's account is disabled")
    assert re.search(r"<td>bob</td>.*?<td class=\"account-state\">disabled</td>", page.text)
    assert store.user_named("bob").disabled

    login = http().post_json("/api/login", {"name": "bob", "password": PASSWORD})
    assert login.status == 403 and "disabled" in login.json()["error"]
    wrong = http().post_json("/api/login", {"name": "bob", "password": "not the password"})
    assert wrong.status == 401 and "disabled" not in wrong.text  # nothing said without the password
    browser = http()
    form = browser.post_form("/login", name="bob", password=PASSWORD, csrf=browser.csrf("/login"))
    assert form.status == 403 and "disabled by the competition&#39;s organiser" in form.text
    body, content_type = multipart_body({"csrf": bob_page.csrf("/login")}, {"file": ("bot.py", BOT)})
    for answer in (bob_api.upload("/api/submissions", "bot.py", BOT), bob_api.get("/api/submissions"),
                   bob_page.send("POST", "/submit", body, content_type), bob_page.get("/my"), bob_page.get("/submit")):
        assert answer.status == 403 and "disabled" in answer.text, (answer.status, answer.text[:300])
    assert bob_page.get("/ranking").status == 200  # the public pages as to any visitor
    assert len(store.submissions(user_id=store.user_named("bob").id)) == 1

    # the next round leaves bob out (alice alone: no round), his games and ranking stay
    assert organiser.post_form("/organiser/builtin", bot="greedy", csrf=token).status == 200
    organiser.post_form("/organiser/round", csrf=token)
    second = store.rounds()[0].id
    assert second != first and _paired(store, second) == {"alice", "builtin-greedy"}
    rows = http().get(f"/api/rounds/{first}").json()["ranking"]["rows"]
    assert sorted(row["name"] for row in rows) == ["alice", "bob"] and all(row["games"] == 2 for row in rows)
    assert len(store.games(round_id=first)) == 2

    page = organiser.post_form("/organiser/enable", name="bob", csrf=token)
    assert _confirmation(page.text).startswith("bob's account is enabled again")
    assert http().post_json("/api/login", {"name": "bob", "password": PASSWORD}).status == 200
    # disabling ended bob's sessions and tokens: enabled again, he logs in afresh
    assert "Log out" not in bob_page.get("/my").text and bob_page.get("/api/submissions").status == 401
    assert bob_api.get("/api/submissions").status == 401
    assert "Log out" in http().page_login("bob").get("/my").text
    organiser.post_form("/organiser/round", csrf=token)
    assert _paired(store, store.rounds()[0].id) == {"alice", "bob", "builtin-greedy"}


def test_the_api_disables_and_enables_accounts_and_refuses_what_it_cannot(competition, http):
    organiser = http("org")
    path = "/api/organiser/accounts/disabled"
    answer = organiser.post_json(path, {"name": "alice", "disabled": True})
    assert answer.status == 200 and answer.json() == {"name": "alice", "disabled": True}
    users = {u["name"]: u for u in organiser.get("/api/organiser/users").json()["users"]}
    assert users["alice"]["disabled"] and not users["bob"]["disabled"]
    assert organiser.post_json(path, {"name": "alice", "disabled": False}).json() == {"name": "alice",
                                                                                     "disabled": False}
    assert not competition.store.user_named("alice").disabled
    organiser.post_json("/api/organiser/builtins", {"bot": "greedy"})
    for body, status, words in (({"name": "nobody", "disabled": True}, 404, "no account"),
                                ({"name": "org", "disabled": True}, 409, "organiser"),
                                ({"name": "builtin-greedy", "disabled": True}, 409, "withdraw"),
                                ({"name": "alice", "disabled": "yes"}, 400, "'disabled' must be bool"),
                                ({"name": "alice"}, 400, "'disabled' is missing"),
                                ({"disabled": True}, 400, "'name' is missing")):
        answer = organiser.post_json(path, body)
        assert answer.status == status and words in answer.json()["error"], (body, answer.text)
    assert http("alice").post_json(path, {"name": "bob", "disabled": True}).status == 403
    assert http().post_json(path, {"name": "bob", "disabled": True}).status == 401
    assert not competition.store.user_named("bob").disabled and not competition.store.user_named("org").disabled


def test_a_withdrawn_builtin_is_not_paired_until_restored(competition, http):
    store = competition.store
    page_upload(http().page_login("alice"), "bot.py", BOT)
    organiser = http("org")
    path = "/api/organiser/builtins/withdrawn"
    assert organiser.post_json(path, {"bot": "greedy", "withdrawn": True}).status == 404  # not entered yet
    assert organiser.post_json(path, {"bot": "nonesuch", "withdrawn": True}).status == 400
    for bot in ("greedy", "random"):
        organiser.post_json("/api/organiser/builtins", {"bot": bot})
    organiser.post_json("/api/rounds", {})
    first = store.rounds()[0].id
    assert _paired(store, first) == {"alice", "builtin-greedy", "builtin-random"}
    answer = organiser.post_json(path, {"bot": "greedy", "withdrawn": True})
    assert answer.json() == {"bot": "greedy", "name": "builtin-greedy", "withdrawn": True}
    organiser.post_json("/api/rounds", {})
    assert _paired(store, store.rounds()[0].id) == {"alice", "builtin-random"}
    assert "builtin-greedy" in _paired(store, first) and len(store.games(round_id=first)) == 6  # its games stay

    console = http().page_login("org")
    page = console.get("/organiser").text
    assert re.search(r"<td>builtin-greedy</td>.*?withdrawn.*?name=\"bot\" value=\"greedy\"><button class=\"restore\"",
                     page)
    restored = console.post_form("/organiser/restore", bot="greedy", csrf=console.csrf("/organiser"))
    assert _confirmation(restored.text) == "builtin-greedy is restored: it plays the next rounds."
    organiser.post_json("/api/rounds", {})
    assert _paired(store, store.rounds()[0].id) == {"alice", "builtin-greedy", "builtin-random"}
    withdrawn = console.post_form("/organiser/withdraw", bot="random", csrf=console.csrf("/organiser"))
    assert _confirmation(withdrawn.text).startswith("builtin-random is withdrawn")
    assert store.user_named("builtin-random").disabled
    # without the session's CSRF token, nothing changes
    assert console.post_form("/organiser/restore", bot="random", csrf="forged").status == 403
    assert store.user_named("builtin-random").disabled


def test_announcements_are_shown_escaped_on_the_home_page_and_removed(competition, http):
    console = http().page_login("org")
    token = console.csrf("/organiser")
    text = "Test round at 14:00 <script>alert('x')</script> & bring snacks"
    page = console.post_form("/organiser/announce", text=text, csrf=token)
    assert page.status == 200 and _confirmation(page.text) == "The announcement is on the home page."
    home = http().get("/").text
    assert "<script>alert" not in home
    assert "Test round at 14:00 &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; bring snacks" in home
    listed = http().get("/api/announcements").json()["announcements"]
    assert [a["text"] for a in listed] == [text]

    api = http("org")
    second = api.post_json("/api/organiser/announcements", {"text": "  The final is on Friday.  "})
    assert second.status == 200
    listed = http().get("/api/announcements").json()["announcements"]
    assert [a["text"] for a in listed] == ["The final is on Friday.", text]  # newest first, trimmed
    home = http().get("/").text
    assert home.index("The final is on Friday.") < home.index("Test round at 14:00")

    assert api.send("DELETE", f"/api/organiser/announcements/{second.json()['id']}").json() == {}
    assert api.send("DELETE", f"/api/organiser/announcements/{second.json()['id']}").status == 404
    first_id = listed[1]["id"]
    removed = console.post_form("/organiser/unannounce", id=str(first_id), csrf=token)
    assert _confirmation(removed.text) == "The announcement is taken off the home page."
    assert http().get("/api/announcements").json() == {"announcements": []}
    assert "Test round at 14:00" not in http().get("/").text

    for body, status in (({"text": "   "}, 400), ({"text": "x" * 2001}, 400), ({"text": 5}, 400), ({}, 400)):
        assert api.post_json("/api/organiser/announcements", body).status == status, body
    assert http("alice").post_json("/api/organiser/announcements", {"text": "hi"}).status == 403
    assert http("alice").send("DELETE", f"/api/organiser/announcements/{first_id}").status == 403
    assert console.post_form("/organiser/unannounce", id="x1", csrf=token).status == 400
    assert console.post_form("/organiser/announce", text="", csrf=token).status == 400
    assert http().get("/api/announcements").json() == {"announcements": []}


def test_the_home_page_says_what_comes_next(competition, http):
    store = competition.store
    home = http().get("/").text
    assert "Test rounds are started by the organiser; none is scheduled." in home
    assert "no deadline is set yet" in home and "The final: when the organiser starts it." in home
    competition.conductor.schedule = {"at": 1893553440.0, "every_s": 1800.0}
    store.set_deadline(1893560000.0)
    home = http().get("/").text
    assert re.search(r'id="next-round">The next test round starts at <b>2030-01-02 03:04:00 UTC</b>.*'
                     r"a test round every 30 minutes", home)
    assert "Submissions close at <b>2030-01-02 04:53:20 UTC</b>" in home and "after the deadline" in home
    store.set_deadline(1000.0)
    assert "Submissions closed at <b>1970-01-01 00:16:40 UTC</b>" in http().get("/").text
    for name in ("alice", "bob"):
        page_upload(http().page_login(name), "bot.py", BOT)
    competition.conductor.play_rounds = False
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    assert f'Test round {round_id} is being played now: <a href="/rounds/{round_id}">' in http().get("/").text
    competition.conductor.play(round_id)
    competition.conductor.play_rounds = True
    assert http("org").post_json("/api/organiser/final", {}).status == 200
    home = http().get("/").text
    assert "The competition is over" in home and 'id="podium"' in home and 'href="/ranking?kind=final"' in home
    assert "next-round" not in home and "The final: when" not in home
