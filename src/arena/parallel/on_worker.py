"""What runs on a worker, a process of this machine's pool or a Dask worker, around each piece of work.

A piece of work (a game, a build, a position's search) is its owner's function, handed over with
its arguments; ``run_task`` runs it here (worker_pool.py wraps every submission in it). The rest is
the worker's own:

- How a local pool's process stops. It runs one piece of work at a time, a game's two programs
  its children in their own process groups. Whatever stops the run (Ctrl-C, kill -9 of the
  parent), those programs must not be left behind, a suspended one would sit there forever, and
  neither must the worker. So every way of stopping a worker is a SIGTERM, which unwinds the work
  (killing its programs) and then exits. Work that may wait runs at a lower priority (niceness).
- A Dask worker keeps still: its statistical profiler is stopped. Every 10 ms
  (``distributed.worker.profile.interval``) a Dask worker's event loop takes the GIL and walks
  the stack of every thread, for the dashboard's profile. A worker that plays games does it
  through every game: measured on a 2-worker cluster with random flippo bots, it was 8 ms of
  each worker's CPU per game played (its own CPU 22 ms per game with the profiler, 14 without),
  taken from the programs on the same cores, while the judge's thread waits for the GIL it holds.
  Arena's work has no use for it: a game's time is the judge's to measure. So the first piece of
  work a worker runs stops it, once.
- Folders shipped to a Dask worker (shipped_folders.py): kept under WORKER_FOLDER, one copy per digest,
  unpacked the first time (worker_copy); and whether this worker can confine programs as asked
  (sandbox_problem), tried once by running one, where it cannot the work is refused saying why.
"""

from __future__ import annotations

import functools
import hashlib
import io
import multiprocessing
import os
import shutil
import signal
import sys
import tarfile
import tempfile
import threading
from typing import Any, Callable, TypeVar

from ..judge.sandbox.settings import Sandbox
from .shipped_folders import MissingFolder, ShippedFolder, ShippingError

Result = TypeVar("Result")

WORKER_FOLDER = os.environ.get("ARENA_WORKER_PROGRAMS", "/var/tmp/arena-shipped-programs")
"""Where a Dask worker keeps the folders shipped to it (hidden from every program but its own)."""

PROFILER_CALLBACKS = ("profile", "profile-cycle")

_stopping = False


def _stop_on_term(signum: int, frame: object) -> None:
    global _stopping
    _stopping = True
    raise SystemExit(128 + signum)  # unwinds the work under way: its programs are killed


def _term_when_parent_dies() -> None:
    # The pool gives an orphaned worker no EOF to notice (it holds both ends of its
    # queues), but multiprocessing hands it a sentinel that closes with the parent.
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def lower_priority(niceness: int) -> None:
    """This process (and whatever it starts after) at ``niceness`` at least; never raised back up."""
    current = os.getpriority(os.PRIO_PROCESS, 0)
    if niceness > current:
        os.setpriority(os.PRIO_PROCESS, 0, niceness)


def start_local_worker(niceness: int = 0) -> None:
    """A local pool's initializer: Ctrl-C is the parent's to handle; SIGTERM stops cleanly; the
    worker's priority lowered to ``niceness`` (everything its work starts inherits it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_on_term)
    _term_when_parent_dies()
    lower_priority(niceness)


def run_task(function: Callable[..., Result], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Result:
    """``function(*args, **kwargs)`` as a unit of work; once told to stop, a pool's worker exits after it."""
    quiet_dask_worker()
    try:
        return function(*args, **kwargs)
    finally:
        if _stopping:
            # Back in the pool's loop the worker would wait for a next piece of work that never comes.
            os._exit(1)


def quiet_dask_worker() -> None:
    """Stop the profiler of the Dask worker this runs in (nothing outside a Dask worker)."""
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return  # a local pool's process: it never imports Dask
    try:
        worker = distributed.get_worker()
    except ValueError:
        return  # not inside a worker's task
    if getattr(worker, "_arena_quiet", False):
        return
    worker._arena_quiet = True
    callbacks = [worker.periodic_callbacks.get(name) for name in PROFILER_CALLBACKS]
    callbacks = [callback for callback in callbacks if callback is not None]
    if callbacks:  # the worker's own thread runs its callbacks: ask it to stop them there
        worker.loop.add_callback(lambda: [callback.stop() for callback in callbacks])


def profiler_running(dask_worker: Any) -> bool:
    """Is this Dask worker's profiler running? (``client.run(profiler_running)``, for the tests)"""
    callback = dask_worker.periodic_callbacks.get("profile")
    return callback is not None and callback.is_running()


def worker_name() -> str:
    """The Dask worker's address, or this host and process outside one."""
    from distributed import get_worker

    try:
        return get_worker().address
    except ValueError:  # "No worker found": not in a Dask worker (a test, a local run)
        return f"{os.uname().nodename} (pid {os.getpid()})"


class SandboxRefused(RuntimeError):
    """The worker cannot confine programs as asked; the message says why (and which worker)."""


def refuse_unless_confining(mode: str, what: str) -> None:
    """SandboxRefused ("worker W refuses ``what``: why") unless this worker can run a program under ``mode``."""
    problem = sandbox_problem(mode)
    if problem is not None:
        raise SandboxRefused(f"worker {worker_name()} refuses {what}: {problem}")


@functools.lru_cache(maxsize=None)
def sandbox_problem(mode: str) -> str | None:
    """Why this process cannot run a program under ``--sandbox mode`` (None: it can); tried once."""
    from ..judge.exit_reason import describe_exit, last_line
    from ..judge.process import Program
    from ..judge.sandbox.errors import SandboxError

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


def worker_copy(shipped: ShippedFolder) -> str:
    """This worker's copy of the shipped folder, unpacked from its files the first time."""
    copy = os.path.join(WORKER_FOLDER, shipped.digest)
    if os.path.isdir(copy):
        return copy
    if shipped.files is None:
        raise MissingFolder(shipped.name)
    if hashlib.sha256(shipped.files).hexdigest() != shipped.digest:
        raise ShippingError(f"{shipped.name}'s files arrived damaged")
    os.makedirs(WORKER_FOLDER, mode=0o711, exist_ok=True)
    unpacking = tempfile.mkdtemp(prefix=".unpacking-", dir=WORKER_FOLDER)
    try:
        with tarfile.open(fileobj=io.BytesIO(shipped.files), mode="r:gz") as tar:
            tar.extractall(unpacking, filter="data")  # no absolute paths, no links out, no devices
        os.chmod(unpacking, 0o755)
        os.rename(unpacking, copy)  # whole or not at all; another thread's copy may have won
    except OSError:
        if not os.path.isdir(copy):
            raise
    finally:
        shutil.rmtree(unpacking, ignore_errors=True)
    return copy
