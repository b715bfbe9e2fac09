"""A program started by the compiled spawner (spawn.pyx): its pid and its three pipes.

It offers what the judge used of ``subprocess.Popen``: ``pid``, ``stdin``, ``stdout``,
``stderr`` (unbuffered binary files), ``returncode`` and ``wait()``.
"""

from __future__ import annotations

import os
import signal
import struct
from dataclasses import dataclass, field
from typing import BinaryIO

from .spawn import CANNOT_CONFINE, STEPS, spawn

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
    bind: tuple[str, str] | None = None  # (source, target): a folder bound over another in its own mount namespace


class ChildProcess:
    """A started program. Its main process is the judge's child until ``wait`` reaps it."""

    def __init__(self, launch: Launch, env: dict[str, str] | None) -> None:
        ends = [os.pipe() for _ in range(3)]  # stdin, stdout, stderr: (read, write) each
        report_read, report_write = os.pipe()
        child_ends = (ends[0][0], ends[1][1], ends[2][1])
        try:
            environment = None if env is None else [f"{k}={v}".encode() for k, v in env.items()]
            self.pid = spawn([os.fsencode(arg) for arg in launch.argv], environment,
                             [os.fsencode(path) for path in launch.joins], launch.limits,
                             launch.parent_death_signal if launch.die_with_parent else 0, launch.uid, *child_ends, report_write,
                             no_new_privs=launch.no_new_privs,
                             bind=None if launch.bind is None else tuple(os.fsencode(p) for p in launch.bind))
        except BaseException:
            for fd in (*(fd for pair in ends for fd in pair), report_read, report_write):
                os.close(fd)
            raise
        os.close(report_write)
        report = os.read(report_read, REPORT.size)  # vfork returned: the child has exec'd or failed
        os.close(report_read)
        if len(report) == REPORT.size:
            step, error = REPORT.unpack(report)
            # its stderr tells why, as a shell's would have; the exit code (125 or 127) tells the judge
            failed = "" if STEPS.get(step) == "exec" else f"could not {STEPS.get(step, step)}: "
            os.write(ends[2][1], f"{SPAWNER_SAYS}{launch.argv[0]}: {failed}{os.strerror(error)}\n".encode())
        for fd in child_ends:
            os.close(fd)
        self.stdin: BinaryIO = os.fdopen(ends[0][1], "wb", buffering=0)
        self.stdout: BinaryIO = os.fdopen(ends[1][0], "rb", buffering=0)
        self.stderr: BinaryIO = os.fdopen(ends[2][0], "rb", buffering=0)
        self.returncode: int | None = None

    def wait(self) -> int:
        if self.returncode is None:
            try:
                _, status = os.waitpid(self.pid, 0)
                self.returncode = os.waitstatus_to_exitcode(status)
            except ChildProcessError:
                self.returncode = 0  # reaped elsewhere: its status is lost (as Popen.wait says)
        return self.returncode


__all__ = ["CANNOT_CONFINE", "SPAWNER_SAYS", "ChildProcess", "Launch"]
