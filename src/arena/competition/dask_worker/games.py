"""A game on a Dask worker: the programs it was shipped, unpacked once, then played by the judge.

A worker keeps its copies of the programs under WORKER_FOLDER, content-addressed, and runs
each command with the build folder's path rewritten to its copy. Before its first game it
makes sure it can confine a program as the conductor asks (readiness.py); where it cannot, it
refuses every game, saying why.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import tarfile
import tempfile
from dataclasses import replace

from ...judge.record_types import Record, Setup
from ...judge.sandbox.settings import Sandbox
from ...refereeing.players import PlayerSpec, resolve_player
from ...refereeing.referee import play_game
from ...tournament.dask_worker_profiler import quiet_dask_worker
from ..cluster.parcels import MissingProgram, SandboxRefused, ShippedProgram, ShippedSeat, ShippingError, \
    rewrite_command
from .readiness import sandbox_problem, worker_name

WORKER_FOLDER = os.environ.get("ARENA_WORKER_PROGRAMS", "/var/tmp/arena-shipped-programs")
"""Where a worker keeps the programs shipped to it (hidden from every program but its own)."""


def play_shipped(game: str, seats: list[ShippedSeat], seed: int, setup: Setup | None, time_scale: float,
                 sandbox: Sandbox) -> Record:
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
    assert isinstance(seat.spec.command, str)  # a submission's command: one line (build/languages.py)
    return PlayerSpec(seat.spec.text, rewrite_command(seat.spec.command, program.folder, copy), seat.spec.builtin,
                      folder=copy)


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
