"""Built programs travel to Dask workers: a tar of the build folder, unpacked once per worker.

The conductor sends each game a program's digest only; a worker that has no copy of it
answers MissingProgram, and the conductor sends the game again with the files (so a
program crosses the network once per worker, not once per game). A worker keeps its
copies under WORKER_FOLDER, content-addressed, and runs the command with the build
folder's path rewritten to its copy. Before its first game a worker makes sure it can
confine a program as the conductor asks (bubblewrap, a uid of the program's own when it
runs as root); where it cannot, it refuses every game, saying why.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import re
import shutil
import tarfile
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...judge.sandbox.settings import Sandbox
from ...refereeing.players import PlayerSpec, resolve_player
from ...refereeing.referee import play_game
from ...tournament.dask_quiet import quiet_dask_worker

WORKER_FOLDER = os.environ.get("ARENA_WORKER_PROGRAMS", "/var/tmp/arena-shipped-programs")
"""Where a worker keeps the programs shipped to it (hidden from every program but its own)."""
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


def play_shipped(game: str, seats: list[ShippedSeat], seed: int, setup: dict | None, time_scale: float,
                 sandbox: Sandbox) -> dict[str, Any]:
    """A game on a worker (what the conductor submits to Dask)."""
    quiet_dask_worker()
    problem = sandbox_problem(sandbox.mode)
    if problem is not None:
        raise SandboxRefused(f"worker {worker_name()} refuses games: {problem}")
    specs = [_local_spec(game, seat) for seat in seats]
    hidden = (*sandbox.hidden, WORKER_FOLDER)  # the other programs' copies; its own stays visible
    return play_game(game, specs, seed, setup, time_scale, sandbox=replace(sandbox, hidden=hidden))


def _local_spec(game: str, seat: ShippedSeat) -> PlayerSpec:
    program = seat.program
    if program is None:  # a built-in player: this worker's own Python runs it, wherever that is
        return resolve_player(game, seat.spec.text) if seat.spec.builtin else seat.spec
    copy = _worker_copy(program)
    return PlayerSpec(seat.spec.text, rewrite_command(seat.spec.command, program.folder, copy), seat.spec.builtin)


def _worker_copy(program: ShippedProgram) -> str:
    """This worker's copy of the program's folder, unpacked from its files the first time."""
    copy = os.path.join(WORKER_FOLDER, program.digest)
    if os.path.isdir(copy):
        return copy
    if program.files is None:
        raise MissingProgram(program.submission_id)
    if hashlib.sha256(program.files).hexdigest() != program.digest:
        raise ShippingError(f"submission {program.submission_id}'s files arrived damaged")
    os.makedirs(WORKER_FOLDER, mode=0o711, exist_ok=True)
    unpacking = tempfile.mkdtemp(prefix=".unpacking-", dir=WORKER_FOLDER)
    try:
        with tarfile.open(fileobj=io.BytesIO(program.files), mode="r:gz") as tar:
            tar.extractall(unpacking, filter="data")  # no absolute paths, no links out, no devices
        os.chmod(unpacking, 0o755)
        os.rename(unpacking, copy)  # whole or not at all; another thread's copy may have won
    except OSError:
        if not os.path.isdir(copy):
            raise
    finally:
        shutil.rmtree(unpacking, ignore_errors=True)
    return copy


@functools.lru_cache(maxsize=None)
def sandbox_problem(mode: str) -> str | None:
    """Why this process cannot run a program under ``--sandbox mode`` (None: it can); tried once."""
    from ...judge.process import Program, describe_exit, last_line
    from ...judge.sandbox.errors import SandboxError

    try:
        Sandbox(mode).check_available()
        program = Program(["true"], sandbox=Sandbox(mode))
        status = program.exit_status_within(10)
        program.close()
    except SandboxError as error:
        return str(error)
    except OSError as error:
        return f"cannot start a program here: {error}"
    if status != 0:
        why = "did not end within 10 s" if status is None else describe_exit(status)
        return f"a test program under --sandbox {mode} {why}: {last_line(program.stderr.value())}"
    return None


def worker_name() -> str:
    try:
        from distributed import get_worker

        return get_worker().address
    except (ImportError, ValueError):
        return f"{os.uname().nodename} (pid {os.getpid()})"
