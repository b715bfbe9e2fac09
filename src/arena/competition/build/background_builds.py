"""The builds of this machine, run behind the site and the games: in worker processes of their own,
at a lower CPU priority.

A build's compile and admission test are the server's heaviest work, and the least urgent: an upload
may wait some seconds for its verdict, a page or a game's move may not. Measured during a deadline's
rush (bench/competition_load.py), with the builds in the server's own threads, the admission games'
refereeing shared the server's interpreter with the pages, and the compilers and the admitted
programs took the cores the site needed. Here each build runs in a worker process (forkserver: the
server has threads, which fork does not copy safely) whose priority is lowered once, as it starts
(priority.py); everything the build starts, the compiler, the sandboxes, the programs of the
admission test, inherits it. The loop's builders (build_loop.py) call this from their threads, as
they called build_submission; ``jobs`` workers, one per builder.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Callable

from ...tournament.pool_worker import init_worker
from .build_loop import BuildDeferred
from .one_build import BuildJob, BuildOutcome, Compiled, admit, compile_submission
from .priority import BUILD_NICENESS, lower_priority


def _start_worker(niceness: int) -> None:
    init_worker()  # SIGTERM unwinds the build under way (its sandboxes killed); Ctrl-C is the server's
    lower_priority(niceness)


class BackgroundBuild:
    """build_submission's stand-in for the builds loop: the same outcome, made in a worker process
    at ``niceness``."""

    def __init__(self, jobs: int, niceness: int = BUILD_NICENESS) -> None:
        self.jobs, self.niceness = jobs, niceness
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def __call__(self, job: BuildJob, on_checking: Callable[[], None] = lambda: None) -> BuildOutcome:
        # in two calls, so that the submission says "checking" while its admission test runs
        made = self._run(compile_submission, job)
        if isinstance(made, BuildOutcome):
            return made
        assert isinstance(made, Compiled)
        on_checking()
        outcome = self._run(admit, job, made)
        assert isinstance(outcome, BuildOutcome)
        return outcome

    def _run(self, function, *args):
        pool = self._workers()
        try:
            return pool.submit(function, *args).result()
        except BrokenProcessPool as error:  # a worker died (killed from outside?): new workers, the build again
            with self._lock:
                if self._pool is pool:
                    self._pool = None
            raise BuildDeferred(f"the build's worker process died ({error})") from None

    def _workers(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise BuildDeferred("the server is stopping")
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=self.jobs,
                                                 mp_context=multiprocessing.get_context("forkserver"),
                                                 initializer=partial(_start_worker, self.niceness))
            return self._pool

    def close(self) -> None:
        """Stop the workers (the conductor stops): a build under way is unwound, its submission
        stays unfinished and is built again after the restart."""
        with self._lock:
            pool, self._pool, self._closed = self._pool, None, True
        if pool is None:
            return
        workers = list(getattr(pool, "_processes", {}).values())  # no public way to stop them
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=5)
