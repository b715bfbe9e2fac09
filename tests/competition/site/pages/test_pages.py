"""The pages: what each visitor sees, forms that change something, and nobody else's stderr."""

from __future__ import annotations

import html
import re

import pytest

from arena.competition.build import languages
from arena.competition.site.pages.rules import rules_html
from arena.games import game_names

from arena.competition.client.http import multipart_body

BOT = b"print('a bot')\n"


def page_upload(client, filename: str, content: bytes, language: str = ""):
    body, content_type = multipart_body({"csrf": client.csrf("/submit"), "language": language},
                                        {"file": (filename, content)})
    return client.send("POST", "/submit", body, content_type)


def test_home_shows_the_game_its_rules_and_how_to_submit(competition, http):
    page = http().get("/")
    assert page.status == 200 and "Test Cup" in page.text and "Domineering" in page.text
    assert "arena submit " + competition.url in page.text
    assert 'href="/rules"' in page.text  # the competition's own rules page, not a source file
    rules = http().get("/rules")  # public, like the ranking
    assert rules.status == 200 and "MOVE x y" in rules.text and "(chosen)" in rules.text
    assert "rules.py" not in rules.text and "source of truth" not in " ".join(rules.text.split())
    assert "<script>" not in page.text.replace('<script src=', '')  # no inline script (the CSP forbids it)
    assert "Register" not in page.text  # no invitation code: no self-registration
    competition.store.set_invitation("join-us")
    assert 'href="/register"' in http().get("/").text


@pytest.mark.parametrize("game", game_names())
def test_every_games_rules_page_names_no_source_file_and_keeps_the_rest(game):
    """The sentence naming arena's sources goes; the one after it ("Where the original ... was
    silent, the reading arena chose is marked (chosen)") and the rules themselves stay."""
    html = rules_html(game)
    assert html is not None
    words = " ".join(html.split())
    assert "source of truth" not in words and f"src/arena/games/{game}/rules.py" not in words
    assert "the reading arena chose is marked" in words and "<h2>" in html


def test_submitting_from_the_page_shows_the_build_log_and_report(competition, http):
    alice = http().page_login("alice")
    form = alice.get("/submit")
    table = languages.load_table(competition.folder.languages)
    assert form.status == 200 and table
    for name, language in table.items():  # each language's compiler, version and flags are published
        assert f'<option value="{name}">' in form.text and html.escape(language.describe()) in form.text
    answer = page_upload(alice, "bot.py", BOT)
    assert answer.status == 200 and "Submission" in answer.text, answer.text
    assert 'id="status" class="status status-admitted">admitted' in answer.text
    assert "compiled (fake build)" in answer.text and "clean in both seats" in answer.text
    mine = alice.get("/my")
    assert "bot.py" in mine.text and "admitted" in mine.text
    failed = page_upload(alice, "bot.cpp", b"int main() { #error }")
    assert "build-failed" in failed.text and "expected &#39;;&#39;" in failed.text
    refused = page_upload(alice, "bot.xyz", BOT)
    assert refused.status == 400 and "bot.xyz" in refused.text and 'name="file"' in refused.text


def test_a_contestant_cannot_open_anothers_submission_or_the_organiser_page(competition, http):
    alice = http().page_login("alice")
    page_upload(alice, "bot.py", BOT)
    submission_id = competition.store.submissions()[0].id
    bob = http().page_login("bob")
    assert bob.get(f"/submissions/{submission_id}").status == 404
    assert bob.get("/organiser").status == 403
    assert http().get("/my").status == 401 and http().get("/submit").status == 401
    organiser = http().page_login("org")
    assert organiser.get(f"/submissions/{submission_id}").status == 200


