"""Cgroups kept for the next program: making a v1 memory cgroup costs about a millisecond.

A program's cgroup, once the program is reaped and the cgroup empty, is reset
(its page cache reclaimed, its peak memory and CPU time zeroed) and kept for the
next program of this judge with the same limits. Every cgroup, kept or in use,
stays registered with the guardian, which removes them all when the judge ends.
"""

from __future__ import annotations

import os
import threading

from .setup import make_cgroup
from .cgroup import Cgroup
from ..guardian_client import WATCHDOG

MAX_KEPT = 4
"""Cgroups kept at most: two games at once in one judge need four."""

_kept: list[Cgroup] = []
_lock = threading.Lock()


def take_cgroup(memory_mb: int, max_tasks: int) -> Cgroup | None:
    """A cgroup with these limits, registered with the guardian; None where none can be made."""
    with _lock:
        # the one given back last: its memory the most likely still in the CPU's caches
        group = next((kept for kept in reversed(_kept) if kept.limits == (memory_mb, max_tasks)), None)
        if group is not None:
            _kept.remove(group)
    if group is not None:
        return group
    group = make_cgroup(memory_mb, max_tasks)
    if group is not None:
        for folder in group.folders.values():
            WATCHDOG.watch_cgroup(folder)  # before a program is in it: no window to escape
    return group


def give_back(group: Cgroup) -> None:
    """The program of ``group`` is reaped: keep the cgroup for the next one, or remove it.

    Its other processes, killed, may take a moment to leave it (``isolate``'s namespace init
    is reaped by the host's init, not by the judge): that moment is waited for, so that the
    cgroup is kept, where it used to be removed (5 ms sleeps) and another made for the next
    program (a mkdir in four v1 hierarchies)."""
    group.wait_empty()
    evicted = None
    with _lock:
        keep = group.reset()
        if keep:
            if len(_kept) >= MAX_KEPT:
                # the one given back longest ago makes room (a pool full of another limit's
                # cgroups, a build's say, made a new cgroup at every program of the game's)
                evicted = _kept.pop(0)
            _kept.append(group)
    for removed in ([evicted] if keep else [group]):
        if removed is not None:
            _remove(removed)


def _remove(group: Cgroup) -> None:
    if group.remove():
        for folder in group.folders.values():
            WATCHDOG.forget_cgroup(folder)
    # else the guardian removes it when this judge ends


def _forget_after_fork() -> None:
    # a forked child must not hand out its parent's cgroups: it makes its own
    global _lock
    _kept.clear()
    _lock = threading.Lock()


os.register_at_fork(after_in_child=_forget_after_fork)
