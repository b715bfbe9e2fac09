"""One interface to the workers that run arena's work in parallel: this machine's process pool, or a Dask cluster.

``open_workers(jobs, scheduler)`` gives Workers: locally a process pool, one piece of work per
core; across machines a Dask cluster's executor (``--scheduler tcp://host:8786``). Either way
``submit(function, *args)`` runs the owner's function on a worker (on_worker.py's run_task around
it) and gives a ``concurrent.futures.Future``, so the distributed mode is not a second
implementation to keep in step. The tournament's games, the competition's games and builds, and
an analysis's searches all go through here; the work itself stays with its owner, a picklable
function and small arguments. SharedWorkers is the same, opened at the first piece of work and
again once lost, for threads that share it (the competition's builders).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from functools import partial
from typing import Any, Callable, Iterator, TypeVar

from .on_worker import run_task, start_local_worker

Result = TypeVar("Result")


class SchedulerUnreachable(ConnectionError):
    """``--scheduler`` names no Dask scheduler that answers (``reason``: what the connection said)."""

    def __init__(self, scheduler: str, reason: str) -> None:
        super().__init__(f"cannot reach the Dask scheduler at {scheduler}: {reason}")
        self.scheduler, self.reason = scheduler, reason


class WorkLost(RuntimeError):
    """The worker running a piece of work is gone (a pool's process died, the cluster's connection was lost)."""


class Workers:
    """Processes that run work: a local pool (``scheduler`` None), or a Dask cluster's workers."""

    def __init__(self, executor: Executor, slots: int, scheduler: str | None = None, client: Any = None) -> None:
        self.executor, self.slots, self.scheduler, self._client = executor, slots, scheduler, client

    @property
    def on_cluster(self) -> bool:
        return self.scheduler is not None

    def submit(self, function: Callable[..., Result], /, *args: Any, **kwargs: Any) -> Future[Result]:
        """Run ``function(*args, **kwargs)`` on a worker; a future of its result."""
        return self.executor.submit(run_task, function, args, kwargs)

    def run(self, function: Callable[..., Result], /, *args: Any, **kwargs: Any) -> Result:
        """``function``'s result, run on a worker; WorkLost when its worker (or the way to it) is gone."""
        try:
            return self.submit(function, *args, **kwargs).result()
        except BrokenExecutor as error:  # a pool's process died (killed from outside?)
            raise WorkLost(f"its worker process died ({error})") from None
        except OSError as error:
            if not self.on_cluster:  # the work's own error
                raise
            raise WorkLost(f"the connection to {self.scheduler} or its worker was lost: {error}") from None

    def usable(self) -> bool:
        """False once a cluster's client has lost its scheduler for good."""
        return self._client is None or self._client.status in ("running", "connecting")

    def close(self, now: bool = False) -> None:
        """Wait for the work under way (queued work is cancelled); ``now``: stop without waiting."""
        if self._client is None:
            assert isinstance(self.executor, ProcessPoolExecutor)
            if now:
                _stop_now(self.executor)
            else:
                self.executor.shutdown(wait=True, cancel_futures=True)  # the SPRT may stop with games queued
            return
        try:
            if not now:  # (now: closing the client releases the work; the scheduler may be gone already)
                self.executor.shutdown(wait=True)
        finally:
            self._client.close()


def start_workers(jobs: int | None = None, scheduler: str | None = None, niceness: int = 0) -> Workers:
    """Workers running ``jobs`` pieces of work at once (by default, as many as there are cores or the
    cluster's threads), locally at ``niceness`` (the cluster's workers run as they were started)."""
    if scheduler is None:
        jobs = jobs or os.cpu_count() or 1
        # forkserver, not fork: the parent runs threads (a live display, a server's), and a fork
        # taken while one of them holds a lock would hang the child.
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("forkserver"),
                                   initializer=partial(start_local_worker, niceness))
        return Workers(pool, jobs)
    client = _client(scheduler)
    try:
        slots = jobs or max(1, sum(client.nthreads().values()))
    except BaseException:
        client.close()
        raise
    # pure=False: two pieces of work with equal arguments (two games, two builds) are still two
    return Workers(client.get_executor(pure=False), slots, scheduler, client)


@contextmanager
def open_workers(jobs: int | None = None, scheduler: str | None = None, niceness: int = 0) -> Iterator[Workers]:
    """start_workers for a ``with`` block: at its end the work under way is waited for; on an error
    (Ctrl-C) the workers are stopped at once, without waiting for a 30 s clock."""
    workers = start_workers(jobs, scheduler, niceness)
    try:
        yield workers
    except BaseException:
        workers.close(now=True)
        raise
    workers.close()


def _client(scheduler: str, timeout_s: float = 10) -> Any:
    from distributed import Client  # imported only for the distributed mode: it is slow to load

    try:
        return Client(scheduler, timeout=f"{timeout_s}s", set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise SchedulerUnreachable(scheduler, str(error)) from None


def cluster_threads(scheduler: str, timeout_s: float = 10) -> dict[str, int]:
    """Each worker of the cluster at ``scheduler`` with its threads; SchedulerUnreachable if none answers."""
    client = _client(scheduler, timeout_s)
    with client:
        return dict(client.nthreads())


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Stop without waiting for the work under way (Ctrl-C must not wait for a 30 s clock).

    The pool has no public way to stop its workers, hence ``_processes``; each worker unwinds
    its work on SIGTERM and kills the programs (on_worker.py); one still alive 5 s later is killed.
    """
    workers = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)
    for worker in workers:
        if worker.is_alive():
            # a worker that did not unwind in time (its SIGTERM landed where it could not raise,
            # in a lock of the pool's queues) would hold the interpreter's exit forever, in the
            # pool's manager thread: killed, its programs still die with it (the guardian)
            worker.kill()
            worker.join(timeout=5)


class SharedWorkers:
    """Workers opened at the first piece of work and again after they are lost, shared by threads:
    on a cluster, N pieces of work at once are N tasks through one client, not N connections."""

    def __init__(self, jobs: int | None = None, scheduler: str | None = None, niceness: int = 0) -> None:
        self.jobs, self.scheduler, self.niceness = jobs, scheduler, niceness
        self._lock = threading.Lock()
        self._workers: Workers | None = None
        self._closed = False

    @property
    def opened(self) -> bool:
        return self._workers is not None

    def run(self, function: Callable[..., Result], /, *args: Any, **kwargs: Any) -> Result:
        """``function``'s result, run on a worker; WorkLost (the next call opens new workers),
        SchedulerUnreachable, or WorkLost once closed."""
        workers = self._opened()
        try:
            return workers.run(function, *args, **kwargs)
        except WorkLost:
            self._forget(workers)
            raise

    def _opened(self) -> Workers:
        with self._lock:
            if self._closed:
                raise WorkLost("the workers are closed")
            if self._workers is not None and not self._workers.usable():
                self._workers.close(now=True)
                self._workers = None
            if self._workers is None:
                self._workers = start_workers(self.jobs, self.scheduler, self.niceness)
            return self._workers

    def _forget(self, workers: Workers) -> None:
        with self._lock:
            if self._workers is not workers:
                return
            self._workers = None
        workers.close(now=True)

    def close(self) -> None:
        """Stop the workers: work under way is unwound (locally) or dropped (on a cluster)."""
        with self._lock:
            workers, self._workers, self._closed = self._workers, None, True
        if workers is not None:
            workers.close(now=True)
