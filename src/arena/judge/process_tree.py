"""A program's processes found under /proc, where no cgroup holds them: is it alone, stop them, kill them.

``MainProcess`` (is it alone?) serves every program; the walks (``stop_tree``, ``kill_tree``)
only the fallback, where no PID namespace can be made (pid_namespace.py): a namespace's init
stops and kills all of it without one.

The tree is walked from the program's main process through
``/proc/PID/task/TID/children``. A child that calls ``setsid()`` stays in it (only its
session changes), and so does an orphan: the spawner makes the main process a child
subreaper (spawn.pyx), so a process whose parent ends is handed to the main process,
not to init. A program that turns that off hands its orphans to the judge instead
(subreaper.py sweeps them at the end of the game).

``children`` lists every child only while the process is stopped, so each process is
stopped before its children are read: once SIGSTOP is sent, a fork it has not finished
is undone by the kernel and tried again when it continues. A process that ends during
the walk hands its children to the main process, already read: the walk is repeated
until it finds nothing new.
"""

from __future__ import annotations

import os
import signal

MAX_PROCESSES = 4096
"""A bound on a walk, should a program fork without end."""


def children_of(pid: int) -> list[int]:
    """The live children of every thread of ``pid`` ([] once it is gone)."""
    found: list[int] = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as children:
                found.extend(int(child) for child in children.read().split())
        except (OSError, ValueError):
            pass  # the thread ended meanwhile
    return found


def stop_tree(root: int) -> list[int]:
    """SIGSTOP ``root`` and every process under it; the processes stopped."""
    stopped: list[int] = []
    seen: set[int] = set()
    while len(seen) < MAX_PROCESSES:
        todo, new = [root], False
        while todo and len(seen) < MAX_PROCESSES:
            pid = todo.pop()
            if pid not in seen:
                seen.add(pid)
                new = True
                try:
                    os.kill(pid, signal.SIGSTOP)
                except OSError:
                    continue  # gone (or, a reused pid: not ours to touch)
                stopped.append(pid)
            todo.extend(children_of(pid))
        if not new:
            break  # a walk that found nothing new: every process is stopped and listed
    return stopped


def signal_each(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except OSError:
            pass


def kill_tree(root: int) -> list[int]:
    """SIGKILL ``root`` and every process under it (stopped first, so none forks meanwhile)."""
    stopped = stop_tree(root)
    signal_each(stopped, signal.SIGKILL)
    return stopped


class MainProcess:
    """Is the program's main process alone: one thread, no child? Two files kept open, about 1.5 µs.

    Threads of one process are all stopped by one SIGSTOP; a child needs the walk. The
    threads are counted by the links of ``/proc/PID/task`` (two, and one per thread), a
    few times cheaper than reading them from ``/proc/PID/stat``.
    """

    def __init__(self, pid: int) -> None:
        self._task_fd = os.open(f"/proc/{pid}/task", os.O_RDONLY | os.O_DIRECTORY)
        try:
            self._children_fd = os.open(f"/proc/{pid}/task/{pid}/children", os.O_RDONLY)
        except OSError:
            os.close(self._task_fd)
            raise

    def alone(self) -> bool:
        try:
            return os.fstat(self._task_fd).st_nlink <= 3 and not os.pread(self._children_fd, 64, 0).strip()
        except OSError:
            return True  # gone: nothing left to stop but its group

    def close(self) -> None:
        os.close(self._task_fd)
        os.close(self._children_fd)
