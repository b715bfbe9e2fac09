"""The judge's end of a program's init: the first process of the program's own PID namespace.

The init is a small C program, arena-init (arena_init.c, confine.h): the judge's child, pid 1 of
a namespace made for one program. Inside it every orphan of the program goes to the init, not to the judge or
to the system's init; nothing inside can see, signal or trace a process outside; and when
the init ends, the kernel kills everything left in it. So, without walking /proc:

- the judge stops the whole program, however it forks, by one word to the init ('S'),
  which sends SIGSTOP to every other process of the namespace at once (``kill(-1)``, which
  the kernel makes atomic against a concurrent fork) and says when it has ('A');
  'C' continues them all;
- the program's CPU time is its init's children's: those reaped (``cutime``, ``cstime``
  of the init) and those alive, all held still when it is read;
- nothing of it outlives the game: the judge kills the init; should the judge die, the
  init's parent-death signal, or the end of its control pipe, kills it.

A judge not root makes the namespace inside a user namespace of its own, where it is its
own user and group and nothing more (``id_maps``): the kernel allows that where
unprivileged user namespaces are (``usable`` asks it once).
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass

from .spawn import INIT, NO_NAMESPACE, probe_namespace

ENDED = struct.Struct("qq")
"""The init's last report: the main process's wait status, and the largest resident size of every
process it reaped (KB). (Their CPU time is read from the init's /proc stat as the game goes.)"""

TICK_NS = 1e9 / os.sysconf("SC_CLK_TCK")

_usable: bool | None = None


def id_maps() -> tuple[bytes, bytes] | None:
    """The user namespace's maps for a judge not root: its own uid and gid, to themselves; None as root."""
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:
        return None  # root makes the PID namespace as it is, and the program's own uid stays real
    return f"{uid} {uid} 1".encode(), f"{gid} {gid} 1".encode()


def usable() -> bool:
    """Can this judge start programs in PID namespaces of their own? Asked of the kernel once."""
    global _usable
    if _usable is None:
        # arena-init is built at install beside the spawner: an install without it (a copy of the
        # sources without a build) falls back to the process tree, as a kernel without namespaces
        _usable = os.access(INIT, os.X_OK) and probe_namespace(id_maps()) == 0
    return _usable


def kind() -> str:
    """How a program's processes are held, for the record: "pid-namespace" (with a user namespace
    for a judge not root: "user+pid-namespace"), or "process-tree" where the kernel allows neither."""
    if not usable():
        return "process-tree"
    return "pid-namespace" if os.geteuid() == 0 else "user+pid-namespace"


class InitPipes:
    """The control pipe (judge -> init) and the acknowledgement pipe (init -> judge)."""

    def __init__(self) -> None:
        self.control_read, self.control_write = os.pipe()
        self.ack_read, self.ack_write = os.pipe()

    @property
    def init_side(self) -> tuple[int, int]:
        return self.control_read, self.ack_write

    def started(self) -> None:
        """The init holds its ends: the judge's copies go, so that each end sees the other's death."""
        os.close(self.control_read)
        os.close(self.ack_write)

    def close(self) -> None:
        for fd in (self.control_read, self.control_write, self.ack_read, self.ack_write):
            try:
                os.close(fd)
            except OSError:
                pass


@dataclass
class Ended:
    status: int  # the main process's wait status
    peak_rss_bytes: int


class Init:
    """A program's init, started (``pid``: the judge's child) with its pipes and its report pipe."""

    pipes = InitPipes

    def __init__(self, pid: int, pipes: InitPipes, report_fd: int) -> None:
        self.pid = pid
        self._control = pipes.control_write
        self._ack = pipes.ack_read
        self._report = report_fd
        os.set_blocking(report_fd, False)
        self.ended: Ended | None = None
        self._ran = b""  # the init's own run time when its children's CPU was last read
        self._reaped_ns = 0
        try:  # the init's children: one, the main process, until the program has orphaned something
            self._children_fd: int | None = os.open(f"/proc/{pid}/task/{pid}/children", os.O_RDONLY)
            self._stat_fd: int | None = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
            self._schedstat_fd: int | None = os.open(f"/proc/{pid}/schedstat", os.O_RDONLY)
        except OSError:
            self._children_fd = self._stat_fd = self._schedstat_fd = None  # it has ended already

    def children(self) -> list[int]:
        """The init's live children (the judge's pids for them): the main process, and every orphan."""
        if self._children_fd is None:
            return []
        try:
            return [int(pid) for pid in os.pread(self._children_fd, 65536, 0).split()]
        except (OSError, ValueError):
            return []

    def has_orphans(self) -> bool:
        """More than the main process under the init: a process the program orphaned."""
        if self._children_fd is None:
            return False
        try:
            return len(os.pread(self._children_fd, 64, 0).split()) > 1
        except OSError:
            return False

    def stop_all(self) -> None:
        """Every process of the namespace stopped (SIGSTOP sent to each) when this returns."""
        try:
            os.write(self._control, b"S")
            os.read(self._ack, 1)  # b"": the init has ended, and with it everything it stopped
        except OSError:
            pass  # the init has ended

    def continue_all(self) -> None:
        try:
            os.write(self._control, b"C")  # no acknowledgement: nothing waits on it
        except OSError:
            pass

    def reaped_cpu_ns(self) -> int:
        """The CPU time of every process the init has reaped (its cutime and cstime).

        Read again only once the init has run since the last reading (its schedstat, about a
        third of the cost of its stat, read at every move): it runs only to reap, or at the judge's word.
        """
        if self._stat_fd is None or self._schedstat_fd is None:  # both opened, or both closed
            return self._reaped_ns
        try:
            ran = os.pread(self._schedstat_fd, 64, 0)
            if ran != self._ran:
                self._ran = ran
                stat = os.pread(self._stat_fd, 4096, 0)
                fields = stat[stat.rindex(b")") + 2:].split()
                self._reaped_ns = round((int(fields[13]) + int(fields[14])) * TICK_NS)
        except (OSError, ValueError, IndexError):
            pass
        return self._reaped_ns

    def _read_ended(self) -> Ended | None:
        if self.ended is None:
            try:
                report = os.read(self._report, ENDED.size)
            except OSError:
                report = b""
            if len(report) == ENDED.size:
                status, peak_kb = ENDED.unpack(report)
                self.ended = Ended(status, peak_kb * 1024)
        return self.ended

    def exit_code(self, info: os.waitid_result) -> int:
        """The main process's exit code, told by the init, which has ended (``info``: its waitid)."""
        ended = self._read_ended()
        if ended is not None:
            return os.waitstatus_to_exitcode(ended.status)
        # ended without a report: killed (the judge's end of the game), or it could not set up
        return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status

    def exit_code_of(self, status: int) -> int:
        """The same from the init's own wait status, once reaped."""
        ended = self._read_ended()
        return os.waitstatus_to_exitcode(ended.status if ended is not None else status)

    def close(self) -> None:
        for fd in (self._control, self._ack, self._report, self._children_fd, self._stat_fd, self._schedstat_fd):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._children_fd = self._stat_fd = self._schedstat_fd = None


__all__ = ["ENDED", "NO_NAMESPACE", "Init", "InitPipes", "id_maps", "kind", "usable"]
