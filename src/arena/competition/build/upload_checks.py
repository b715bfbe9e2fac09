"""An upload: one source file, or a small archive (.zip, .tar, .tar.gz) with ``bot.<ext>`` on top.

Two checks, both by unpacking.py's rules: the server reads the member list first
(:func:`check_upload`, cheap: nothing is written), so a hostile archive is refused at
once with the reason; then the build unpacks it inside the sandbox (:func:`unpack_in_sandbox`),
as the program's own uid in its build folder, with limits on time, memory, size and
member count, where whatever the unpacker got wrong could write nowhere else.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from . import unpacking as unpacker
from .sandboxed_step import run_confined

MAX_UPLOAD_BYTES = 2 * 2**20
"""The largest upload, a source file or an archive."""

SUFFIXES = {".tar.gz": "tar.gz", ".tgz": "tar.gz", ".tar": "tar", ".zip": "zip"}
UNPACK_TIME_LIMIT_S = 60
UNPACK_MEMORY_MB = 256
UNPACK_LOG_BYTES = 8192
UNPACKER = str(Path(unpacker.__file__).resolve())


class ArchiveError(ValueError):
    """The upload is refused: the message says exactly why."""


def archive_kind(filename: str) -> str | None:
    """"zip", "tar" or "tar.gz" for an archive's name, None for anything else."""
    lowered = filename.lower()
    for suffix, kind in SUFFIXES.items():
        if lowered.endswith(suffix):
            return kind
    return None


def is_archive(filename: str) -> bool:
    return archive_kind(filename) is not None


def check_upload(path: str | os.PathLike, filename: str, main_file: str | None = None) -> list[unpacker.Member]:
    """Refuse an upload that breaks a rule (ArchiveError saying which); an archive's members.

    ``main_file``: the name the archive must hold at its top level (``bot.cpp``).
    """
    try:
        size = os.path.getsize(path)
    except OSError as error:
        raise ArchiveError(f"cannot read the upload: {error}") from None
    if size > MAX_UPLOAD_BYTES:
        raise ArchiveError(f"{filename} is {size / 2**20:.1f} MB: an upload may be at most "
                           f"{MAX_UPLOAD_BYTES // 2**20} MB")
    if size == 0:
        raise ArchiveError(f"{filename} is empty")
    kind = archive_kind(filename)
    if kind is None:
        return []
    try:
        members = unpacker.read_members(str(path), kind)
    except unpacker.Refused as error:
        raise ArchiveError(f"{filename} is refused: {error}") from None
    if main_file is not None:
        check_main_file(members, filename, main_file)
    return members


MEMBER_KINDS = {"symlink": "a symbolic link", "hardlink": "a hard link", "dir": "a folder"}


def check_main_file(members: list[unpacker.Member], filename: str, main_file: str) -> None:
    if any(member.name == main_file and member.kind == "file" for member in members):
        return
    on_top = next((member for member in members if member.name == main_file), None)
    if on_top is not None:  # there, but no file: a link is never followed, neither at unpacking nor after
        target = f" (to {on_top.target})" if on_top.target else ""
        raise ArchiveError(f"{filename}: its {main_file} is {MEMBER_KINDS.get(on_top.kind, on_top.kind)}{target}, "
                           "not a file: put the source itself in the archive")
    deeper = [member.name for member in members if member.name.rpartition("/")[2] == main_file]
    where = f" (found {deeper[0]}: it must not be inside a folder)" if deeper else ""
    raise ArchiveError(f"{filename} has no {main_file} at its top level{where}")


def unpack_in_sandbox(upload: str | os.PathLike, filename: str, build_folder: str, scratch: str,
                      main_file: str, hidden: tuple[str, ...]) -> str:
    """Unpack the archive ``upload`` into ``build_folder``, confined; the unpacker's words.

    ``scratch`` (a folder in the build folder, its name reserved) holds the archive's copy,
    since the upload itself lies where the sandbox hides. ArchiveError when refused.
    """
    check_upload(upload, filename, main_file)
    kind = archive_kind(filename)
    assert kind is not None  # asked to unpack an archive only (one_build.py: is_archive)
    copy = os.path.join(scratch, "upload." + kind)
    shutil.copyfile(upload, copy)
    reserved = os.path.relpath(scratch, build_folder)
    outcome = run_confined([sys.executable, "-I", "-S", UNPACKER, kind, copy, reserved], build_folder,
                           env={"HOME": scratch, "TMPDIR": scratch}, hidden=hidden,
                           time_limit_s=UNPACK_TIME_LIMIT_S, memory_mb=UNPACK_MEMORY_MB,
                           log_bytes=UNPACK_LOG_BYTES)
    os.unlink(copy)
    words = outcome.output.strip()
    if not outcome.succeeded:
        refusal = words.rpartition("refused: ")[2] if "refused: " in words else \
            outcome.verdict("unpacking", UNPACK_TIME_LIMIT_S, UNPACK_MEMORY_MB) + (f"\n{words}" if words else "")
        raise ArchiveError(f"{filename} is refused: {refusal}")
    return words
