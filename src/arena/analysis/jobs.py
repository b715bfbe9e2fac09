"""Analyses asked for from a web page, run in the background one game at a time.

One game at a time, because each already uses every core (parallel_plies.py); the others wait in a
queue. A page polls ``status(key)`` and draws the partial document as plies come in; ``save`` is
called once with the finished document, where the page's server keeps it (beside the record,
in the tournament or the competition database).
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict, deque
from typing import TYPE_CHECKING, Callable, Hashable, TypedDict

from ..judge.record_types import Record
from .document_types import AnalysisDocument, JobState, JobStatus
from .plies import RecordError
from .parallel_plies import analyse

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing's own from Python 3.11; mypy reads it for 3.10

KEPT = 64  # finished jobs remembered, so a page polling after the end still sees "done"


class _Change(TypedDict, total=False):
    """What one step of a job changes of its JobStatus."""

    state: JobState
    analysed: int | None
    total: int | None
    error: str | None
    analysis: AnalysisDocument | None


class QueueFull(Exception):
    """Too many analyses are waiting; the message says how many."""


class AnalysisJobs:
    """``jobs`` worker processes per analysis (default: every core), at ``niceness``; at most
    ``max_queued`` analyses waiting (None: no bound), so a public site cannot be flooded."""

    def __init__(self, jobs: int | None = None, seconds: float | None = None, niceness: int = 0,
                 max_queued: int | None = None) -> None:
        self.jobs = jobs
        self.seconds = seconds
        self.niceness = niceness
        self.max_queued = max_queued
        self._lock = threading.Lock()
        self._status: OrderedDict[Hashable, JobStatus] = OrderedDict()
        self._queue: deque[tuple[Hashable, Record, Callable[[AnalysisDocument], None]]] = deque()
        self._worker: threading.Thread | None = None
        self._stopping = threading.Event()

    def stop(self, timeout_s: float = 30) -> None:
        """Stop the analysis under way (its pool shut down cleanly) and take no more; the server
        calls this as it stops. Those queued are dropped: asked again, they run again."""
        self._stopping.set()
        worker = self._worker
        if worker is not None:
            worker.join(timeout_s)

    def start(self, key: Hashable, record: Record,
              save: Callable[[AnalysisDocument], None]) -> JobStatus:
        """Queue the analysis of ``record`` unless it is queued, running or done; its status.
        Raises QueueFull when ``max_queued`` analyses wait already."""
        with self._lock:
            if self._stopping.is_set():
                raise QueueFull("the server is stopping: ask again once it is back")
            status = self._status.get(key)
            if status is None or status["state"] == "failed":
                if self.max_queued is not None and len(self._queue) >= self.max_queued:
                    raise QueueFull(f"{len(self._queue)} analyses are waiting already; ask again once they are done")
                status = {"state": "queued", "analysed": 0, "total": None, "error": None, "analysis": None}
                self._status[key] = status
                self._queue.append((key, record, save))
                if self._worker is None or not self._worker.is_alive():
                    self._worker = threading.Thread(target=self._work, name="analysis", daemon=True)
                    self._worker.start()
            return copy.deepcopy(status)

    def status(self, key: Hashable) -> JobStatus | None:
        with self._lock:
            status = self._status.get(key)
            return None if status is None else copy.deepcopy(status)

    def _update(self, key: Hashable, **changes: Unpack[_Change]) -> None:
        with self._lock:
            self._status[key].update(changes)

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._queue or self._stopping.is_set():
                    self._worker = None
                    return
                key, record, save = self._queue.popleft()
            self._update(key, state="running")
            try:
                document = analyse(record, seconds=self.seconds, jobs=self.jobs, niceness=self.niceness,
                                   progress=lambda doc: self._update(key, analysed=doc["analysed"], total=doc["total"],
                                                                     analysis=copy.deepcopy(doc)),
                                   stop=self._stopping)
                save(document)
                self._update(key, state="done", analysed=document["analysed"], total=document["total"],
                             analysis=document)
            except RecordError as problem:
                self._update(key, state="failed", error=str(problem))
            except Exception as problem:  # the page must say so rather than poll forever
                self._update(key, state="failed", error=f"{type(problem).__name__}: {problem}")
            self._forget_old()

    def _forget_old(self) -> None:
        with self._lock:
            finished = [k for k, s in self._status.items() if s["state"] in ("done", "failed")]
            for key in finished[:max(0, len(finished) - KEPT)]:
                del self._status[key]
