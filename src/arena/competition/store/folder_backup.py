"""``arena competition backup DIR FILE``: a competition in one archive, taken while it serves.

The archive (tar.gz, readable by its owner only: it holds the accounts' password hashes and the
secret that signs their sessions) holds:

    arena-backup.json       what it is: the game, the title, the schema version, when it was made
    competition.db          a consistent copy of the database (SQLite's online backup)
    languages.json          the languages table
    uploads/ID/FILE         every uploaded source, as it came

SQLite's online backup copies the database as one read transaction sees it: safe while the server
writes (a round playing, an upload arriving), never torn. The uploads are read after it, so every
submission of the copy finds its upload (an upload is kept before its submission is written). The
builds are not kept: they are remade from the uploads (a restored competition's serve does it).
folder_restore.py checks and unpacks such an archive.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import stat
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..folder import CompetitionFolder
from .migrations import version_of
from .rows import CompetitionError

MANIFEST = "arena-backup.json"
DATABASE = "competition.db"
LANGUAGES = "languages.json"
UPLOADS = "uploads"
FORMAT = 1
"""The archive's own layout, in its manifest: a restore refuses a format it does not know."""


@dataclass(frozen=True)
class BackupSummary:
    archive: Path
    schema_version: int
    uploads: int
    size: int


def back_up(folder: CompetitionFolder, archive: Path) -> BackupSummary:
    """Write the competition in ``folder`` to ``archive`` (replaced only once complete); raises
    CompetitionError saying what is wrong."""
    if not folder.database.is_file():
        raise CompetitionError(f"{folder.root} holds no competition (no {DATABASE})")
    if archive.resolve().is_relative_to(folder.root.resolve()):
        raise CompetitionError(f"write the backup outside the competition's folder, not to {archive}")
    if not archive.parent.is_dir():
        raise CompetitionError(f"no folder {archive.parent} to write the backup in")
    with tempfile.TemporaryDirectory(prefix="arena-backup-") as scratch:
        copy = Path(scratch) / DATABASE
        game, title, version = _copy_database(folder.database, copy)
        partial = archive.with_name(f".{archive.name}.partial")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        uploads = 0
        try:
            with os.fdopen(descriptor, "wb") as file, tarfile.open(fileobj=file, mode="w:gz") as tar:
                manifest = {"format": FORMAT, "game": game, "title": title, "schema_version": version,
                            "made": time.time()}
                _add_bytes(tar, MANIFEST, json.dumps(manifest, indent=1).encode())
                tar.add(copy, arcname=DATABASE, recursive=False, filter=_plain)
                if folder.languages.is_file():
                    tar.add(folder.languages, arcname=LANGUAGES, recursive=False, filter=_plain)
                uploads = _add_uploads(tar, folder.root / UPLOADS)
            partial.replace(archive)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
    return BackupSummary(archive, version, uploads, archive.stat().st_size)


def _copy_database(source: Path, copy: Path) -> tuple[str, str, int]:
    """A consistent copy of the live database; the competition's game, title and schema version."""
    try:
        live = sqlite3.connect(str(source), timeout=30)  # only read (read-only could not open a WAL idle)
        try:
            target = sqlite3.connect(copy)
            try:
                live.backup(target)  # all pages in one step: one read transaction's view
            finally:
                target.close()
        finally:
            live.close()
        with sqlite3.connect(copy) as db:
            checked = db.execute("PRAGMA integrity_check").fetchone()[0]
            if checked != "ok":
                raise CompetitionError(f"{source} is damaged ({checked}): no backup made")
            db.row_factory = sqlite3.Row
            competition = db.execute("SELECT game, title FROM competition").fetchone()
            version = version_of(db)
        db.close()
    except sqlite3.DatabaseError as error:
        raise CompetitionError(f"cannot copy {source}: {error}") from None
    if competition is None:
        raise CompetitionError(f"{source} holds no competition yet")
    return competition["game"], competition["title"], version


def _add_uploads(tar: tarfile.TarFile, uploads: Path) -> int:
    """Every uploads/ID/FILE that is a plain file (an upload still arriving, .incoming-*, is not one
    yet: its submission is not in the copy either)."""
    if not uploads.is_dir():
        return 0
    count = 0
    for entry in sorted(os.scandir(uploads), key=lambda e: e.name):
        if not entry.name.isdigit() or not entry.is_dir(follow_symlinks=False):
            continue
        tar.add(entry.path, arcname=f"{UPLOADS}/{entry.name}", recursive=False, filter=_plain)
        for inner in sorted(os.scandir(entry.path), key=lambda e: e.name):
            if inner.is_file(follow_symlinks=False):
                tar.add(inner.path, arcname=f"{UPLOADS}/{entry.name}/{inner.name}", recursive=False,
                        filter=_plain)
                count += 1
    return count


def _plain(member: tarfile.TarInfo) -> tarfile.TarInfo:
    """A member as any machine restores it: no owner's names or ids, the owner's rights only."""
    member.uid = member.gid = 0
    member.uname = member.gname = ""
    member.mode = 0o700 if member.isdir() else 0o600
    return member


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    member = tarfile.TarInfo(name)
    member.size, member.mtime, member.mode = len(data), int(time.time()), stat.S_IFREG | 0o600
    tar.addfile(member, io.BytesIO(data))
