"""The builds loop: every submission still ``building`` or ``checking`` is built and admitted.

First come, first served, ``jobs`` at once (``arena competition serve --build-jobs``, default one
per core): a deadline's rush of uploads is built side by side, on this machine or on the Dask
workers, and the oldest waiting upload is always the next handed out. A build is a compiler under
limits, then two admission games, each in its own sandbox, so builds share nothing but the cores.
A server killed mid-build finds the submission still unfinished on restart and builds it again
from its upload. The outcome is written in one update, so a submission is never seen admitted
without its command.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Callable

from ..folder import CompetitionFolder
from ..store.database import CompetitionStore, Submission

log = logging.getLogger(__name__)

RETRY_PAUSE_S = 5.0
UPLOAD_ARRIVAL_S = 60.0
"""How long a submission whose files are not yet in its upload folder waits before it is built anyway."""


class BuildDeferred(RuntimeError):
    """The build cannot run now (no Dask scheduler answers, its worker was lost): the submission
    stays unfinished and is built again after a pause."""


def default_build(job, on_checking):
    from .one_build import build_submission  # the builds helper's module; imported when first needed

    return build_submission(job, on_checking=on_checking)


def build_job(folder: CompetitionFolder, game: str, submission: Submission):
    from .one_build import BuildJob

    return BuildJob(submission_id=submission.id, game=game,
                    upload=str(folder.upload(submission.id) / submission.filename),
                    build_folder=str(folder.build(submission.id)), language=submission.language,
                    table_path=str(folder.languages), hidden=(str(folder.root),))


def default_build_jobs() -> int:
    """One build at a time per core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


class BuildLoop:
    def __init__(self, store: CompetitionStore, folder: CompetitionFolder, game: str,
                 on_admitted: Callable[[int], None], build: Callable | None = None, jobs: int | None = None) -> None:
        self.store, self.folder, self.game = store, folder, game
        self.on_admitted = on_admitted
        self.build = build or default_build
        self.jobs = jobs or default_build_jobs()
        if self.jobs < 1:
            raise ValueError(f"build jobs must be at least 1, got {self.jobs}")
        self.news = threading.Event()
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self.building: dict[int, float] = {}  # submission id -> when its build was handed out
        self.handed_out: list[int] = []  # the order builds were handed out in (the newest 1,000)
        self._handed: queue.SimpleQueue[Submission | None] = queue.SimpleQueue()  # None: a builder stops
        self._builders: list[threading.Thread] = []
        self.problem: str | None = None  # why builds wait, if they do

    def wake(self) -> None:
        self.news.set()

    def stop(self) -> None:
        self.stopping.set()
        self.news.set()
        for _ in self._builders:
            self._handed.put(None)

    def queued(self) -> list[int]:
        """The submissions waiting for a build, oldest (the next to be built) first."""
        with self._lock:
            building = set(self.building)
        return [s.id for s in self.store.unfinished_submissions() if s.id not in building]

    def run(self) -> None:
        """Hand out the oldest waiting submissions to the ``jobs`` builders as they come free.

        The builders are daemon threads of their own: a compile under way cannot be interrupted,
        and must not keep a stopped server from exiting (its submission stays unfinished and is
        built again after the restart)."""
        self._builders = [threading.Thread(target=self._builder, name=f"competition-build-{n}", daemon=True)
                          for n in range(self.jobs)]
        for builder in self._builders:
            builder.start()
        while not self.stopping.is_set():
            self.news.clear()
            with self._lock:
                free = self.jobs - len(self.building)
                building = set(self.building)
            if free > 0:
                waiting = [s for s in self.store.unfinished_submissions()
                           if s.id not in building and self._arrived(s)]
                for submission in waiting[:free]:
                    with self._lock:
                        self.building[submission.id] = time.time()
                        self.handed_out = [*self.handed_out[-999:], submission.id]
                    self._handed.put(submission)
            # woken by submission_added and by every build that ends; the timeout only guards a missed call
            self.news.wait(30)

    def _arrived(self, submission: Submission) -> bool:
        """Is the upload in its folder? The site writes the submission's row, then moves its files
        there and calls submission_added: a builder freed meanwhile must not take it half-way. One
        whose files never came (a server stopped between the two) is built all the same, after
        UPLOAD_ARRIVAL_S, and fails saying its upload is missing."""
        return self.folder.upload(submission.id).exists() or time.time() - submission.created > UPLOAD_ARRIVAL_S

    def _builder(self) -> None:
        while not self.stopping.is_set():
            submission = self._handed.get()
            if submission is None:
                return
            try:
                self._build(submission)
            finally:
                with self._lock:
                    self.building.pop(submission.id, None)
                self.news.set()

    def _build(self, submission: Submission) -> None:
        try:
            if submission.status != "building":
                self.store.update_submission(submission.id, status="building")
            outcome = self.build(build_job(self.folder, self.game, submission), self._checking(submission.id))
            self.problem = None
            if self.stopping.is_set():
                return  # stopped mid-build: the outcome may be a killed build's; the restart builds again
            self.store.update_submission(submission.id, status=outcome.status, build_log=outcome.build_log,
                                         admission=outcome.admission, command=outcome.command)
        except BuildDeferred as error:
            self.problem = str(error)
            log.warning("building submission %s waits: %s", submission.id, error)
            self.stopping.wait(RETRY_PAUSE_S)  # then handed out again, still first in line
            return
        except Exception as error:  # a bug, not the contestant's fault: say so instead of retrying forever
            if self.stopping.is_set():
                return
            log.exception("building submission %s failed", submission.id)
            self.store.update_submission(submission.id, status="build-failed",
                                         build_log=f"The server failed to build this submission ({error!r}): "
                                                   "not your program's fault; the organisers can see why "
                                                   "in the server's log.")
            return
        if outcome.status == "admitted":
            self.on_admitted(submission.id)

    def _checking(self, submission_id: int) -> Callable[[], None]:
        def on_checking() -> None:
            if not self.stopping.is_set():
                self.store.update_submission(submission_id, status="checking")
        return on_checking
