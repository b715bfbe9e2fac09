"""A cgroup of its own for each program: memory and process limits, exact CPU time, a sure kill.

A memory limit on a cgroup counts the memory a program really uses, so a JVM or
a Go program, which reserve far more address space than they touch, still start
under it (RLIMIT_AS would stop them). cgroup v2 is used where its memory
controller can be enabled below the judge's own cgroup, else v1's memory, pids
and cpuacct hierarchies; where neither can be made (no rights, no controllers)
:func:`make_cgroup` returns None and the caller falls back to rlimits.

Everything here happens once per program start and end; during the game the
judge only re-reads one open CPU file per move.
"""

from __future__ import annotations

import itertools
import os
import signal
import time
from dataclasses import dataclass, field
from functools import lru_cache

V1_CONTROLLERS = ("memory", "pids", "cpuacct")
REMOVE_WAIT_S = 1.0
"""How long removal waits for killed processes to leave the cgroup."""

_names = itertools.count()


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


def _write(path: str, text: str) -> None:
    with open(path, "w") as handle:
        handle.write(text)


def _read(path: str) -> str:
    with open(path) as handle:
        return handle.read()


@dataclass
class Cgroup:
    """The cgroup folders of one program (one in v2, one per controller in v1)."""

    version: int
    folders: dict[str, str]  # controller ("" in v2) -> folder
    memory_limited: bool = False
    pids_limited: bool = False
    _cpu_fd: int | None = field(default=None, repr=False)

    @property
    def procs_files(self) -> list[str]:
        """The files a starting program writes its pid to, to join every folder."""
        return [os.path.join(folder, "cgroup.procs") for folder in self.folders.values()]

    def _file(self, controller: str, name: str) -> str:
        return os.path.join(self.folders["" if self.version == 2 else controller], name)

    @property
    def memory_kind(self) -> str | None:
        return f"cgroup-v{self.version}" if self.memory_limited else None

    # -- reading ---------------------------------------------------------

    def cpu_ns(self) -> int | None:
        """CPU time of every thread of every process that was ever in the cgroup, in ns."""
        try:
            if self._cpu_fd is None:
                name = "cpu.stat" if self.version == 2 else "cpuacct.usage"
                self._cpu_fd = os.open(self._file("cpuacct", name), os.O_RDONLY)
            text = os.pread(self._cpu_fd, 512, 0)
            if self.version == 1:
                return int(text)
            return int(text.split(b"\n", 1)[0].split()[1]) * 1000  # "usage_usec N" comes first
        except (OSError, ValueError, IndexError, KeyError):
            return None

    def peak_memory_bytes(self) -> int | None:
        name = "memory.peak" if self.version == 2 else "memory.max_usage_in_bytes"
        try:
            return int(_read(self._file("memory", name)))
        except (OSError, ValueError, KeyError):
            return None

    def oom_kills(self) -> int:
        """How many times the kernel killed a process of the cgroup for exceeding its memory."""
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        try:
            for line in _read(self._file("memory", name)).splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError, KeyError):
            pass
        return 0

    def pids(self) -> list[int]:
        try:
            return [int(pid) for pid in _read(self.procs_files[0]).split()]
        except (OSError, ValueError, IndexError):
            return []

    # -- the end ---------------------------------------------------------

    def kill_all(self) -> None:
        """SIGKILL every process in the cgroup, including any that left the process group."""
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    def remove(self) -> bool:
        """Remove the folders once their processes are gone; False if some could not be."""
        if self._cpu_fd is not None:
            os.close(self._cpu_fd)
            self._cpu_fd = None
        deadline = time.monotonic() + REMOVE_WAIT_S
        left = dict(self.folders)
        while left:
            for controller, folder in list(left.items()):
                try:
                    os.rmdir(folder)
                    del left[controller]
                except FileNotFoundError:
                    del left[controller]
                except OSError:
                    pass
            if left:
                if time.monotonic() > deadline:
                    return False
                self.kill_all()  # a fork that raced the first kill
                time.sleep(0.005)
        return True


def _v2_cgroup(memory_mb: int, max_tasks: int) -> Cgroup | None:
    mount = next((point for point, kind, _ in _mounts() if kind == "cgroup2"), None)
    if mount is None or "" not in _own_paths():
        return None
    parent = mount + _own_paths()[""]
    try:
        enabled = _read(os.path.join(parent, "cgroup.subtree_control")).split()
        if not {"memory", "pids"} <= set(enabled):
            # fails where the judge's own cgroup holds processes (v2 allows controllers
            # only on inner cgroups), or is not ours to change: then no v2 limits
            _write(os.path.join(parent, "cgroup.subtree_control"), "+memory +pids")
        folder = os.path.join(parent, f"arena-{os.getpid()}-{next(_names)}")
        os.mkdir(folder)
    except OSError:
        return None
    group = Cgroup(2, {"": folder})
    try:
        _write(os.path.join(folder, "memory.max"), str(memory_mb * 2**20))
        group.memory_limited = True
        _write(os.path.join(folder, "memory.swap.max"), "0")
    except OSError:
        pass
    try:
        _write(os.path.join(folder, "pids.max"), str(max_tasks))
        group.pids_limited = True
    except OSError:
        pass
    if not group.memory_limited:
        group.remove()
        return None
    return group


def _v1_cgroup(memory_mb: int, max_tasks: int) -> Cgroup | None:
    own = _own_paths()
    folders: dict[str, str] = {}
    name = f"arena-{os.getpid()}-{next(_names)}"
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
    group = Cgroup(1, folders)
    if "memory" in folders:
        limit = str(memory_mb * 2**20)
        try:
            _write(os.path.join(folders["memory"], "memory.limit_in_bytes"), limit)
            group.memory_limited = True
            _write(os.path.join(folders["memory"], "memory.memsw.limit_in_bytes"), limit)  # no swap either
        except OSError:
            pass
    if "pids" in folders:
        try:
            _write(os.path.join(folders["pids"], "pids.max"), str(max_tasks))
            group.pids_limited = True
        except OSError:
            pass
    if not group.memory_limited:
        group.remove()
        return None
    return group


def make_cgroup(memory_mb: int, max_tasks: int) -> Cgroup | None:
    """A new cgroup with these limits, or None where the machine allows none."""
    return _v2_cgroup(memory_mb, max_tasks) or _v1_cgroup(memory_mb, max_tasks)
