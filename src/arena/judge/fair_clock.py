"""What a move costs on a program's clock: its wall time, less the time it waited for a core.

On a busy host a program that is ready to think may wait in the kernel's run queue while
others (a build, another game, the host's own work) have the cores; the wall clock would
charge it for that. The kernel counts that wait, per thread, in ``/proc/TID/schedstat``
(its second figure, in ns). A move is charged

    min(wall, max(cpu, wall - queued))

where ``queued`` is the time the threads of the program's main process, and the judge's own
thread (which must wake to read the reply: its wake-ups that found none are left out), waited for a
core during the move, and ``cpu`` the CPU time of every thread and process of the program. So:

- on a quiet host nothing waits and a move costs its wall time, as it always did;
- a program never pays more than the wall clock, and never less than the CPU time it used:
  whatever it does with threads or processes (their own waits for the cores they compete
  for are not deducted past its CPU time), it cannot think for longer than a single-threaded
  program could on a quiet host; the time it sleeps or blocks still counts.

The built-in players count their own time the same way (games/time_plan.py).
"""

from __future__ import annotations

import os
import threading
import time

RUN_QUEUE_FIELD = 1
"""In /proc/TID/schedstat: time on a core, time waiting for one (both ns), time slices."""


def charged_ms(wall_ms: float, cpu_ms: float, queued_ms: float) -> float:
    """What a move of ``wall_ms``, using ``cpu_ms``, ``queued_ms`` of it waiting for a core, costs."""
    return min(wall_ms, max(cpu_ms, wall_ms - queued_ms))


class RunQueueWait:
    """One thread's time spent waiting for a core, read again from a file kept open."""

    def __init__(self, path: str) -> None:
        self._fd: int | None = None
        try:
            self._fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            pass  # no schedstat (a kernel without CONFIG_SCHED_INFO), or the thread is gone: 0

    def ns(self) -> int:
        """Its wait so far, in ns (0 once the thread is gone or when the kernel does not say)."""
        if self._fd is None:
            return 0
        try:
            return int(os.pread(self._fd, 100, 0).split()[RUN_QUEUE_FIELD])
        except (OSError, ValueError, IndexError):
            return 0

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        self.close()


class ProcessWait:
    """The time the threads of one process waited for a core, added up since it started; a thread
    that ended keeps what it waited (the JVM thinks in a thread of its own, its first one waits).

    Its threads are listed again at most every RELIST_S (a listing costs several times a read): a
    thread started since is counted from its start at the next listing, its wait moved to a later
    move at worst, which the floor of the CPU time keeps from favouring the program."""

    THREADS_READ = 64
    """The most threads looked at: more (a thread storm) add nothing for the program."""

    RELIST_S = 0.05

    def __init__(self, pid: int) -> None:
        self._folder = f"/proc/{pid}/task"
        self._threads: dict[str, RunQueueWait] = {}
        self._seen: dict[str, int] = {}
        self._total = 0
        self._next_listing = 0.0

    def _list(self) -> None:
        try:
            threads = os.listdir(self._folder)[:self.THREADS_READ]
        except OSError:
            threads = []  # it has ended: what it waited before stays
        for gone in self._threads.keys() - set(threads):
            self._threads.pop(gone).close()
            del self._seen[gone]
        for thread in threads:
            if thread not in self._threads:
                self._threads[thread] = RunQueueWait(f"{self._folder}/{thread}/schedstat")
                self._seen[thread] = 0

    def ns(self) -> int:
        now = time.monotonic()
        if now >= self._next_listing:
            self._list()
            self._next_listing = now + self.RELIST_S
        for thread, reader in self._threads.items():
            waited = reader.ns()
            if waited > self._seen[thread]:  # 0 once the thread has gone
                self._total += waited - self._seen[thread]
                self._seen[thread] = waited
        return self._total

    def close(self) -> None:
        for reader in self._threads.values():
            reader.close()
        self._threads.clear()


_this_thread = threading.local()


def own_wait_ns() -> int:
    """The calling thread's own wait for a core so far, in ns (a file kept open per thread)."""
    thread = threading.get_native_id()  # a forked child keeps its parent's locals: the id tells
    reader, of = getattr(_this_thread, "run_queue", (None, None))
    if reader is None or of != thread:
        reader = RunQueueWait(f"/proc/self/task/{thread}/schedstat")
        _this_thread.run_queue = (reader, thread)
    return reader.ns()
