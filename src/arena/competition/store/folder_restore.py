"""``arena competition restore FILE DIR``: a competition folder made again from a backup
(folder_backup.py), into a folder that does not exist yet or is empty.

An archive is anybody's file until checked, so it is checked whole before anything is written:
only the members a backup has (its manifest, the database, the languages table, uploads/ID/FILE),
each a plain file or folder (no link of either kind, no device, no FIFO), none twice, each of a
bounded size, a bounded count of them. It is unpacked by arena itself (never tarfile's extractall)
into a fresh folder beside DIR, files made with O_EXCL|O_NOFOLLOW, the database opened there (it is
migrated if an older arena made it, refused if a newer one did) and checked; only then does the
folder become DIR. The builds are not in the archive: ``serve`` remakes them from the uploads.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import tarfile
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from .database import CompetitionStore
from .folder_backup import DATABASE, FORMAT, LANGUAGES, MANIFEST, UPLOADS
from .rows import CompetitionError

MAX_MEMBERS = 100_000
MAX_DATABASE_BYTES = 8 * 1024 ** 3
MAX_UPLOAD_BYTES = 16 * 1024 ** 2
"""An upload's bound here (the site takes far less: build/upload_checks.py's 2 MB)."""
MAX_SMALL_BYTES = 1024 ** 2
"""The manifest's and the languages table's."""
MAX_TOTAL_BYTES = 16 * 1024 ** 3

_UPLOAD_FOLDER = re.compile(rf"{UPLOADS}/[0-9]{{1,18}}")
_UPLOAD_FILE = re.compile(rf"{UPLOADS}/[0-9]{{1,18}}/[^/\x00]{{1,255}}")


@dataclass(frozen=True)
class RestoreSummary:
    directory: Path
    game: str
    title: str
    uploads: int
    migrated_from: int | None


def restore(archive: Path, directory: Path) -> RestoreSummary:
    """Make the competition folder ``directory`` from ``archive``; raises CompetitionError saying
    what is wrong (nothing is left behind then)."""
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise CompetitionError(f"{directory} exists and is not an empty folder: restore into a new one")
    if not archive.is_file():
        raise CompetitionError(f"no backup file {archive}")
    directory.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{directory.name}.restoring-", dir=directory.parent))
    try:
        try:
            with tarfile.open(archive, mode="r:gz") as tar:
                members = _checked_members(tar)
                manifest = _manifest(tar, members)
                uploads = _unpack(tar, members, fresh)
        except (tarfile.TarError, EOFError, zlib.error) as error:
            raise CompetitionError(f"{archive} is not a readable backup (a tar.gz archive): {error}") from None
        summary = _open_database(fresh, manifest)
        fresh.chmod(0o700)  # the database, sources and builds are the server's alone, as init makes them
        if directory.exists():
            directory.rmdir()  # empty: checked above
        fresh.rename(directory)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return RestoreSummary(directory, summary[0], summary[1], uploads, summary[2])


def _checked_members(tar: tarfile.TarFile) -> list[tarfile.TarInfo]:
    """Every member, read and checked before any is unpacked."""
    members: list[tarfile.TarInfo] = []
    seen: set[str] = set()
    total = 0
    for member in tar:
        name = member.name
        shown = name.encode("unicode_escape").decode()[:120]
        if len(members) >= MAX_MEMBERS:
            raise CompetitionError(f"the archive holds more than {MAX_MEMBERS} members: not a competition backup")
        if name in seen:
            raise CompetitionError(f"the archive holds {shown!r} twice")
        seen.add(name)
        if member.isdir():
            if name != UPLOADS and not _UPLOAD_FOLDER.fullmatch(name):
                raise CompetitionError(f"the archive's folder {shown!r} is not part of a competition backup")
        elif member.isfile():
            bound = _size_bound(name)
            if bound is None:
                raise CompetitionError(f"the archive's file {shown!r} is not part of a competition backup "
                                       f"({MANIFEST}, {DATABASE}, {LANGUAGES}, {UPLOADS}/ID/FILE)")
            if member.size > bound:
                raise CompetitionError(f"the archive's file {shown!r} is {member.size} bytes: at most {bound} here")
            total += member.size
            if total > MAX_TOTAL_BYTES:
                raise CompetitionError(f"the archive unpacks to more than {MAX_TOTAL_BYTES} bytes")
        else:
            kind = "a link" if member.issym() or member.islnk() else "not a plain file or folder"
            raise CompetitionError(f"the archive's member {shown!r} is {kind}: refused")
        members.append(member)
    for needed in (MANIFEST, DATABASE):
        if needed not in seen:
            raise CompetitionError(f"the archive has no {needed}: not a competition backup")
    return members


def _size_bound(name: str) -> int | None:
    if name == DATABASE:
        return MAX_DATABASE_BYTES
    if name in (MANIFEST, LANGUAGES):
        return MAX_SMALL_BYTES
    if _UPLOAD_FILE.fullmatch(name) and name.rsplit("/", 1)[1] not in (".", ".."):
        return MAX_UPLOAD_BYTES
    return None


def _manifest(tar: tarfile.TarFile, members: list[tarfile.TarInfo]) -> dict:
    member = next(m for m in members if m.name == MANIFEST)
    extracted = tar.extractfile(member)
    assert extracted is not None  # _checked_members let it through as a regular file only
    try:
        manifest = json.loads(extracted.read())
    except ValueError:
        manifest = None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("format"), int):
        raise CompetitionError(f"the archive's {MANIFEST} is not a backup's manifest")
    if manifest["format"] > FORMAT:
        raise CompetitionError(f"the backup is of format {manifest['format']}, made by a newer arena; this one "
                               f"reads format {FORMAT}: upgrade arena to restore it")
    return manifest


def _unpack(tar: tarfile.TarFile, members: list[tarfile.TarInfo], root: Path) -> int:
    """Write the checked members under ``root`` (fresh: nothing in it but what this writes)."""
    uploads = 0
    for member in members:
        if member.name == MANIFEST:
            continue
        target = root / member.name
        if member.isdir():
            target.mkdir(mode=0o700, parents=True, exist_ok=True)
            continue
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        source = tar.extractfile(member)
        assert source is not None  # a regular file: _checked_members let through no other kind but folders
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            left = member.size
            while left > 0:
                chunk = source.read(min(left, 1024 * 1024))
                if not chunk:
                    raise CompetitionError(f"the archive ends inside {member.name}: it is cut short")
                out.write(chunk)
                left -= len(chunk)
        uploads += member.name.startswith(f"{UPLOADS}/")
    return uploads


def _open_database(root: Path, manifest: dict) -> tuple[str, str, int | None]:
    """Open (and migrate) the unpacked database and check it: (game, title, version it was migrated from)."""
    path = root / DATABASE
    try:
        with sqlite3.connect(path) as db:
            checked = db.execute("PRAGMA integrity_check").fetchone()[0]
        db.close()
        if checked != "ok":
            raise CompetitionError(f"the backup's database is damaged: {checked}")
        with CompetitionStore(path) as store:
            competition = store.competition()
            migrated_from = store.migrated_from
    except sqlite3.DatabaseError as error:
        raise CompetitionError(f"the backup's {DATABASE} is not a competition database: {error}") from None
    if manifest.get("game") not in (None, competition.game):
        raise CompetitionError(f"the backup's manifest says {manifest.get('game')!r}, its database "
                               f"{competition.game!r}: it was tampered with")
    return competition.game, competition.title, migrated_from