def test_ranking_games_and_replays_after_a_round(competition, http):
    for name in ("alice", "bob"):
        page_upload(http().page_login(name), "bot.py", BOT)
    organiser = http().page_login("org")
    page = organiser.get("/organiser")
    assert "Start a test round" in page.text and "alice" in page.text
    assert organiser.post_form("/organiser/round", csrf=organiser.csrf("/organiser")).status == 200
    ranking = http().get("/ranking")
    assert ranking.status == 200 and "/static/site/ranking.js" in ranking.text
    rows = re.findall(r'<th class="name"><a href="/games\?player=(\w+)">', ranking.text)
    assert sorted(rows) == ["alice", "bob"]
    games = http().get("/games")
    ids = re.findall(r'href="/games/(\d+)">replay', games.text)
    assert len(ids) == 2
    replay = http().get(f"/games/{ids[0]}")
    assert replay.status == 200 and "/static/replay.js" in replay.text
    assert f"/api/games/{ids[0]}/replay/svg" in replay.text
    assert "stderr of seat" not in replay.text and "its author and the organisers only" in replay.text
    game = competition.store.game(int(ids[0]))
    author = http().page_login(game.players[0])
    mine = author.get(f"/games/{ids[0]}")
    assert f"stderr of seat 0 in game {ids[0]}" in mine.text and f"stderr of seat 1 in game" not in mine.text
    # the author's stderr inside the game's page (the old stderr address leads there), with the record's download
    for address in (f"/games/{ids[0]}/stderr/0", f"/games/{ids[0]}"):
        inside = author.get(address).text
        assert f'<pre class="stderr" id="stderr0">stderr of seat 0 in game {ids[0]}</pre>' in inside
        assert "/static/replay.js" in inside and "stderr of seat 1" not in inside
    download = re.search(r'<a href="([^"]+)" download="game-(\d+).json" id="record-download">', replay.text)
    assert download and download.group(2) == ids[0]
    record = http().get(html.unescape(download.group(1)))
    assert record.status == 200 and record.json()["moves"] and "stderr" not in record.text
    assert {p["command"] for p in record.json()["players"]} == {f"submission {s}" for s in game.submissions}
    assert author.get(f"/games/{ids[0]}/stderr/1").status == 403
    assert organiser.get(f"/games/{ids[0]}/stderr/1").status == 200
    assert http().get(f"/games/{ids[0]}/stderr/1").status == 401
    assert http().get("/games/999").status == 404 and http().get("/games/abc").status == 400
    mine = author.get("/my").text
    links = re.findall(r'href="/games/(\d+)#stderr(\d)">my stderr', mine)
    assert len(links) == 2 and all(competition.store.game(int(g)).players[int(seat)] == game.players[0]
                                   for g, seat in links)
    player_games = http().get("/games?player=alice")
    assert len(re.findall(r'href="/games/(\d+)">replay', player_games.text)) == 2


def test_organiser_forms_change_the_competition(competition, http):
    organiser = http().page_login("org")
    token = organiser.csrf("/organiser")
    organiser.post_form("/organiser/invitation", code="club-2026", csrf=token)
    assert competition.store.competition().invitation == "club-2026"
    organiser.post_form("/organiser/deadline", deadline="2030-01-02 03:04", csrf=token)
    assert competition.store.competition().deadline == 1893553440.0
    page = organiser.get("/organiser").text
    shown = re.search(r'id="deadline" placeholder="[^"]*" value="([^"]+)"', page).group(1)
    organiser.post_form("/organiser/deadline", deadline=shown, csrf=token)  # sent back as shown: unchanged
    assert competition.store.competition().deadline == 1893553440.0
    organiser.post_form("/organiser/builtin", bot="greedy", csrf=token)
    assert competition.store.user_named("builtin-greedy") is not None
    assert organiser.post_form("/organiser/final", csrf=token).status == 400  # not confirmed
    assert competition.store.rounds() == []
    assert organiser.post_form("/organiser/final", confirm="yes", csrf=token).status == 200
    assert competition.store.rounds()[0].kind == "final-robin"
    bad = organiser.post_form("/organiser/deadline", deadline="soon", csrf=token)
    assert bad.status == 400 and "YYYY-MM-DD HH:MM" in bad.text
    assert organiser.post_form("/organiser/nonsense", csrf=token).status == 404
    # the final (no entrants when it began, so no games) is the latest finished competition: the default
    assert "Ranking: Final</h1>" in http().get("/ranking").text
    final = http().get("/ranking?kind=final")  # the final above had no games: its ranking lists everyone at 0
    assert final.status == 200 and "Ranking: Final</h1>" in final.text and '"kind": "final"' in final.text


def test_unknown_pages_and_bad_queries_are_4xx_pages(competition, http):
    for path, status in (("/nowhere", 404), ("/games?page=-1", 400), ("/games?page=x", 400),
                         ("/submissions/1", 401), ("/games?player=nobody", 404)):
        answer = http().get(path)
        assert answer.status == status and "<h1>" in answer.text, path
        assert "script-src 'self'" in answer.headers["Content-Security-Policy"]


