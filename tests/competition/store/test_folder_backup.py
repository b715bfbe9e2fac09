"""Backups and restores of a competition folder: what the archive holds, a copy taken while the
database is written, and every hostile archive refused with a clear message before anything is
written."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import stat
import subprocess
import sys
import tarfile
import threading
from pathlib import Path

import pytest

from arena.competition.build import languages
from arena.competition.folder import CompetitionFolder
from arena.competition.store.database import CompetitionError, CompetitionStore
from arena.competition.store.folder_backup import back_up
from arena.competition.store.folder_restore import MAX_UPLOAD_BYTES, restore
from arena.competition.store.migrations import LATEST

ARENA = [str(Path(sys.executable).parent / "arena")]


@pytest.fixture
def folder(tmp_path):
    made = CompetitionFolder(tmp_path / "contest")
    made.root.mkdir(mode=0o700)
    with CompetitionStore(made.database, must_exist=False) as store:
        store.create("flippo", "Backed up")
        alice = store.add_user("alice", "hash", "contestant")
        for number in (1, 2):
            submission = store.add_submission(alice, "python", "bot.py", status="admitted", command="x")
            made.upload(submission).mkdir(parents=True)
            (made.upload(submission) / "bot.py").write_text(f"# alice's bot {number}\n")
        store.add_announcement("hello", None)
    languages.write_default_table(made.languages)
    (made.root / "uploads" / ".incoming-0123").mkdir()  # an upload still arriving: not kept
    made.build(1).mkdir(parents=True)  # builds are not kept: remade from the uploads
    (made.build(1) / "bot").write_text("built")
    return made


def rows(path: Path) -> dict:
    with sqlite3.connect(path) as db:
        found = {table: db.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
                 for table in ("competition", "users", "submissions", "announcements", "games")}
    db.close()
    return found


def test_a_backup_holds_the_database_the_table_and_the_uploads_and_restores_the_same(folder, tmp_path):
    archive = tmp_path / "backup.tar.gz"
    summary = back_up(folder, archive)
    assert summary.uploads == 2 and summary.schema_version == LATEST
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600  # password hashes and the secret are in it
    with tarfile.open(archive) as tar:
        names = sorted(tar.getnames())
    assert names == ["arena-backup.json", "competition.db", "languages.json", "uploads/1",
                     "uploads/1/bot.py", "uploads/2", "uploads/2/bot.py"]
    restored = CompetitionFolder(tmp_path / "elsewhere" / "again")
    summary = restore(archive, restored.root)
    assert (summary.game, summary.title, summary.uploads) == ("flippo", "Backed up", 2)
    assert rows(restored.database) == rows(folder.database)
    assert (restored.upload(2) / "bot.py").read_text() == "# alice's bot 2\n"
    assert restored.languages.read_bytes() == folder.languages.read_bytes()
    assert not restored.build(1).exists() and stat.S_IMODE(restored.root.stat().st_mode) == 0o700
    assert sorted(p.name for p in restored.root.parent.iterdir()) == ["again"]  # nothing left beside it


def test_a_backup_taken_while_the_database_is_written_is_consistent(folder, tmp_path):
    """Games saved one by one in a thread while three backups are taken: each backup holds the
    games saved before it, each whole, and a database that passes SQLite's integrity check."""
    stop = threading.Event()

    def write():
        with CompetitionStore(folder.database) as store:
            alice = store.user_named("alice").id
            while not stop.is_set():
                store.add_announcement("x" * 5000, alice)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        counts = []
        for number in range(3):
            archive = tmp_path / f"b{number}.tar.gz"
            back_up(folder, archive)
            restored = restore(archive, tmp_path / f"r{number}").directory
            with sqlite3.connect(restored / "competition.db") as db:
                assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                assert db.execute("SELECT COUNT(*) FROM announcements WHERE length(text) NOT IN (5, 5000)"
                                  ).fetchone()[0] == 0
                counts.append(db.execute("SELECT COUNT(*) FROM announcements").fetchone()[0])
            db.close()
    finally:
        stop.set()
        writer.join()
    assert counts == sorted(counts) and counts[-1] > counts[0]


def archive_of(tmp_path: Path, members: list[tuple[tarfile.TarInfo, bytes | None]], base: Path | None = None) -> Path:
    """A tar.gz of a real backup's members (``base``), then ``members`` added."""
    path = tmp_path / "hostile.tar.gz"
    with tarfile.open(path, "w:gz") as out:
        if base is not None:
            with tarfile.open(base) as tar:
                for member in tar.getmembers():
                    out.addfile(member, tar.extractfile(member) if member.isfile() else None)
        for member, data in members:
            out.addfile(member, None if data is None else io.BytesIO(data))
    return path


