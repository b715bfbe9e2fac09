"""Folders that cross between arena and its Dask workers, packed, shipped once, and unpacked as hostile.

A folder travels as a gzipped tar, links packed as links, never followed (pack_folder, used on
both sides). Sent to a worker (ShippedFolder) it is known by its digest: a worker keeps one copy
per digest (on_worker.py's worker_copy), and a piece of work that finds no copy and came without
the files raises MissingFolder, for its owner to send it again with them: a folder crosses the
network once per worker, not once per piece of work. A command that names the folder is pointed
at the copy (rewrite_command). A folder a worker sends back (a build's) comes from a contestant's
compiler: unpack_folder unpacks it as hostile. What is in the folders, and which work needs them,
is the owner's (the competition's games and builds).
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..judge.sandbox.tree_copy import MAX_DEPTH
from ..judge.sandbox.tree_removal import remove_path

MAX_SHIPPED_MB = 256

MAX_UNPACKED_MB = 1024
"""The most a folder sent back by a worker may hold, unpacked."""


class MissingFolder(Exception):
    """The worker has no copy of this folder yet: send the work again with its files."""


class ShippingError(RuntimeError):
    """A folder cannot be shipped (too large, unreadable), arrived damaged, or is refused as sent back."""


@dataclass(frozen=True)
class ShippedFolder:
    name: str  # what the folder is, for the messages ("submission 7")
    folder: str  # the folder on the sender's machine, as the commands name it
    digest: str
    files: bytes | None = None  # the tar, sent only to a worker that asked for it


def pack_folder(folder: Path) -> tuple[str, bytes]:
    """(digest, gzipped tar) of a folder; links are packed as links, never followed."""
    buffer = io.BytesIO()
    try:
        with tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=1) as tar:
            tar.add(str(folder), arcname=".")
    except OSError as error:
        raise ShippingError(f"cannot pack {folder} for the workers: {error}") from None
    data = buffer.getvalue()
    if len(data) > MAX_SHIPPED_MB * 2**20:
        raise ShippingError(f"{folder} packs to {len(data) >> 20} MB, more than the {MAX_SHIPPED_MB} MB shipped")
    return hashlib.sha256(data).hexdigest(), data


def rewrite_command(command: str, folder: str, copy: str) -> str:
    """The command with the folder's path (as a whole path component) replaced by the copy's."""
    return re.sub(re.escape(folder.rstrip("/")) + r"(?=/|\s|$|['\";&|)])", lambda _: copy, command)


def unpack_folder(data: bytes, target: str, max_entries: int) -> None:
    """Unpack the gzipped tar ``data``, sent back by a worker, as the folder ``target`` (replacing what is there).

    By the rule a build on this machine follows (judge/sandbox/tree_copy.py): folders and regular
    files only, bounded. A member of any other kind (a link, a hard link, a device, a fifo) is
    refused. Python's ``data`` filter refuses absolute paths and members that leave the folder
    (``..``), and drops set-uid bits and owners. Before anything is written the members are
    counted (at most ``max_entries``), their depth and their sizes added up (a small tar can
    unpack to a great deal). The folder is unpacked into a new folder beside its place, which
    nobody else can write, and renamed into it: whole or not at all. ShippingError when refused.
    """
    parent = os.path.dirname(os.path.abspath(target))
    os.makedirs(parent, exist_ok=True)
    unpacking = tempfile.mkdtemp(prefix=f".unpacking-{os.path.basename(target)}-", dir=parent)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            members = tar.getmembers()
            _check_members(members, max_entries)
            tar.extractall(unpacking, members=members, filter="data")
        os.chmod(unpacking, 0o755)
        _remove(target)
        os.rename(unpacking, target)
    except (tarfile.TarError, EOFError, OSError) as error:
        raise ShippingError(f"the build sent back cannot be unpacked: {error}") from None
    finally:
        remove_path(unpacking)


def _check_members(members: list[tarfile.TarInfo], max_entries: int) -> None:
    if len(members) > max_entries + 1:  # and the folder itself
        raise ShippingError(f"the build sent back holds {len(members)} files and folders, "
                            f"more than the {max_entries} a build may leave")
    strange = next((m.name for m in members if m.name.startswith("/") or ".." in m.name.split("/")), None)
    if strange is not None:  # the data filter would take the / off: pack_folder makes no such name
        raise ShippingError(f"the build sent back holds a member out of place: {strange!r}")
    other = next((m for m in members if not (m.isfile() or m.isdir())), None)
    if other is not None:
        raise ShippingError(f"the build sent back holds {other.name!r}, neither a file nor a folder")
    deep = next((m.name for m in members if m.name.count("/") >= MAX_DEPTH), None)
    if deep is not None:
        raise ShippingError(f"the build sent back holds folders nested more than {MAX_DEPTH} deep")
    size = sum(member.size for member in members if member.isfile())
    if size > MAX_UNPACKED_MB * 2**20:
        raise ShippingError(f"the build sent back unpacks to {size >> 20} MB, more than {MAX_UNPACKED_MB} MB")


def fresh_empty_folder(target: str) -> None:
    """``target`` as an empty folder (a build that failed leaves nothing of an earlier attempt)."""
    _remove(target)
    os.makedirs(target, mode=0o755)


def _remove(target: str) -> None:
    if not remove_path(target):  # a link itself, never what it points to
        raise ShippingError(f"cannot remove the earlier build folder {target}")
