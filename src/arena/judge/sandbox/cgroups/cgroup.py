"""A program's cgroup: its CPU time, peak memory and out-of-memory kills; freeze, thaw; kill all; remove.

Made by cgroups/setup.py, once per program start; during the game the judge only
re-reads one open CPU file per move, and one open count of its tasks at each
suspension (suspension.py), freezing the cgroup only when it holds more than one
process. A task frozen by the v1 freezer cannot die, even of SIGKILL, until it is
thawed: every way of killing a cgroup's processes here thaws it after the kill.
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
FREEZE_WAIT_S = 0.05
"""How long a freeze waits for every task to be frozen (they are within a millisecond). A task
that takes longer, asleep in the kernel (a slow disk), freezes as it wakes: the judge goes on."""


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
    _tasks_fd: int | None = field(default=None, repr=False)  # pids.current, kept open
    _freezable: bool | None = field(default=None, repr=False)  # known after the first look
    _oom_base: int = 0  # out-of-memory kills of earlier programs, when reused
    _keeps_peak: bool | None = field(default=None, repr=False)  # known after the first look
    _procs_file: str | None = field(default=None, repr=False)  # the first folder's cgroup.procs
    _listed: list[int] = field(default_factory=list, repr=False)  # its processes, as last read

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
        self.thaw()  # the next program must not start frozen
        self._oom_base = self._oom_count()
        return True

    def pids(self) -> list[int]:
        try:
            if self._procs_file is None:  # asked at every suspension of a program of many processes
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

    def outside_group(self, pgid: int) -> bool:
        """Does the cgroup hold a process outside process group ``pgid`` (one that called
        ``setsid()`` or ``setpgid()``), which a signal to the group misses?

        Asked at every suspension, so first the cheap question (more_than_one_process);
        then each process's group (``isolate``'s bwrap, its init and the program share the
        program's group: a SIGSTOP to it holds them all, no freezing needed).
        """
        if not self.more_than_one_process():
            return False
        for pid in self._listed:  # what more_than_one_process just read: not read twice per suspension
            try:
                if os.getpgid(pid) != pgid:
                    return True
            except ProcessLookupError:
                continue  # gone meanwhile
        return False

    def more_than_one_process(self) -> bool:
        """Does the cgroup hold more than one process (threads of one process are one)?

        Asked at every suspension, so first the cheap question: ``pids.current``, read
        from a file kept open (about 1 µs), counts tasks, threads included; only where it
        says more than one is ``cgroup.procs`` read. That one is opened afresh: v1 keeps
        the list an open ``cgroup.procs`` gave for as long as it is re-read within a
        second, so a kept-open one would not see a new process.
        """
        if self.pids_limited:
            try:
                if self._tasks_fd is None:
                    self._tasks_fd = os.open(self._file("pids", "pids.current"), os.O_RDONLY)
                if int(os.pread(self._tasks_fd, 32, 0)) <= 1:
                    return False
            except (OSError, ValueError):
                pass  # ask cgroup.procs
        self._listed = self.pids()
        return len(self._listed) > 1

    # -- freezing (suspension.py) -----------------------------------------

    @property
    def freezable(self) -> bool:
        """Can it be frozen: v1 with a freezer folder, v2 with ``cgroup.freeze`` (kernel 5.2)?"""
        if self._freezable is None:
            if self.version == 1:
                self._freezable = "freezer" in self.folders
            else:
                self._freezable = os.path.exists(self._file("", "cgroup.freeze"))
        return self._freezable

    def freeze(self) -> bool:
        """Freeze every task of the cgroup and wait until they are (FREEZE_WAIT_S at most);
        False if it cannot be frozen (gone)."""
        if self.version == 1:
            control, value = self._file("freezer", "freezer.state"), "FROZEN"
            state, frozen = control, "FROZEN"
        else:
            control, value = self._file("", "cgroup.freeze"), "1"
            state, frozen = self._file("", "cgroup.events"), "frozen 1"
        deadline = time.monotonic() + FREEZE_WAIT_S
        try:
            write_text(control, value)
            # tasks already stopped freeze at once, running ones as they next enter the kernel
            while frozen not in read_text(state) and time.monotonic() < deadline:
                time.sleep(0.0001)
        except OSError:
            return False
        return True

    def thaw(self) -> None:
        """Let the cgroup's tasks run again (and die, if they were killed while frozen)."""
        if not self.freezable:
            return
        try:
            if self.version == 1:
                write_text(self._file("freezer", "freezer.state"), "THAWED")
            else:
                write_text(self._file("", "cgroup.freeze"), "0")
        except OSError:
            pass  # removed already

    # -- the end ---------------------------------------------------------

    def kill_all(self) -> list[int]:
        """SIGKILL every process in the cgroup, including any that left the process group,
        then thaw it: a frozen task dies only once thawed (killed first, it runs no more code).
        Returns the processes killed."""
        pids = self.pids()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        self.thaw()
        return pids

    def close(self) -> None:
        """Close the files kept open (the next reader opens them again)."""
        for name in ("_cpu_fd", "_tasks_fd"):
            fd = getattr(self, name)
            if fd is not None:
                os.close(fd)
                setattr(self, name, None)

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
