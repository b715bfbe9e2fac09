"""A wake-up call that ``concurrent.futures.wait`` can wait for beside the games' futures.

The games loop waits for whichever comes first, a game ending or news (a new round, a
stop); news is a future it waits on too, so it is answered at once, not at the next tick.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future


class Wakeup:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._future: Future = Future()

    def future(self) -> Future:
        """The future the next wake() completes (a fresh one once the last was used)."""
        with self._lock:
            if self._future.done():
                self._future = Future()
            return self._future

    def wake(self) -> None:
        with self._lock:
            if not self._future.done():
                self._future.set_result(None)

    def woken(self) -> bool:
        """Was wake() called since future() was last taken? (and take that news)"""
        with self._lock:
            if self._future.done():
                self._future = Future()
                return True
            return False
