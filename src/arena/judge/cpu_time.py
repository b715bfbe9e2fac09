"""A program's CPU time: every thread of every process it started, read from /proc.

Used where a program has no cgroup to ask (``--sandbox none``, or a machine that
allows none). The program's processes are found by walking the tree from its
main process through ``/proc/PID/task/TID/children``; each process counts the
``schedstat`` of all its live threads (nanoseconds), or its ``utime`` and
``stime`` from ``/proc/PID/stat`` when they say more (they count the threads that
have ended too, in clock ticks), plus the CPU of the children it has already
waited for (``cutime`` and ``cstime``, in ticks). A child that ends before its parent waits for it
is not seen: only a cgroup counts those. One whose parent is gone still is: in a PID
namespace of its own (pid_namespace.py) the orphan becomes its init's child, and the init's
reaped children count too; on the fallback the main process is a child subreaper (spawn.pyx),
so such an orphan becomes its child.
"""

from __future__ import annotations

import os

TICK_NS = 1e9 / os.sysconf("SC_CLK_TCK")
MAX_PROCESSES = 65536
"""A bound on the walk, should a program fork without end. Read while the program is suspended
(nothing of it forks meanwhile), and high: a spinner behind 4,200 zombies is still found."""


def _read(path: str) -> bytes:
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 4096)
    finally:
        os.close(fd)


def _process_ns(pid: int, children: list[int]) -> int:
    """One process's CPU (all threads, and its waited-for children); appends its live children."""
    base = f"/proc/{pid}"
    live = 0
    for tid in os.listdir(f"{base}/task"):
        task = f"{base}/task/{tid}"
        try:
            live += int(_read(f"{task}/schedstat").split()[0])
            children.extend(int(child) for child in _read(f"{task}/children").split())
        except (OSError, ValueError, IndexError):
            pass  # the thread ended meanwhile
    stat = _read(f"{base}/stat")
    fields = stat[stat.rindex(b")") + 2:].split()  # after the command name, which may hold spaces
    utime, stime, cutime, cstime = (int(value) for value in fields[11:15])
    return max(live, round((utime + stime) * TICK_NS)) + round((cutime + cstime) * TICK_NS)


def process_tree_cpu_ns(pid: int) -> int | None:
    """The CPU time of ``pid`` and all its descendants, in ns (None when ``pid`` is gone)."""
    total = 0
    todo = [pid]
    seen = 0
    while todo and seen < MAX_PROCESSES:
        current = todo.pop()
        seen += 1
        try:
            total += _process_ns(current, todo)
        except (OSError, ValueError, IndexError):
            if current == pid:
                return None
    return total


class ProcessTreeCpu:
    """:func:`process_tree_cpu_ns` of one program, with a fast path for the usual case.

    A program with one thread and no live child (most of them) is read from three
    files kept open: its ``stat`` (threads, ticks, waited-for children), its
    ``schedstat`` and its ``children``; any other falls back to the whole walk.
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        base = f"/proc/{pid}"
        self._fds = [os.open(path, os.O_RDONLY) for path in
                     (f"{base}/stat", f"{base}/schedstat", f"{base}/task/{pid}/children")]

    def ns(self) -> int | None:
        stat_fd, schedstat_fd, children_fd = self._fds
        try:
            stat = os.pread(stat_fd, 4096, 0)
            fields = stat[stat.rindex(b")") + 2:].split()
            if int(fields[17]) != 1 or os.pread(children_fd, 64, 0).strip():  # num_threads, live children
                return process_tree_cpu_ns(self.pid)
            live = int(os.pread(schedstat_fd, 64, 0).split()[0])
            utime, stime, cutime, cstime = (int(value) for value in fields[11:15])
        except (OSError, ValueError, IndexError):
            return None
        return max(live, round((utime + stime) * TICK_NS)) + round((cutime + cstime) * TICK_NS)

    def close(self) -> None:
        for fd in self._fds:
            os.close(fd)
        self._fds = []
