"""The builds loop: every submission still ``building`` or ``checking`` is built and admitted.

Oldest first, one at a time (a build is a compiler under limits, then two admission games:
the games loop has the other cores). A server killed mid-build finds the submission still
unfinished on restart and builds it again from its upload. The outcome is written in one
update, so a submission is never seen admitted without its command.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from ..folder import CompetitionFolder
from ..store.database import CompetitionStore, Submission

log = logging.getLogger(__name__)

RETRY_PAUSE_S = 5.0


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


class BuildLoop:
    def __init__(self, store: CompetitionStore, folder: CompetitionFolder, game: str,
                 on_admitted: Callable[[int], None], build: Callable | None = None) -> None:
        self.store, self.folder, self.game = store, folder, game
        self.on_admitted = on_admitted
        self.build = build or default_build
        self.news = threading.Event()
        self.stopping = threading.Event()
        self.building: int | None = None
        self.problem: str | None = None  # why builds wait, if they do

    def wake(self) -> None:
        self.news.set()

    def stop(self) -> None:
        self.stopping.set()
        self.news.set()

    def queued(self) -> list[int]:
        return [s.id for s in self.store.unfinished_submissions() if s.id != self.building]

    def run(self) -> None:
        while not self.stopping.is_set():
            self.news.clear()
            waiting = self.store.unfinished_submissions()
            if not waiting:
                self.news.wait(30)  # woken by submission_added; the timeout only guards a missed call
                continue
            self._build(waiting[0])

    def _build(self, submission: Submission) -> None:
        self.building = submission.id
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
            self.stopping.wait(RETRY_PAUSE_S)
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
        finally:
            self.building = None
        if outcome.status == "admitted":
            self.on_admitted(submission.id)

    def _checking(self, submission_id: int) -> Callable[[], None]:
        def on_checking() -> None:
            if not self.stopping.is_set():
                self.store.update_submission(submission_id, status="checking")
        return on_checking
