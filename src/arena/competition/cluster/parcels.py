"""What crosses between the competition's server and its Dask workers, and how a folder is packed.

The conductor sends each game a program's digest only (ShippedProgram); a worker that has no
copy of it answers MissingProgram, and the conductor sends the game again with the files, so
a program crosses the network once per worker, not once per game. A build goes the other way
as a ShippedUpload and comes back as a RemoteBuild. A folder travels as a gzipped tar, links
packed as links, never followed (pack_folder, used on both sides). What runs on the worker
is in competition/dask_worker/; the server's side of the cluster is here, in cluster/.
"""

from __future__ import annotations

import hashlib
import io
import re
import tarfile
from dataclasses import dataclass
from pathlib import Path

from ...refereeing.players import PlayerSpec
from ..build.one_build import BuildJob, BuildOutcome

MAX_SHIPPED_MB = 256


class MissingProgram(Exception):
    """The worker has no copy of this program yet: send the game again with its files."""


class SandboxRefused(RuntimeError):
    """The worker cannot confine programs as asked; the message says why (and which worker)."""


class ShippingError(RuntimeError):
    """A build folder cannot be shipped (too large, unreadable)."""


@dataclass(frozen=True)
class ShippedProgram:
    submission_id: int
    folder: str  # the build folder on the conductor's machine, as the command names it
    digest: str
    files: bytes | None = None  # the tar, sent only to a worker that asked for it


@dataclass(frozen=True)
class ShippedSeat:
    spec: PlayerSpec
    program: ShippedProgram | None = None  # None: a built-in player, which every worker has


def pack_folder(folder: Path) -> tuple[str, bytes]:
    """(digest, gzipped tar) of a build folder; links are packed as links, never followed."""
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
    """The command with the build folder's path (as a whole path component) replaced by the copy's."""
    return re.sub(re.escape(folder.rstrip("/")) + r"(?=/|\s|$|['\";&|)])", lambda _: copy, command)


@dataclass(frozen=True)
class ShippedUpload:
    job: BuildJob  # as the server made it: its paths are the server's
    filename: str
    upload: bytes
    table: bytes  # the languages table's text


@dataclass(frozen=True)
class RemoteBuild:
    outcome: BuildOutcome
    folder: str  # the build folder on the worker, as the outcome's command names it
    files: bytes | None  # the packed build folder; None when nothing was built
