"""The judge's end of a program's init: pid 1 of the program's own namespaces.

The init is a small C program, arena-init (arena_init.c): the judge's child, pid 1 of PID, mount,
IPC and host-name namespaces made for one program (and a user namespace, for a judge not root),
whose /proc and private folders the judge's clone child mounted before its exec (private_mounts.h).
Inside, every orphan of the program goes to the init; nothing inside can see, signal or trace a
process outside; no System V object or POSIX queue it makes outlives the namespace; and when the
init ends, the kernel kills everything left in it. So:

- the judge stops the whole program, from its first move to its last, however it forks, by one
  word to the init ('S'), which sends SIGSTOP to every other process of the namespace at once
  (``kill(-1)``, atomic against a concurrent fork) and answers before it reaps anything ('A');
  'C' continues them all. (A program that its cgroup counts as one task the judge stops itself,
  confined_process.py.) Every answer is awaited ANSWER_DEADLINE_S at most: an init that does
  not answer is ended, its program with it (``silent``), and the judge goes on;
- where no cgroup counts its CPU time, the init does ('T'), from the namespace's own /proc;
  where no cgroup holds its memory, the init adds up what its processes hold, and ends it past
  its limit (``ended_by_memory``);
- nothing of it outlives the game: the judge kills the init; should the judge die, the
  init's parent-death signal, or the end of its control pipe, kills it.
"""

from __future__ import annotations

import os
import select
import signal
import struct
import time
from dataclasses import dataclass

from .spawn import INIT, NO_NAMESPACE, probe_namespace

ENDED = struct.Struct("qqqqq")
"""The init's last report (arena_init.c): the main process's wait status, the most memory its
processes held (KB), their CPU time where the init counted it (ns), why it ended, and what its /tmp
had left (KB)."""
ENDED_BY_MEMORY = 1
"""The init ended the program: its processes held more memory together than its limit."""

FULL_BELOW_KB = 64
"""A /tmp with less than this left at the program's end was filled: a write there failed (ENOSPC)."""

ANSWER_DEADLINE_S = 0.1
"""How long the judge waits for the init's answer to a stop ('A'): an init answers before it
reaps or looks further, within microseconds on a machine with a core to spare. One that does not
is ended, and its program with it (unless it is runnable, waiting for a core: then up to
STARVED_DEADLINE_S); the other program's clock is not running meanwhile."""
STARVED_DEADLINE_S = 1.0
"""The longest the judge waits for an init that is runnable but given no core (a loaded host):
an init that sleeps or is stopped past ANSWER_DEADLINE_S without answering is ended at once."""
COUNT_DEADLINE_S = 1.0
"""The longest the judge waits for the init's count of the CPU time ('T'): a look at every process
of the namespace, some milliseconds for thousands of them. On no program's clock."""

TICK_NS = 1e9 / os.sysconf("SC_CLK_TCK")

_usable: bool | None = None


def id_maps() -> tuple[bytes, bytes] | None:
    """The user namespace's maps for a judge not root: its own uid and gid, to themselves; None as root."""
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:
        return None  # root makes the namespaces as it is; the program's box uid makes a user namespace of its own
    return f"{uid} {uid} 1".encode(), f"{gid} {gid} 1".encode()


def usable() -> bool:
    """Can this judge hold programs in namespaces of their own? Asked of the kernel once."""
    global _usable
    if _usable is None:
        _usable = os.access(INIT, os.X_OK) and probe_namespace(id_maps()) == 0
    return _usable


def kind() -> str:
    """How a program's processes are held, for the record: "pid-namespace" (with a user namespace
    for a judge not root: "user+pid-namespace"), or "process-group" where the kernel allows none
    (only ``--sandbox none`` runs there)."""
    if not usable():
        return "process-group"
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
    peak_memory_bytes: int
    cpu_ns: int
    reason: int
    tmp_free_kb: int


class InitSilent(Exception):
    """The init did not answer within ANSWER_DEADLINE_S (it has been ended, and its program with it)."""


