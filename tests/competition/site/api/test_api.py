"""The JSON API's shapes, exactly as issue 25 fixes them, and its refusals (4xx naming what is wrong)."""

from __future__ import annotations

import io
import json
import os
import socket
import zipfile

from arena.competition.site.security.body_limits import UPLOAD_LIMIT

BOT = b"print('a bot')\n"


def declared_too_large(url: str, length: int) -> bytes:
    """The server's answer to headers announcing a ``length``-byte upload, before any of it is sent."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(f"POST /api/submissions HTTP/1.1\r\nHost: {host}\r\nContent-Length: {length}\r\n"
                           "Content-Type: multipart/form-data; boundary=x\r\n\r\n".encode())
        return connection.recv(4096)


def admitted_submission(client, source: bytes = BOT, filename: str = "bot.py") -> int:
    answer = client.upload("/api/submissions", filename, source)
    assert answer.status == 200, answer.text
    return answer.json()["id"]


def test_login_gives_a_token_and_submissions_have_the_fixed_shape(competition, http):
    alice = http("alice")
    submission_id = admitted_submission(alice)
    answer = alice.get(f"/api/submissions/{submission_id}")
    assert answer.status == 200
    body = answer.json()
    assert body["id"] == submission_id and body["status"] == "admitted"
    assert body["build_log"] == "compiled (fake build)" and "clean" in body["admission"]
    assert body["language"] in competition.store.submission(submission_id).language
    saved = competition.folder.upload(submission_id) / "bot.py"
    assert saved.read_bytes() == BOT and competition.conductor.added == [submission_id]
    listed = alice.get("/api/submissions").json()["submissions"]
    assert [s["id"] for s in listed] == [submission_id]


def test_another_contestants_submission_is_not_found_but_the_organiser_sees_it(competition, http):
    submission_id = admitted_submission(http("alice"))
    assert http("bob").get(f"/api/submissions/{submission_id}").status == 404
    assert http("bob").get("/api/submissions").json()["submissions"] == []
    assert http("org").get(f"/api/submissions/{submission_id}").json()["status"] == "admitted"
    assert http().get(f"/api/submissions/{submission_id}").status == 401


def test_build_failure_and_rejection_are_reported(competition, http):
    alice = http("alice")
    failed = alice.get(f"/api/submissions/{admitted_submission(alice, b'int main() { #error }', 'bot.cpp')}").json()
    assert failed["status"] == "build-failed" and "error" in failed["build_log"]
    rejected = alice.get(f"/api/submissions/{admitted_submission(alice, b'#crash')}").json()
    assert rejected["status"] == "rejected" and "crash" in rejected["admission"]


def test_a_round_plays_and_the_ranking_and_games_have_their_shapes(competition, http):
    admitted_submission(http("alice"))
    admitted_submission(http("bob"))
    organiser = http("org")
    assert http("alice").post_json("/api/rounds", {}).status == 403
    answer = organiser.post_json("/api/rounds", {})
    assert answer.status == 200, answer.text
    round_id = answer.json()["id"]
    assert organiser.get(f"/api/rounds/{round_id}").json()["status"] == "finished"
    rows = http().get("/api/ranking").json()["rows"]
    assert sorted(row["name"] for row in rows) == ["alice", "bob"]
    assert all(row["games"] == 2 for row in rows) and [row["rank"] for row in rows][0] == 1
    games = http().get("/api/games").json()["games"]
    assert len(games) == 2 and {tuple(g["players"]) for g in games} == {("alice", "bob"), ("bob", "alice")}
    for game in games:
        assert game["round"] == round_id and len(game["scores"]) == 2 and len(game["verdicts"]) == 2
        record = http().get(f"/api/games/{game['id']}/record").json()
        assert record["game"] == "domineering" and "stderr" not in record and record["moves"]
        assert http().get(f"/api/games/{game['id']}/replay/svg/0").headers["Content-Type"] == "image/svg+xml"
    paged = http().get("/api/games?limit=1&offset=1").json()
    assert [g["id"] for g in paged["games"]] == [games[1]["id"]] and paged["more"] is False


def test_an_entrant_without_games_is_ranked_with_none(competition, http):
    admitted_submission(http("alice"))
    assert http().get("/api/ranking").json()["rows"] == [
        {**http().get("/api/ranking").json()["rows"][0], "name": "alice", "games": 0}]


def test_a_second_round_while_one_runs_is_409(competition, http):
    competition.conductor.play_rounds = False
    admitted_submission(http("alice"))
    admitted_submission(http("bob"))
    organiser = http("org")
    first = organiser.post_json("/api/rounds", {})
    assert first.status == 200 and organiser.get(f"/api/rounds/{first.json()['id']}").json()["status"] == "running"
    second = organiser.post_json("/api/rounds", {})
    assert second.status == 409 and "running" in second.json()["error"]


def test_stderr_is_for_its_author_and_the_organisers(competition, http):
    admitted_submission(http("alice"))
    admitted_submission(http("bob"))
    admitted_submission(http("org"))  # a third program, so that some game has no bob in it
    http("org").post_json("/api/rounds", {})
    game = next(g for g in http().get("/api/games").json()["games"] if g["players"] == ["alice", "org"])
    path = f"/api/games/{game['id']}/stderr/0"
    assert http("alice").get(path).text == f"stderr of seat 0 in game {game['id']}"
    assert http("org").get(path).status == 200
    refused = http("bob").get(path)
    assert refused.status == 403 and "author" in refused.json()["error"]
    assert http().get(path).status == 401
    assert http("alice").get(f"/api/games/{game['id']}/stderr/2").status == 404
    assert http("alice").get("/api/games/99999/stderr/0").status == 404
    assert http("org").get(f"/api/games/{game['id']}/stderr/1").status == 200


def test_uploads_refused_with_clear_messages(competition, http):
    alice = http("alice")
    too_large = alice.upload("/api/submissions", "bot.py", b"#" * (UPLOAD_LIMIT + 10))
    assert too_large.status == 413 and "KB" in too_large.json()["error"]
    assert declared_too_large(competition.url, 3 * UPLOAD_LIMIT).startswith(b"HTTP/1.1 413 ")
    bad_language = alice.upload("/api/submissions", "bot.py", BOT, language="cobol")
    assert bad_language.status == 400 and "cobol" in bad_language.json()["error"]
    unknown = alice.upload("/api/submissions", "bot.xyz", BOT)
    assert unknown.status == 400 and "bot.xyz" in unknown.json()["error"]
    for name in ("../bot.py", ".bot.py", "a b.py", "bot;rm.py", "x" * 200 + ".py"):
        answer = alice.upload("/api/submissions", name, BOT)
        assert answer.status == 400 and "file name" in answer.json()["error"], name
    empty = alice.upload("/api/submissions", "bot.py", b"")
    assert empty.status == 400 and "empty" in empty.json()["error"]
    no_file = alice.send("POST", "/api/submissions", b"--x--\r\n", "multipart/form-data; boundary=x")
    assert no_file.status == 400 and "file" in no_file.json()["error"]
    assert competition.store.submissions() == []
    assert os.listdir(competition.folder.root / "uploads") == []  # nothing left behind, half-taken or not


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def test_an_archive_is_taken_by_its_main_file_and_a_hostile_one_refused(competition, http, tmp_path):
    alice = http("alice")
    taken = alice.upload("/api/submissions", "bot.zip", zipped({"bot.py": BOT, "lib/helper.py": b"x = 1\n"}))
    assert taken.status == 200, taken.text
    assert alice.get(f"/api/submissions/{taken.json()['id']}").json()["language"] == "python"
    hostile = alice.upload("/api/submissions", "bot.zip", zipped({"bot.py": BOT, "../escape.py": b"x"}))
    assert hostile.status == 400 and "refused" in hostile.json()["error"], hostile.text
    nested = alice.upload("/api/submissions", "bot.zip", zipped({"src/bot.py": BOT}))
    assert nested.status == 400 and "bot." in nested.json()["error"]
    assert len(competition.store.submissions()) == 1
    assert sorted(os.listdir(competition.folder.root / "uploads")) == [str(taken.json()["id"])]
    assert not (competition.folder.root / "escape.py").exists() and not (tmp_path / "escape.py").exists()


def test_frozen_and_past_deadline_refuse_uploads(competition, http):
    organiser = http("org")
    assert organiser.post_json("/api/organiser/freeze", {"frozen": True}).json() == {"frozen": True}
    refused = http("alice").upload("/api/submissions", "bot.py", BOT)
    assert refused.status == 403 and "frozen" in refused.json()["error"]
    organiser.post_json("/api/organiser/freeze", {"frozen": False})
    assert organiser.post_json("/api/organiser/deadline", {"deadline": 1000.0}).status == 200
    refused = http("alice").upload("/api/submissions", "bot.py", BOT)
    assert refused.status == 403 and "deadline" in refused.json()["error"]
    assert http("alice").post_json("/api/organiser/freeze", {"frozen": True}).status == 403


def test_malformed_requests_are_4xx_naming_the_problem(competition, http):
    alice = http("alice")
    cases = [
        (alice.send("POST", "/api/login", b"{not json", "application/json"), 400, "JSON"),
        (alice.post_json("/api/login", ["name"]), 400, "object"),
        (alice.post_json("/api/login", {"name": 5, "password": "x"}), 400, "'name' must be str"),
        (alice.post_json("/api/login", {"name": "alice"}), 400, "'password' is missing"),
        (alice.send("POST", "/api/login", b"{" * 200_000, "application/json"), 413, "too large"),
        (alice.get("/api/submissions/abc"), 400, "submission_id"),
        (alice.get("/api/submissions/" + "9" * 40), 400, "submission_id"),
        (alice.get("/api/games/0/record"), 400, "game_id"),
        (alice.get("/api/games/12345/record"), 404, "no game 12345"),
        (alice.get("/api/games?limit=100000"), 400, "limit"),
        (alice.get("/api/games?player=nobody"), 404, "nobody"),
        (alice.get("/api/rounds/77"), 404, "no round 77"),
        (alice.get("/api/nothing"), 404, "/api/nothing"),
        (http("org").post_json("/api/organiser/builtins", {"bot": "nonesuch"}), 400, "nonesuch"),
        (http("org").post_json("/api/organiser/freeze", {"frozen": "yes"}), 400, "'frozen' must be bool"),
        (http("org").post_json("/api/organiser/deadline", {"deadline": "tomorrow"}), 400, "'deadline'"),
        (http("org").post_json("/api/unrated", {"opponent": "org"}), 400, "other than yourself"),
        (http("org").send("POST", "/api/rounds", b"[]", "application/json"), 400, "object"),
    ]
    for answer, status, words in cases:
        assert answer.status == status, (answer.status, answer.text)
        assert words in answer.json()["error"], answer.text


def test_organiser_endpoints(competition, http):
    organiser = http("org")
    builtin = organiser.post_json("/api/organiser/builtins", {"bot": "greedy"})
    assert builtin.status == 200 and competition.store.user_named("builtin-greedy").role == "builtin"
    assert http("alice").post_json("/api/organiser/builtins", {"bot": "greedy"}).status == 403
    assert organiser.post_json("/api/organiser/invitation", {"code": "letmein"}).json() == {"invitation": "letmein"}
    assert competition.store.competition().invitation == "letmein"
    assert http().get("/api/competition").json()["registration"] is True
    assert organiser.get("/api/organiser/status").json()["running_rounds"] == []
    assert http("alice").get("/api/organiser/status").status == 403
    assert {u["name"] for u in organiser.get("/api/organiser/users").json()["users"]} >= {"alice", "bob", "org"}
    competition.conductor.play_rounds = False  # the final is being played, not over (then: 409)
    assert organiser.post_json("/api/organiser/final", {}).status == 200
    alice = http("alice")
    assert alice.post_json("/api/unrated", {"opponent": "bob"}).status == 200
    alice.post_json("/api/unrated", {"opponent": "bob"})
    limited = alice.post_json("/api/unrated", {"opponent": "bob"})
    assert limited.status == 409 and "try again" in limited.json()["error"]


def test_errors_carry_the_security_headers(competition, http):
    answer = http().get("/api/games/5/record")
    assert answer.status == 404 and "script-src 'self'" in answer.headers["Content-Security-Policy"]
    assert json.loads(answer.body) == {"error": "there is no game 5"}


def test_a_chunked_upload_is_cut_off_at_the_limit(competition, http):
    """Without a Content-Length the body is counted as it comes: 413, and nothing is saved."""
    token = http("alice").token
    host, port = competition.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as connection:
        connection.sendall(f"POST /api/submissions HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n"
                           f"Authorization: Bearer {token}\r\n"
                           "Content-Type: multipart/form-data; boundary=x\r\n\r\n".encode())
        head = b'--x\r\nContent-Disposition: form-data; name="file"; filename="bot.py"\r\n\r\n'
        connection.sendall(b"%x\r\n%s\r\n" % (len(head), head))
        chunk = b"x" * 65536
        answer = b""
        try:
            for _ in range(40):  # 2.5 MB, more than the limit
                connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except OSError:
            pass  # the server answered and closed: read what it said
        connection.settimeout(10)
        while b"}" not in answer:
            data = connection.recv(4096)
            if not data:
                break
            answer += data
    assert answer.startswith(b"HTTP/1.1 413 "), answer
    assert competition.store.submissions() == []


def test_a_programs_source_is_its_authors_and_the_organisers(competition, http):
    submission_id = admitted_submission(http("alice"))
    path = f"/api/submissions/{submission_id}/source"
    assert http("alice").get(path).body == BOT
    assert http("org").get(path).body == BOT
    assert http("bob").get(path).status == 404 and http().get(path).status == 401


def test_rounds_are_listed(competition, http):
    admitted_submission(http("alice"))
    admitted_submission(http("bob"))
    round_id = http("org").post_json("/api/rounds", {}).json()["id"]
    rounds = http().get("/api/rounds").json()["rounds"]
    assert [(r["id"], r["kind"], r["status"], r["games"], r["played"]) for r in rounds] == \
        [(round_id, "test", "finished", 2, 2)]


def test_a_chunked_json_body_past_the_limit_is_413(competition):
    host, port = competition.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as connection:
        connection.sendall(f"POST /api/login HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n"
                           "Content-Type: application/json\r\n\r\n".encode())
        chunk = b" " * 16384
        try:
            for _ in range(8):  # 128 KB of white space, twice the limit
                connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            connection.sendall(b"0\r\n\r\n")
        except OSError:
            pass
        answer = connection.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413 "), answer


def test_no_request_gets_a_500(competition, http):
    """Every POST endpoint with odd bodies, every GET with odd ids: always a 4xx (or a 2xx)."""
    organiser = http("org")
    posts = ["/api/login", "/api/rounds", "/api/organiser/builtins", "/api/unrated", "/api/organiser/final", "/api/organiser/invitation",
             "/api/organiser/deadline", "/api/organiser/freeze", "/api/submissions", "/api/organiser/accounts/disabled",
             "/api/organiser/builtins/withdrawn", "/api/organiser/announcements"]
    bodies = [b"", b"null", b"[]", b"{}", b'{"x": 1}', b"\xff\xfe\x00", b'{"name": null, "password": []}',
              b'{"bot": 1e999, "opponent": {"a": 1}, "code": 5, "deadline": 1e999, "frozen": null}',
              b"[" * 5000, b'{"deadline": -5, "code": "ab"}', b'"string"']
    for path in posts:
        for body in bodies:
            for kind in ("application/json", "text/plain", "multipart/form-data; boundary=z"):
                answer = organiser.send("POST", path, body, kind)
                assert answer.status < 500, (path, body[:40], kind, answer.status, answer.text)
                assert "error" in answer.json() or answer.status < 300
    gets = ["/api/submissions/{}", "/api/submissions/{}/source", "/api/rounds/{}", "/api/games/{}",
            "/api/games/{}/record", "/api/games/{}/stderr/0", "/api/games/1/stderr/{}",
            "/api/games/{}/replay/svg/0", "/api/games/1/replay/svg/{}", "/games/{}", "/submissions/{}",
            "/api/games?limit={}", "/api/games?offset={}", "/api/games?round={}", "/games?page={}",
            "/organiser?done={}&name={}"]
    for path in gets:
        for value in ("-1", "0", "1.5", "%00", "1e9", "99999999999999999999", "abc", "%F0%9F%92%A9", ""):
            answer = organiser.get(path.format(value, value))
            assert answer.status < 500, (path, value, answer.status, answer.text)
            removed = organiser.send("DELETE", f"/api/organiser/announcements/{value}")
            assert 300 <= removed.status < 500, (value, removed.status, removed.text)
