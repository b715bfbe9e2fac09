"""A program's cgroup: its CPU time, peak memory and out-of-memory kills; kill all; remove.

Made by cgroups/setup.py, once per program start; during the game the judge only re-reads one
open CPU file per move. Nothing freezes it: the program's init stops all of it between its turns
(confined_process.py).
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass, field

LEFTOVER_BYTES = 2 * 2**20
"""A cgroup still charged with more than this (files its program wrote) is not reused."""
REMOVE_WAIT_S = 1.0
"""How long removal waits for killed processes to leave the cgroup."""
EMPTY_POLL_S = 0.0002
"""How often a cgroup is looked at while its killed processes leave it: under ``isolate`` the
namespace's init, handed to the host's init when bwrap dies, leaves within about a millisecond."""


def write_text(path: str, text: str) -> None:
    """Write a cgroup control file (plain os calls: a few times cheaper than open())."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def read_text(path: str) -> str:
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = []
        while chunk := os.read(fd, 65_536):
            chunks.append(chunk)
        return b"".join(chunks).decode()
    finally:
        os.close(fd)


@dataclass
class Cgroup:
    """The cgroup folders of one program (one in v2, one per controller in v1)."""

    version: int
    folders: dict[str, str]  # controller ("" in v2) -> folder
    memory_limited: bool = False
    pids_limited: bool = False
    limits: tuple[int, int] = (0, 0)  # (memory MB, tasks) as made
    _cpu_fd: int | None = field(default=None, repr=False)
    _oom_base: int = 0  # out-of-memory kills of earlier programs, when reused
    _keeps_peak: bool | None = field(default=None, repr=False)  # known after the first look
    _procs_file: str | None = field(default=None, repr=False)  # the first folder's cgroup.procs
    _tasks_fd: int | None = field(default=None, repr=False)  # pids.current, kept open

    @property
    def procs_files(self) -> list[str]:
        """The files that list the group's processes, one per folder."""
        return [os.path.join(folder, "cgroup.procs") for folder in self.folders.values()]

    @property
    def join_files(self) -> list[str]:
        """The files a starting program, still a single thread, writes "0" to, to join every folder.

        In v1 that is ``tasks``, which moves the writing thread alone: a move that takes the
        kernel's global lock on every thread group (``cgroup.procs``) waits for an RCU grace
        period, 5 to 20 ms, unless another took it a moment before. v2 has only ``cgroup.procs``.
        """
        name = "tasks" if self.version == 1 else "cgroup.procs"
        return [os.path.join(folder, name) for folder in self.folders.values()]

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

    def task_count(self) -> int | None:
        """The processes and threads in the cgroup now (its pids controller's count; None: no such count)."""
        try:
            if self._tasks_fd is None:
                self._tasks_fd = os.open(self._file("pids", "pids.current"), os.O_RDONLY)
            return int(os.pread(self._tasks_fd, 32, 0))
        except (OSError, ValueError, KeyError):
            return None

    @property
    def _peak_file(self) -> str:
        return self._file("memory", "memory.peak" if self.version == 2 else "memory.max_usage_in_bytes")

    def keeps_peak_memory(self) -> bool:
        """Does the cgroup keep its peak memory (v2 kernels before 5.19 have no memory.peak)?"""
        if self._keeps_peak is None:
            try:
                self._keeps_peak = self.memory_limited and os.path.exists(self._peak_file)
            except KeyError:
                self._keeps_peak = False
        return self._keeps_peak

    def peak_memory_bytes(self) -> int | None:
        try:
            return int(read_text(self._peak_file))
        except (OSError, ValueError, KeyError):
            return None

    def oom_kills(self) -> int:
        """How many times the kernel killed a process of the cgroup for exceeding its memory."""
        return self._oom_count() - self._oom_base

    def _oom_count(self) -> int:
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        try:
            for line in read_text(self._file("memory", name)).splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError, KeyError):
            pass
        return 0

    def reset(self) -> bool:
        """Make an empty v1 cgroup as good as new for the next program (False: it cannot be)."""
        if self.version != 1 or self.pids():
            return False
        try:
            memory = self.folders["memory"]
            if int(read_text(os.path.join(memory, "memory.usage_in_bytes"))) > LEFTOVER_BYTES:
                return False  # its page cache would count in the next program's peak
            write_text(os.path.join(memory, "memory.max_usage_in_bytes"), "0")
            write_text(self._file("cpuacct", "cpuacct.usage"), "0")
        except (OSError, KeyError, ValueError):
            return False
        self._oom_base = self._oom_count()
        return True

    def pids(self) -> list[int]:
        try:
            if self._procs_file is None:
                self._procs_file = self.procs_files[0]
            return [int(pid) for pid in read_text(self._procs_file).split()]
        except (OSError, ValueError, IndexError):
            return []

    def wait_empty(self, timeout_s: float = REMOVE_WAIT_S) -> bool:
        """Wait until every killed process has left the cgroup (killing again what a racing fork
        started); False if some are still there after ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        while self.pids():
            if time.monotonic() > deadline:
                return False
            self.kill_all()
            time.sleep(EMPTY_POLL_S)
        return True

    # -- the end ---------------------------------------------------------

    def kill_all(self) -> list[int]:
        """SIGKILL every process in the cgroup, including any that left the process group.
        Returns the processes killed."""
        pids = self.pids()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return pids

    def close(self) -> None:
        """Close the files kept open (the next reader opens them again)."""
        for fd in (self._cpu_fd, self._tasks_fd):
            if fd is not None:
                os.close(fd)
        self._cpu_fd = self._tasks_fd = None

    def remove(self) -> bool:
        """Remove the folders once their processes are gone; False if some could not be."""
        self.close()
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