class Init:
    """A program's init, started (``pid``: the judge's child) with its pipes and its report pipe."""

    pipes = InitPipes

    def __init__(self, pid: int, pipes: InitPipes, report_fd: int, watching: bool) -> None:
        self.pid = pid
        self.watching = watching  # it counts the CPU time or adds up the memory of its processes while they run
        self._control = pipes.control_write
        self._ack = pipes.ack_read
        self._report = report_fd
        os.set_blocking(report_fd, False)
        self._answers = select.poll()
        self._answers.register(self._ack, select.POLLIN)
        self.ended: Ended | None = None
        self.silent = False  # it did not answer in time, and was ended
        self._stopping = False  # a stop asked for, its answer not yet read
        self._alone = False  # at its last stop, the judge stopped it itself (stopped_by_judge)
        self._cpu_ns = 0

    def program_pid(self) -> int:
        """The program's main process as the judge sees it: the init's first child (0: none left)."""
        try:
            with open(f"/proc/{self.pid}/task/{self.pid}/children", "rb") as children:
                return int(children.read().split()[0])
        except (OSError, ValueError, IndexError):
            return 0

    def _ask(self, word: bytes, answer_size: int, deadline_s: float) -> bytes | None:
        """Send ``word``, and read an answer of ``answer_size`` bytes within the deadline. None: the init
        has ended (and everything it held with it), or it was silent and is now ended (``silent``)."""
        if self.silent:
            return None
        try:
            os.write(self._control, word)
        except OSError:
            return None  # it has ended
        return self._answer(answer_size, deadline_s)

    def _answer(self, answer_size: int, deadline_s: float) -> bytes | None:
        try:
            answer = b""
            asked = time.monotonic()
            deadline = asked + deadline_s
            while len(answer) < answer_size:
                left = deadline - time.monotonic()
                if left <= 0 or not self._answers.poll(left * 1000):
                    if self._waiting_for_a_core() and time.monotonic() < asked + STARVED_DEADLINE_S:
                        deadline = asked + STARVED_DEADLINE_S  # the host's doing, or the other program's
                        continue
                    self.silent = True
                    os.kill(self.pid, signal.SIGKILL)  # the judge's child, not reaped yet: still its pid
                    return None
                got = os.read(self._ack, answer_size - len(answer))
                if not got:
                    return None  # it has ended, and with it everything it stopped
                answer += got
            return answer
        except OSError:
            return None  # it has ended

    def _waiting_for_a_core(self) -> bool:
        """Is the init runnable ("R"): about to answer, once the host gives it a core?"""
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as stat:
                return stat.read().rsplit(b")", 1)[1].split()[0] == b"R"
        except (OSError, IndexError):
            return False

    def begin_stop(self) -> None:
        """The word to stop them all sent; ``end_stop`` waits for the answer (the judge asks every
        other seat first, then awaits each answer, before it resumes the next)."""
        if self.silent:
            return
        try:
            os.write(self._control, b"S")
            self._stopping = True
        except OSError:
            pass  # it has ended

    def end_stop(self) -> None:
        if self._stopping:
            self._stopping = False
            self._alone = False
            self._answer(1, ANSWER_DEADLINE_S)

    def stopped_by_judge(self) -> None:
        """The judge has stopped the program itself, all of it (confined_process.py's _stop_alone): no
        answer to await, and the judge's SIGCONT to its group continues it all."""
        self._alone = True

    def continue_all(self) -> None:
        if self._alone:
            return  # the judge's own SIGCONT to its group has continued everything stopped
        try:
            os.write(self._control, b"C")  # no acknowledgement: nothing waits on it
        except OSError:
            pass

    def cpu_ns(self) -> int:
        """The CPU time of every process of the namespace so far, as the init counts it (where no
        cgroup does); once it has ended, its last count."""
        answer = self._ask(b"T", 8, COUNT_DEADLINE_S)
        if answer is not None:
            self._cpu_ns = max(self._cpu_ns, struct.unpack("q", answer)[0])
        ended = self._read_ended()
        if ended is not None:
            self._cpu_ns = max(self._cpu_ns, ended.cpu_ns)
        return self._cpu_ns

    def ended_by_memory(self) -> bool:
        ended = self._read_ended()
        return ended is not None and ended.reason == ENDED_BY_MEMORY

    def filled_tmp(self) -> bool:
        """Had the program, at its end, filled its /tmp (under ``limits`` and ``isolate``, its private
        tmpfs of ``--disk``, its home's too)?"""
        ended = self._read_ended()
        return ended is not None and 0 <= ended.tmp_free_kb < FULL_BELOW_KB

    def _read_ended(self) -> Ended | None:
        if self.ended is None:
            try:
                report = os.read(self._report, ENDED.size)
            except OSError:
                report = b""
            if len(report) == ENDED.size:
                status, peak_kb, cpu_ns, reason, tmp_free_kb = ENDED.unpack(report)
                self.ended = Ended(status, peak_kb * 1024, cpu_ns, reason, tmp_free_kb)
        return self.ended

    def reported_exit_code(self) -> int | None:
        """The main process's exit code as the init reported it (None: no report yet). The report comes
        as the main process ends, before the init has ended: the rest of its namespace may take a
        while to go (hundreds of MB of memory to give back on a loaded host)."""
        ended = self._read_ended()
        if ended is None:
            return None
        return -signal.SIGKILL if ended.reason == ENDED_BY_MEMORY else os.waitstatus_to_exitcode(ended.status)

    def exit_code(self, info: os.waitid_result) -> int:
        """The main process's exit code, once the init has ended (``info``: its waitid): its report's, or
        without one (killed at the judge's end of the game, or it could not set up) the init's own."""
        reported = self.reported_exit_code()
        if reported is not None:
            return reported
        return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status

    def exit_code_of(self, status: int) -> int:
        """The same from the init's own wait status, once reaped."""
        reported = self.reported_exit_code()
        return os.waitstatus_to_exitcode(status) if reported is None else reported

    def close(self) -> None:
        for fd in (self._control, self._ack, self._report):
            try:
                os.close(fd)
            except OSError:
                pass


__all__ = ["ANSWER_DEADLINE_S", "ENDED", "NO_NAMESPACE", "Init", "InitPipes", "InitSilent", "id_maps", "kind",
           "usable"]
