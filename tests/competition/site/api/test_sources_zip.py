"""Issue 58: the sources for grading. ``GET /api/organiser/sources.zip`` holds each contestant's last
admitted upload as NAME.EXT, byte for byte, and an index; ``?all=1`` every submission as NAME/ID.EXT;
a contestant gets 403."""

from __future__ import annotations

import csv
import io
import zipfile

from .test_api import admitted_submission


def opened(answer) -> zipfile.ZipFile:
    assert answer.status == 200, answer.text
    assert answer.headers["Content-Type"] == "application/zip"
    return zipfile.ZipFile(io.BytesIO(answer.body))


def test_each_contestants_last_admitted_source_byte_for_byte(competition, http):
    alice, bob = http("alice"), http("bob")
    first = b"print('alice, first')\r\n\xff odd bytes kept\n"
    admitted_submission(alice, first, "mybot.py")
    rejected = alice.upload("/api/submissions", "bot.py", b"#crash\n")  # her latest, not admitted
    assert rejected.status == 200
    admitted_submission(bob, b"print('bob, first')\n")
    second = b"print('bob, second')\n"
    bob_latest = admitted_submission(bob, second, "bot.py")

    archive = opened(http("org").get("/api/organiser/sources.zip"))
    assert sorted(archive.namelist()) == ["alice.py", "bob.py", "index.csv"]
    assert archive.read("alice.py") == first and archive.read("bob.py") == second
    index = list(csv.DictReader(io.StringIO(archive.read("index.csv").decode())))
    assert [(r["name"], r["file"], r["status"], r["language"]) for r in index] == [
        ("alice", "alice.py", "admitted", "python"), ("bob", "bob.py", "admitted", "python")]
    assert index[1]["submission"] == str(bob_latest) and index[0]["sent_at"].endswith("UTC")

    every = opened(http("org").get("/api/organiser/sources.zip?all=1"))
    names = sorted(every.namelist())
    assert len(names) == 5 and names[-1] == "index.csv"  # 4 submissions and the index
    assert every.read(f"bob/{bob_latest}.py") == second
    statuses = {r["submission"]: r["status"] for r in csv.DictReader(io.StringIO(every.read("index.csv").decode()))}
    assert sorted(statuses.values()) == ["admitted", "admitted", "admitted", "rejected"]

    assert alice.get("/api/organiser/sources.zip").status == 403
    assert http().get("/api/organiser/sources.zip").status == 401
    refused = http("org").get("/api/organiser/sources.zip?all=yes")
    assert refused.status == 400 and "all is 1" in refused.json()["error"]


def test_the_index_names_identical_copies(competition, http):
    source = b"import sys\nfor line in sys.stdin:\n    print(line.strip()[::-1], flush=True)\n" * 3
    ids = [admitted_submission(http(name), source) for name in ("alice", "bob")]
    archive = opened(http("org").get("/api/organiser/sources.zip"))
    index = {r["name"]: r for r in csv.DictReader(io.StringIO(archive.read("index.csv").decode()))}
    assert index["alice"]["similarity"] == f"identical to bob (submission {ids[1]})"
    assert index["bob"]["similarity"] == f"identical to alice (submission {ids[0]})"


def test_the_console_links_the_sources(competition, http):
    from ..conftest import Http

    page = Http(competition.url).page_login("org").get("/organiser").text
    assert 'href="/api/organiser/sources.zip"' in page and 'href="/api/organiser/sources.zip?all=1"' in page


def test_the_indexs_flags_are_the_zipped_files_own(competition, http):
    """A contestant whose latest upload was refused: the zip holds their last admitted one, and the
    index's similarity flags are that file's (a copy of bob's), not those of the refused upload."""
    source = b"import sys\nfor line in sys.stdin:\n    print(line.strip()[::-1], flush=True)\n" * 3
    ids = [admitted_submission(http(name), source) for name in ("alice", "bob")]
    assert http("alice").upload("/api/submissions", "bot.py", b"#crash\n").status == 200  # her latest, refused
    archive = opened(http("org").get("/api/organiser/sources.zip"))
    assert archive.read("alice.py") == source
    index = {r["name"]: r for r in csv.DictReader(io.StringIO(archive.read("index.csv").decode()))}
    assert index["alice"]["submission"] == str(ids[0])
    assert index["alice"]["similarity"] == f"identical to bob (submission {ids[1]})"
    assert index["bob"]["similarity"] == f"identical to alice (submission {ids[0]})"