def member(name: str, kind: bytes = tarfile.REGTYPE, data: bytes = b"", **fields) -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.size = len(data) if kind == tarfile.REGTYPE else 0
    for key, value in fields.items():
        setattr(info, key, value)
    return info, data if kind == tarfile.REGTYPE else None


@pytest.mark.parametrize("extra, words", [
    (member("../outside.txt", data=b"x"), "not part of a competition backup"),
    (member("/etc/evil", data=b"x"), "not part of a competition backup"),
    (member("uploads/1/../../../evil", data=b"x"), "not part of a competition backup"),
    (member("uploads/3/bot.py", tarfile.SYMTYPE, linkname="/etc/shadow"), "is a link"),
    (member("uploads/3/bot.py", tarfile.LNKTYPE, linkname="competition.db"), "is a link"),
    (member("uploads/3/dev", tarfile.CHRTYPE, devmajor=1, devminor=3), "not a plain file or folder"),
    (member("uploads/3/fifo", tarfile.FIFOTYPE), "not a plain file or folder"),
    (member("builds/1/bot", data=b"x"), "not part of a competition backup"),
    (member("competition.db", data=b"again"), "twice"),
    (member("uploads/4/big.py", data=b"#" * (MAX_UPLOAD_BYTES + 1)), "at most"),
])
def test_a_hostile_archive_is_refused_before_anything_is_written(folder, tmp_path, extra, words):
    base = tmp_path / "good.tar.gz"
    back_up(folder, base)
    hostile = archive_of(tmp_path, [extra], base)
    target = tmp_path / "restored"
    with pytest.raises(CompetitionError, match=words):
        restore(hostile, target)
    assert not target.exists() and not (tmp_path / "outside.txt").exists()
    assert not [p for p in tmp_path.iterdir() if "restoring" in p.name]


def test_an_archive_without_a_competition_is_refused(tmp_path, folder):
    cases = {
        "no database": [member("arena-backup.json", data=b'{"format": 1}')],
        "no manifest": [member("competition.db", data=folder.database.read_bytes())],
        "a manifest of a later format": [member("arena-backup.json", data=b'{"format": 99}'),
                                         member("competition.db", data=folder.database.read_bytes())],
        "a database that is none": [member("arena-backup.json", data=b'{"format": 1}'),
                                    member("competition.db", data=b"not a database at all" * 100)],
    }
    expected = {"no database": "no competition.db", "no manifest": "no arena-backup.json",
                "a manifest of a later format": "format 99", "a database that is none": "not a competition database"}
    for case, members in cases.items():
        with pytest.raises(CompetitionError, match=expected[case]):
            restore(archive_of(tmp_path, members), tmp_path / "restored")
        assert not (tmp_path / "restored").exists(), case


def test_a_database_of_a_newer_arena_is_refused(folder, tmp_path):
    with sqlite3.connect(folder.database) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db.close()
    back_up(folder, tmp_path / "b.tar.gz")
    with pytest.raises(CompetitionError, match="newer arena"):
        restore(tmp_path / "b.tar.gz", tmp_path / "restored")


def test_the_commands_refuse_in_one_line_without_a_traceback(folder, tmp_path):
    archive = tmp_path / "b.tar.gz"
    done = subprocess.run([*ARENA, "competition", "backup", str(folder.root), str(archive)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "2 upload(s)" in done.stdout, done.stderr
    occupied = tmp_path / "occupied"
    occupied.mkdir()
    (occupied / "something").write_text("mine")
    (tmp_path / "junk.tar.gz").write_bytes(b"junk")
    for argv, words in (
            (["restore", str(archive), str(occupied)], "exists and is not an empty folder"),
            (["restore", str(tmp_path / "junk.tar.gz"), str(tmp_path / "new")], "not a readable backup"),
            (["restore", str(tmp_path / "missing.tar.gz"), str(tmp_path / "new")], "no backup file"),
            (["backup", str(tmp_path / "nothing"), str(tmp_path / "x.tar.gz")], "holds no competition"),
            (["backup", str(folder.root), str(folder.root / "inside.tar.gz")], "outside the competition's folder")):
        refused = subprocess.run([*ARENA, "competition", *argv], capture_output=True, text=True)
        assert refused.returncode != 0 and words in refused.stderr, (argv, refused.stderr)
        assert "Traceback" not in refused.stderr and len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert (occupied / "something").read_text() == "mine"
    empty = tmp_path / "empty"
    empty.mkdir()
    done = subprocess.run([*ARENA, "competition", "restore", str(archive), str(empty)], capture_output=True, text=True)
    assert done.returncode == 0 and (empty / "competition.db").is_file(), done.stderr
    assert json.loads(subprocess.run(["tar", "xzOf", str(archive), "arena-backup.json"], capture_output=True,
                                     check=True).stdout)["game"] == "flippo"
    assert os.access(empty / "uploads" / "1" / "bot.py", os.R_OK)
