"""Issue 50: clarifications. A contestant asks; the organiser reads them all, unanswered first, and
answers, privately (the asker alone sees it, on /my too) or publicly (everyone, the home page too);
five questions an hour each, then 429; every text escaped where shown."""

from __future__ import annotations

from ..conftest import Http

SCRIPT = "<script>alert('x')</script> & is a draw a win?"


def texts(client) -> dict[str, str | None]:
    return {c["text"]: c["answer"] for c in client.get("/api/clarifications").json()["clarifications"]}


def test_a_private_answer_reaches_the_asker_alone_and_a_public_one_everyone(competition, http):
    alice, bob, organiser = http("alice"), http("bob"), http("org")
    asked = alice.post_json("/api/clarifications", {"text": "  May my bot use two threads?  "})
    assert asked.status == 200
    first = asked.json()["id"]
    second = bob.post_json("/api/clarifications", {"text": SCRIPT}).json()["id"]
    assert texts(alice) == {"May my bot use two threads?": None} and texts(bob) == {SCRIPT: None}
    assert texts(http()) == {}
    listed = organiser.get("/api/organiser/clarifications").json()["clarifications"]
    assert [(c["id"], c["asker"], c["answer"]) for c in listed] == [(first, "alice", None), (second, "bob", None)]
    assert all("asker" not in c for c in alice.get("/api/clarifications").json()["clarifications"])

    assert organiser.post_json(f"/api/organiser/clarifications/{first}",
                               {"answer": "No: one thread.", "public": False}).json() == {}
    assert texts(alice) == {"May my bot use two threads?": "No: one thread."}
    assert texts(bob) == {SCRIPT: None} and texts(http()) == {}
    # answered ones after those still waiting
    listed = organiser.get("/api/organiser/clarifications").json()["clarifications"]
    assert [c["id"] for c in listed] == [second, first]

    organiser.post_json(f"/api/organiser/clarifications/{first}", {"answer": "No: one thread.", "public": True})
    for reader in (alice, bob, http()):
        assert texts(reader)["May my bot use two threads?"] == "No: one thread."
    organiser.post_json(f"/api/organiser/clarifications/{second}", {"answer": "<b>a loss</b>", "public": True})
    home = http().get("/").text
    assert 'id="clarifications"' in home and "No: one thread." in home
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; is a draw a win?" in home
    assert "<script>alert" not in home and "&lt;b&gt;a loss&lt;/b&gt;" in home


def test_questions_are_checked_and_limited_to_five_an_hour(competition, http):
    alice, organiser = http("alice"), http("org")
    for body, status in (({"text": "   "}, 400), ({"text": "x" * 2001}, 400), ({}, 400), ({"text": 5}, 400)):
        assert alice.post_json("/api/clarifications", body).status == status
    assert http().post_json("/api/clarifications", {"text": "anyone?"}).status == 401
    for n in range(5):
        assert alice.post_json("/api/clarifications", {"text": f"question {n}"}).status == 200
    limited = alice.post_json("/api/clarifications", {"text": "question 6"})
    assert limited.status == 429 and "5 questions in the last hour" in limited.json()["error"]
    assert 3500 <= int(limited.headers["Retry-After"]) <= 3600
    assert http("bob").post_json("/api/clarifications", {"text": "mine"}).status == 200  # each their own five
    assert alice.get("/api/organiser/clarifications").status == 403
    assert alice.post_json("/api/organiser/clarifications/1", {"answer": "yes", "public": True}).status == 403
    assert organiser.post_json("/api/organiser/clarifications/999", {"answer": "yes", "public": True}).status == 404
    assert organiser.post_json("/api/organiser/clarifications/1", {"answer": "", "public": True}).status == 400
    assert organiser.post_json("/api/organiser/clarifications/1", {"answer": "yes"}).status == 400


def test_the_pages_ask_show_and_answer_clarifications(competition, http):
    alice = Http(competition.url).page_login("alice")
    done = alice.post_form("/clarify", text=SCRIPT, csrf=alice.csrf("/my"))
    assert done.status == 200 and 'id="my-clarifications"' in done.text
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in done.text and "not answered yet" in done.text
    assert alice.post_form("/clarify", text=SCRIPT).status == 403  # no CSRF token
    console = Http(competition.url).page_login("org")
    page = console.get("/organiser").text
    assert "Clarifications (1 waiting)" in page and "<script>alert" not in page
    question = competition.store.clarifications(every=True)[0]
    answered = console.post_form("/organiser/answer", id=str(question.id), answer="Only a win <counts>",
                                 csrf=console.csrf("/organiser"))
    assert answered.status == 200 and "(1 waiting)" not in answered.text
    assert "Only a win &lt;counts&gt;" in alice.get("/my").text  # private: on the asker's page
    assert "Only a win" not in http().get("/").text  # and not on the home page
