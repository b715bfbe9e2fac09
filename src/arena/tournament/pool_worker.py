"""How a local pool's worker process plays games, and how it stops.

A worker runs one game at a time, with two programs as its children in their
own process groups. Whatever stops the tournament (Ctrl-C, kill -9 of the
tournament), those programs must not be left behind, a suspended one would sit
there forever, and neither must the worker. So every way of stopping a worker
is a SIGTERM, which unwinds the game (killing its programs) and then exits.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from typing import Any

from ..judge.record_types import Record
from ..refereeing.referee import play_game
from .dask_worker_profiler import quiet_dask_worker

_stopping = False


def _stop_on_term(signum: int, frame: object) -> None:
    global _stopping
    _stopping = True
    raise SystemExit(128 + signum)  # unwinds the game under way: its programs are killed


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


def init_worker() -> None:
    """The pool's initializer: Ctrl-C is the parent's to handle; SIGTERM stops cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_on_term)
    _term_when_parent_dies()


def play_one(*args: Any, **kwargs: Any) -> Record:
    """``play_game`` as a unit of work; once told to stop, the worker exits after it."""
    quiet_dask_worker()  # the same unit of work runs on Dask workers
    try:
        return play_game(*args, **kwargs)
    finally:
        if _stopping:
            # Back in the pool's loop the worker would wait for a next game that never comes.
            os._exit(1)
