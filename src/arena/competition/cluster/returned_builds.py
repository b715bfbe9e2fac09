"""A build folder that a Dask worker sent back, unpacked into DIR/builds/ID on the server.

The tar comes from a worker, which ran a contestant's compiler: it is unpacked as hostile,
by the rule a build on the server follows (judge/sandbox/tree_copy.py): folders and regular
files only, bounded. A member of any other kind (a link, a hard link, a device, a fifo) is
refused: a worker's build never holds one. Python's ``data`` filter refuses absolute paths
and members that leave the folder (``..``), and drops set-uid bits and owners (the files are
the server's, as a build on the server leaves them). Before anything is written the members
are counted, their depth and their sizes added up (a build leaves at most MAX_BUILD_ENTRIES,
and a small tar can unpack to a great deal). The folder is unpacked into a new folder of
root's beside its place, which nobody else can write, and renamed into it: whole or not at all.
"""

from __future__ import annotations

import io
import os
import tarfile
import tempfile

from ...judge.sandbox.tree_copy import MAX_DEPTH
from ...judge.sandbox.tree_removal import remove_path
from ..build.one_build import MAX_BUILD_ENTRIES
from .parcels import ShippingError

MAX_UNPACKED_MB = 1024
"""The most a build folder sent back may hold, unpacked."""


def unpack_build(data: bytes, target: str) -> None:
    """Unpack the gzipped tar ``data`` as the folder ``target`` (replacing what is there).

    ShippingError when it is refused (too large, too many files, a member out of place).
    """
    parent = os.path.dirname(os.path.abspath(target))
    os.makedirs(parent, exist_ok=True)
    unpacking = tempfile.mkdtemp(prefix=f".unpacking-{os.path.basename(target)}-", dir=parent)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            members = tar.getmembers()
            if len(members) > MAX_BUILD_ENTRIES + 1:  # and the folder itself
                raise ShippingError(f"the build sent back holds {len(members)} files and folders, "
                                    f"more than the {MAX_BUILD_ENTRIES} a build may leave")
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
                raise ShippingError(f"the build sent back unpacks to {size >> 20} MB, "
                                    f"more than {MAX_UNPACKED_MB} MB")
            tar.extractall(unpacking, members=members, filter="data")
        os.chmod(unpacking, 0o755)
        _remove(target)
        os.rename(unpacking, target)
    except (tarfile.TarError, EOFError, OSError) as error:
        raise ShippingError(f"the build sent back cannot be unpacked: {error}") from None
    finally:
        remove_path(unpacking)


def fresh_empty_folder(target: str) -> None:
    """``target`` as an empty folder (a build that failed leaves nothing of an earlier attempt)."""
    _remove(target)
    os.makedirs(target, mode=0o755)


def _remove(target: str) -> None:
    if not remove_path(target):  # a link itself, never what it points to
        raise ShippingError(f"cannot remove the earlier build folder {target}")