def test_a_wrong_password_on_the_login_page_says_so_and_slows_down(competition, http):
    client = http()
    for _ in range(3):
        answer = client.post_form("/login", name="alice", password="nope nope", csrf=client.csrf())
        assert answer.status == 401 and "wrong name or password" in answer.text and 'value="alice"' in answer.text
    slowed = client.post_form("/login", name="alice", password="correct horse", csrf=client.csrf())
    assert slowed.status == 429 and "try again in" in slowed.text and slowed.headers["Retry-After"]


def test_asking_for_unrated_games_from_my_page(competition, http):
    for name in ("alice", "bob"):
        page_upload(http().page_login(name), "bot.py", BOT)
    alice = http().page_login("alice")
    page = alice.get("/my")
    assert '<option>bob</option>' in page.text and '<option>alice</option>' not in page.text
    assert alice.post_form("/unrated", opponent="bob", csrf=alice.csrf()).status == 200
    alice_id, bob_id = (competition.store.user_named(n).id for n in ("alice", "bob"))
    assert competition.conductor.unrated == [(alice_id, bob_id)]
    assert alice.post_form("/unrated", opponent="alice", csrf=alice.csrf()).status == 400
    assert alice.post_form("/unrated", opponent="bob").status == 403  # no CSRF token


def test_no_form_post_gets_a_500(competition, http):
    organiser = http().page_login("org")
    token = organiser.csrf()
    paths = ["/register", "/submit", "/unrated", "/organiser/round", "/organiser/builtin", "/organiser/freeze",
             "/organiser/invitation", "/organiser/deadline", "/organiser/x", "/organiser/disable", "/organiser/enable",
             "/organiser/withdraw", "/organiser/restore", "/organiser/announce", "/organiser/unannounce",
             "/organiser/void", "/organiser/answer", "/organiser/final", "/clarify", "/login", "/logout"]  # logging out last
    bodies = [b"", f"csrf={token}".encode(), f"csrf={token}&name=%00&password=&code=x&bot=&opponent=&deadline=%ff&game=x&id=&games_per_pair=-2"
              .encode(), b"\xff\xfe", f"csrf={token}&file=abc&language=" .encode(), b"=" * 5000, "csrf=\u00e9\u4e2d&name=\u00e9".encode()]
    for path in paths:
        for body in bodies:
            for kind in ("application/x-www-form-urlencoded", "multipart/form-data; boundary=z", "text/plain"):
                answer = organiser.send("POST", path, body, kind)
                assert answer.status < 500, (path, body[:40], kind, answer.status, answer.text[-300:])


def test_a_reports_tabs_show_as_tabs_and_its_control_characters_written_out(competition, http):
    author = http().page_login("alice")
    assert page_upload(author, "bot.py", b"#trace\n").status == 200
    submission = competition.store.submissions()[0]
    page = author.get(f"/submissions/{submission.id}").text
    shown = html.unescape(re.search(r'<pre class="stderr" id="admission">(.*?)</pre>', page, re.S).group(1))
    assert "    | \tat Main.main(Main.java:12)\n" in shown and "\\x09" not in shown
    assert "    | \\x1b]52;c;cGF3bmVk\\x07 \\u202egnp.exe" in shown
    assert "\x1b" not in page and "\u202e" not in page and "&lt;no move&gt;" in page
    # a report stored before the text was kept raw (escaped already) shows as it was
    competition.store.update_submission(submission.id, admission="    | \\x09at Old.main(Old.java:3)")
    page = author.get(f"/submissions/{submission.id}").text
    assert '<pre class="stderr" id="admission">    | \\x09at Old.main(Old.java:3)</pre>' in page


def test_the_home_page_shows_the_build_queue(competition, http):
    page = http().get("/").text
    assert 'id="next-builds">Builds: 0 under way, 0 waiting (first come, first served, 1 at once).' in page
    user = competition.store.user_named("alice")
    competition.store.add_submission(user.id, "python", "bot.py")  # left waiting: the double builds nothing
    assert 'id="next-builds">Builds: 0 under way, 1 waiting' in http().get("/").text
