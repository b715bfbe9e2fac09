"""A Dask worker that plays games keeps still: its statistical profiler is stopped.

Every 10 ms (``distributed.worker.profile.interval``) a Dask worker's event loop takes
the GIL and walks the stack of every thread, for the dashboard's profile. A worker that
plays games does it through every game: measured on a 2-worker cluster with random
flippo bots, it was 8 ms of each worker's CPU per game played (its own CPU 22 ms per
game with the profiler, 14 without), taken from the programs on the same cores, while
the judge's thread waits for the GIL it holds. Arena's tasks have no use for it: a game's
time is the judge's to measure. So the first game a worker plays stops it, once.
"""

from __future__ import annotations

import sys

PROFILER_CALLBACKS = ("profile", "profile-cycle")


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


def profiler_running(dask_worker) -> bool:
    """Is this Dask worker's profiler running? (``client.run(profiler_running)``, for the tests)"""
    callback = dask_worker.periodic_callbacks.get("profile")
    return callback is not None and callback.is_running()
