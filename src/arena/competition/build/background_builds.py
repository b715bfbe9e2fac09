"""The builds, run behind the site and the games: in worker processes of this machine at a lower CPU
priority, or on the Dask cluster's workers (``serve --scheduler``), through parallel/worker_pool.py.

A build's compile and admission test are the server's heaviest work, and the least urgent: an upload
may wait some seconds for its verdict, a page or a game's move may not. Measured during a deadline's
rush (bench/competition_load.py), with the builds in the server's own threads, the admission games'
refereeing shared the server's interpreter with the pages, and the compilers and the admitted
programs took the cores the site needed. Here each build runs in a worker process (forkserver: the
server has threads, which fork does not copy safely) whose priority is lowered once, as it starts
(priority.py); everything the build starts, the compiler, the sandboxes, the programs of the
admission test, inherits it. On a cluster the upload is shipped to a worker, built and admitted
there, and its folder sent back (shipped_build.py). The loop's builders (build_loop.py) call this
from their threads, as they called build_submission; they share the workers (``jobs`` local
processes, one per builder; on a cluster one client, so N builds are N tasks, not N connections).
"""

from __future__ import annotations

from typing import Callable

from ...parallel.worker_pool import SchedulerUnreachable, SharedWorkers, WorkLost
from .build_loop import BuildDeferred
from .one_build import BuildJob, BuildOutcome, Compiled, admit, compile_submission
from .priority import BUILD_NICENESS
from .shipped_build import build_on_worker, ship, take_back


class BackgroundBuild:
    """build_submission's stand-in for the builds loop: the same outcome, made in a worker process at
    ``niceness``, or on a worker of the Dask cluster at ``scheduler``."""

    def __init__(self, jobs: int, scheduler: str | None = None, niceness: int = BUILD_NICENESS) -> None:
        self.jobs, self.scheduler, self.niceness = jobs, scheduler, niceness
        self.workers = SharedWorkers(jobs, scheduler, niceness)

    def __call__(self, job: BuildJob, on_checking: Callable[[], None] = lambda: None) -> BuildOutcome:
        if self.scheduler is not None:
            # on_checking is not called: the worker compiles and admits in one task, and the
            # submission shows "building" until its outcome comes back
            return take_back(job, self._run(build_on_worker, ship(job)))
        # in two calls, so that the submission says "checking" while its admission test runs
        made = self._run(compile_submission, job)
        if isinstance(made, BuildOutcome):
            return made
        assert isinstance(made, Compiled)
        on_checking()
        outcome = self._run(admit, job, made)
        assert isinstance(outcome, BuildOutcome)
        return outcome

    def _run(self, function: Callable, *args: object):
        try:
            return self.workers.run(function, *args)
        except SchedulerUnreachable as error:
            raise BuildDeferred(str(error)) from None
        except WorkLost as error:  # new workers at the next build, this one again
            raise BuildDeferred(f"the build was lost: {error}") from None

    def close(self) -> None:
        """Stop the workers (the conductor stops): a build under way is unwound, its submission
        stays unfinished and is built again after the restart."""
        self.workers.close()
