"""A cgroup of its own for each program: memory and process limits, exact CPU time, a sure kill.

A memory limit on a cgroup counts the memory a program really uses, so a JVM or
a Go program, which reserve far more address space than they touch, still start
under it (RLIMIT_AS would stop them). cgroup v2 is used where its memory
controller can be enabled, else v1's memory, pids and cpuacct hierarchies. Where neither can be
made (no rights, no controllers) :func:`make_cgroup` returns None and the program's init holds
its memory and counts its CPU time (pid_namespace.py).
"""

from __future__ import annotations

import itertools
import os
from functools import lru_cache

from .cgroup import Cgroup, read_text, write_text

V1_CONTROLLERS = ("memory", "pids", "cpuacct")

_names = itertools.count()


def _new_name() -> str:
    """A cgroup name of its own: the judge's pid, a count, and a random tail (pids are reused)."""
    return f"arena-{os.getpid()}-{next(_names)}-{os.urandom(3).hex()}"


@lru_cache(maxsize=None)
def _mounts() -> list[tuple[str, str, set[str]]]:
    """(mount point, type, options) of every cgroup file system."""
    found = []
    with open("/proc/self/mounts") as mounts:
        for line in mounts:
            _, point, kind, options, *_ = line.split()
            if kind in ("cgroup", "cgroup2"):
                found.append((point, kind, set(options.split(","))))
    return found


@lru_cache(maxsize=None)
def _own_paths() -> dict[str, str]:
    """This process's cgroup path per v1 controller, and under "" its v2 path."""
    paths = {}
    with open("/proc/self/cgroup") as own:
        for line in own:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            for controller in controllers.split(",") if controllers else [""]:
                paths[controller] = path
    return paths


_v2_parent: str | None = None  # the v2 cgroup under which programs' cgroups work, once found
_v2_tried = False


def _v2_parent_folder() -> str | None:
    """Where v2 cgroups with memory and pids can be made: under the judge's own cgroup if its
    controllers can be enabled there (v2 allows them only on cgroups without processes of
    their own), else under the root (as root). Looked for once per judge process."""
    global _v2_parent, _v2_tried
    if _v2_tried:
        return _v2_parent
    _v2_tried = True
    mount = next((point for point, kind, _ in _mounts() if kind == "cgroup2"), None)
    if mount is None or "" not in _own_paths():
        return None
    for path in dict.fromkeys([_own_paths()[""], "/"]):
        parent = os.path.normpath(mount + path)
        control = os.path.join(parent, "cgroup.subtree_control")
        try:
            if not {"memory", "pids"} <= set(read_text(control).split()):
                write_text(control, "+memory +pids")
            _v2_parent = parent
            return parent
        except OSError:
            continue
    return None


def _v2_cgroup(memory_mb: int, max_tasks: int) -> Cgroup | None:
    parent = _v2_parent_folder()
    if parent is None:
        return None
    folder = os.path.join(parent, _new_name())
    try:
        os.mkdir(folder)
    except OSError:
        return None
    group = Cgroup(2, {"": folder}, limits=(memory_mb, max_tasks))
    memory = (os.path.join(folder, "memory.max"), os.path.join(folder, "memory.swap.max"), "0")
    return _with_limits(group, memory_mb, memory, os.path.join(folder, "pids.max"), max_tasks)


def _v1_cgroup(memory_mb: int, max_tasks: int) -> Cgroup | None:
    own = _own_paths()
    folders: dict[str, str] = {}
    name = _new_name()
    for controller in V1_CONTROLLERS:
        mount = next((point for point, kind, options in _mounts() if kind == "cgroup" and controller in options),
                     None)
        if mount is None or controller not in own:
            continue
        folder = os.path.join(mount + own[controller], name)
        try:
            os.mkdir(folder)
            folders[controller] = folder
        except OSError:
            continue
    group = Cgroup(1, folders, limits=(memory_mb, max_tasks))
    memory = None
    if "memory" in folders:
        # memory and swap together limited to the same figure: no swap either
        memory = (os.path.join(folders["memory"], "memory.limit_in_bytes"),
                  os.path.join(folders["memory"], "memory.memsw.limit_in_bytes"), str(memory_mb * 2**20))
    pids = os.path.join(folders["pids"], "pids.max") if "pids" in folders else None
    return _with_limits(group, memory_mb, memory, pids, max_tasks)


def _with_limits(group: Cgroup, memory_mb: int, memory: tuple[str, str, str] | None, pids: str | None,
                 max_tasks: int) -> Cgroup | None:
    """Write a new group's limits, the same way in either cgroup version.

    ``memory`` is (the memory limit's file, the swap limit's file, the swap figure);
    ``pids`` the task limit's file. A group whose memory cannot be limited is no use:
    it is removed and None returned.
    """
    if memory is not None:
        limit_file, swap_file, swap_value = memory
        try:
            write_text(limit_file, str(memory_mb * 2**20))
            group.memory_limited = True
            write_text(swap_file, swap_value)
        except OSError:
            pass
    if pids is not None:
        try:
            write_text(pids, str(max_tasks))
            group.pids_limited = True
        except OSError:
            pass
    if not group.memory_limited:
        group.remove()
        return None
    return group


def make_cgroup(memory_mb: int, max_tasks: int) -> Cgroup | None:
    """A new cgroup with these limits, or None where the machine allows none."""
    try:
        return _v2_cgroup(memory_mb, max_tasks) or _v1_cgroup(memory_mb, max_tasks)
    except (OSError, ValueError):
        return None  # no /proc to read, or a layout not understood: no cgroup
