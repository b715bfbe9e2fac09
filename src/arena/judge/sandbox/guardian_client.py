"""The judge's side of the guardian (guardian_daemon.py): start it once, tell it what to kill.

Every judge process (``arena play``, each tournament worker, the web viewer)
starts one guardian, at its first program. Each program's process group and
cgroup are registered with it when the program starts and unregistered once it
is reaped, so that a judge killed by SIGKILL, which runs no cleanup of its own,
still leaves nothing behind. Writes are a few bytes to a pipe, once per program;
they do not wake the guardian, which only the pipe's end wakes.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path

GUARDIAN = str(Path(__file__).with_name("guardian_daemon.py"))
F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031)
PIPE_BYTES = 2**20


class Watchdog:
    """One guardian process and the pipe to it. Thread-safe (games may run in threads)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._guardian: subprocess.Popen | None = None

    def _pipe(self):
        if self._guardian is None or self._guardian.poll() is not None:
            self._guardian = subprocess.Popen(
                [sys.executable, "-S", GUARDIAN],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,  # holds none of the judge's pipes open after it ends
                start_new_session=True,  # out of reach of the terminal's Ctrl-C and of killpg
                bufsize=0,
            )
            assert self._guardian.stdin is not None  # stdin=PIPE
            try:  # room for the lines the guardian reads only every two seconds
                fcntl.fcntl(self._guardian.stdin.fileno(), F_SETPIPE_SZ, PIPE_BYTES)
            except OSError:
                pass  # 64 KB then: still hundreds of programs
        return self._guardian.stdin

    def _tell(self, line: str) -> None:
        with self._lock:
            try:
                self._pipe().write(line.encode() + b"\n")
            except OSError:
                # the guardian died (someone killed it): start another at the next program
                self._guardian = None

    def watch_group(self, pgid: int) -> None:
        self._tell(f"+g {pgid}")

    def forget_group(self, pgid: int) -> None:
        self._tell(f"-g {pgid}")

    def watch_cgroup(self, folder: str) -> None:
        self._tell(f"+c {folder}")

    def forget_cgroup(self, folder: str) -> None:
        self._tell(f"-c {folder}")

    def _forget_after_fork(self) -> None:
        # A forked child holds a copy of the write end, which would keep the parent's
        # guardian from ever seeing end-of-file: close it; the child starts its own.
        self._lock = threading.Lock()
        if self._guardian is not None:
            assert self._guardian.stdin is not None  # started with stdin=PIPE
            try:
                self._guardian.stdin.close()
            except OSError:
                pass
            self._guardian = None


WATCHDOG = Watchdog()
os.register_at_fork(after_in_child=WATCHDOG._forget_after_fork)
