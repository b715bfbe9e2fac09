"""The guardian: a tiny process that cleans up after a dead judge.

Run as ``python -S guardian_daemon.py`` (no imports from arena, so it starts in a few
milliseconds), once per judge process, by :mod:`arena.judge.sandbox.guardian_client`. Its
standard input is a pipe whose write end only the judge holds. The judge
tells it, one line each, what to clean up should it die:

    +g PGID   a program's process group        -g PGID   no longer (reaped)
    +c DIR    a program's cgroup folder        -c DIR    no longer (removed)

A program in namespaces of its own (pid_namespace.py; every program under ``limits`` and
``isolate``) is never registered as a group: its init dies with the judge, and the kernel kills
everything in the namespace with it. A group is registered only for ``--sandbox none`` where the
kernel allows no namespace: its main process is stopped by the kernel when its judge dies (its
parent-death signal), and killed here with its group; nothing more is promised there.

When the pipe reads end-of-file the judge is gone, however it went (SIGKILL included). Every
registered group gets SIGKILL. Every cgroup still registered is emptied and removed. Nothing else of the host was changed for a
program: what it may read and write (its private /tmp, its home), its mount namespace held, gone
with it.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import time

DRAIN_EVERY_MS = 2000
"""How often the registrations waiting in the pipe are read (64 KB of them fit: a thousand programs)."""
CGROUP_EMPTY_WAIT_S = 2.0
"""How long to keep killing the processes of a cgroup until it can be removed."""


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass  # gone already


def cgroup_pids(folder: str) -> list[int]:
    try:
        with open(os.path.join(folder, "cgroup.procs")) as procs:
            return [int(pid) for pid in procs.read().split()]
    except (OSError, ValueError):
        return []


def kill_all(folder: str) -> None:
    for pid in cgroup_pids(folder):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def empty_and_remove(folder: str) -> None:
    """Kill every process of a cgroup (again, while a fork races us), then remove it."""
    deadline = time.monotonic() + CGROUP_EMPTY_WAIT_S
    while time.monotonic() < deadline:
        kill_all(folder)
        try:
            os.rmdir(folder)
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)  # busy: killed processes not yet gone


def read_available(fd: int) -> tuple[bytes, bool]:
    """What the pipe holds now, and whether its write end is closed (the judge is gone)."""
    data = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            return data, False
        if not chunk:
            return data, True
        data += chunk


def main() -> None:
    # A Ctrl-C or a closed terminal is for the judge; this process must outlive it to act.
    for sig in (signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    groups: set[int] = set()
    cgroups: set[str] = set()
    stdin = sys.stdin.fileno()
    os.set_blocking(stdin, False)
    # Polled for no event at all: only the end of the pipe (POLLHUP) wakes this process, never
    # the judge's lines, which would cost the judge a context switch per program. They wait
    # in the pipe and are read every DRAIN_EVERY_MS.
    poller = select.poll()
    poller.register(stdin, 0)
    pending = b""
    gone = False
    while not gone:
        poller.poll(DRAIN_EVERY_MS)
        data, gone = read_available(stdin)
        *lines, pending = (pending + data).split(b"\n")
        for line in lines:
            text = line.decode(errors="replace")
            sign, kind, value = text[:1], text[1:2], text[3:]
            # sets of pgids (int) or of paths (str): ``item`` below is of the set's kind
            by_kind: dict[str, set] = {"g": groups, "c": cgroups}
            watched = by_kind.get(kind)
            if watched is None or not value or (kind == "g" and not value.isdigit()):
                continue
            item = int(value) if kind == "g" else value
            if sign == "+":
                watched.add(item)
            elif sign == "-":
                watched.discard(item)
    for pgid in groups:
        kill_group(pgid)
    for folder in cgroups:
        empty_and_remove(folder)


if __name__ == "__main__":
    main()
