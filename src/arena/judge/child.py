"""A program started by the compiled spawner (spawn.pyx): its pid and its three pipes.

It offers what the judge used of ``subprocess.Popen``: ``pid``, ``stdin``, ``stdout``,
``stderr`` (unbuffered binary files), ``returncode`` and ``wait()``, and ``status()``, its
exit code once it has ended, without reaping it.

In a PID namespace of its own (``Launch.namespace``), the judge's child is the program's
init (pid_namespace.py), not the program: ``pid`` is still the program's main process
(the judge's pid for it), ``waited`` the process the judge reaps, and the exit status the
init's report of the main process's.
"""

from __future__ import annotations

import os
import signal
import struct
from dataclasses import dataclass, field
from typing import BinaryIO

from .pid_namespace import Init, id_maps
from .spawn import CANNOT_CONFINE, NO_NAMESPACE, STEPS, spawn

SPAWNER_SAYS = "arena: "
"""How a line the spawner writes on a program's stderr begins (like a shell's ``bash: ``)."""

REPORT = struct.Struct("ii")
"""The child's failure report: the step that failed and its errno."""


@dataclass
class Launch:
    """How to start a program: what it runs, and what confines it before it runs."""

    argv: list[str]
    joins: list[str] = field(default_factory=list)  # the files it writes "0" to, to join its cgroup
    limits: list[tuple[int, int]] = field(default_factory=list)  # (resource.RLIMIT_*, value)
    die_with_parent: bool = False  # sent parent_death_signal by the kernel when the judge's thread ends
    parent_death_signal: int = signal.SIGKILL
    uid: int = -1  # the unprivileged user (and group) it runs as; -1: the judge's own
    no_new_privs: bool = False  # PR_SET_NO_NEW_PRIVS: no setuid file or file capability raises its privileges
    namespace: bool = False  # in namespaces of its own, under arena's init (pid_namespace.py)
    mounts: list[str] = field(default_factory=list)  # what its mount namespace shows it (private_mounts.h)
    memory_kb: int = 0  # what its init holds its processes to together (0: not the init's to hold)
    tally: bool = False  # its init counts its CPU time (no cgroup does)
    own_userns: bool = False  # a user namespace of its own uid's, inside the init's (a root judge's box uid)
    refuse_shared_memory: bool = False  # no shared anonymous memory, System V shm, memfd (spawn.pyx)


class ChildProcess:
    """A started program. Its main process (or its init) is the judge's child until ``wait`` reaps it."""

    def __init__(self, launch: Launch, env: dict[str, str] | None) -> None:
        ends = [os.pipe() for _ in range(3)]  # stdin, stdout, stderr: (read, write) each
        report_read, report_write = os.pipe()
        child_ends = (ends[0][0], ends[1][1], ends[2][1])
        init_ends = Init.pipes() if launch.namespace else None
        try:
            environment = None if env is None else [f"{k}={v}".encode() for k, v in env.items()]
            self.waited = spawn([os.fsencode(arg) for arg in launch.argv], environment,
                                [os.fsencode(path) for path in launch.joins], launch.limits,
                                launch.parent_death_signal if launch.die_with_parent else 0, launch.uid, *child_ends,
                                report_write, no_new_privs=launch.no_new_privs,
                                namespace=None if init_ends is None else (
                                    id_maps(), *init_ends.init_side, [os.fsencode(word) for word in launch.mounts],
                                    launch.memory_kb, launch.tally, launch.own_userns),
                                refuse_shared_memory=launch.refuse_shared_memory)
        except BaseException:
            for fd in (*(fd for pair in ends for fd in pair), report_read, report_write):
                os.close(fd)
            if init_ends is not None:
                init_ends.close()
            raise
        os.close(report_write)
        self.pid = self.waited
        self.init: Init | None = None
        failure = None
        started = False
        while True:  # vfork returned: the child has exec'd or failed (and, in a namespace, the init says so)
            report = os.read(report_read, REPORT.size)
            if len(report) < REPORT.size:
                break
            step, value = REPORT.unpack(report)
            if step != -1:
                failure = (step, value)
            else:
                started = True
                break
        if init_ends is not None:
            init_ends.started()
            self.init = Init(self.waited, init_ends, report_read, watching=launch.tally or launch.memory_kb > 0)
            if started:  # the program's pid; none: it ended before the judge looked
                self.pid = self.init.program_pid() or self.waited
        else:
            os.close(report_read)
        if failure is not None:
            step, error = failure
            # its stderr tells why, as a shell's would have; the exit code (125 or 127) tells the judge
            failed = "" if STEPS.get(step) == "exec" else f"could not {STEPS.get(step, step)}: "
            os.write(ends[2][1], f"{SPAWNER_SAYS}{launch.argv[0]}: {failed}{os.strerror(error)}\n".encode())
        for fd in child_ends:
            os.close(fd)
        self.stdin: BinaryIO = os.fdopen(ends[0][1], "wb", buffering=0)
        self.stdout: BinaryIO = os.fdopen(ends[1][0], "rb", buffering=0)
        self.stderr: BinaryIO = os.fdopen(ends[2][0], "rb", buffering=0)
        self.returncode: int | None = None

    def status(self) -> int | None:
        """The exit code once the main process has ended, else None; nothing is reaped (the
        process group, or the namespace, stays the judge's to kill until ``wait``)."""
        if self.returncode is not None:
            return self.returncode
        if self.init is not None and (reported := self.init.reported_exit_code()) is not None:
            return reported  # its init still ending the rest of its namespace
        info = os.waitid(os.P_PID, self.waited, os.WEXITED | os.WNOHANG | os.WNOWAIT)  # ChildProcessError: reaped
        if info is None:
            return None
        if self.init is not None:
            return self.init.exit_code(info)
        return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status

    def wait(self) -> int:
        if self.returncode is None:
            try:
                _, status = os.waitpid(self.waited, 0)
                self.returncode = os.waitstatus_to_exitcode(status)
                if self.init is not None:
                    self.returncode = self.init.exit_code_of(status)
            except ChildProcessError:
                self.returncode = 0  # reaped elsewhere: its status is lost (as Popen.wait says)
        return self.returncode


__all__ = ["CANNOT_CONFINE", "NO_NAMESPACE", "SPAWNER_SAYS", "ChildProcess", "Launch"]
