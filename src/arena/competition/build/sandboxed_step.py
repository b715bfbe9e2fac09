"""One build step (an unpacking, a compile) run to its end in the sandbox, its output kept.

The step runs under ``--sandbox isolate`` through the judge's own machinery
(judge/sandbox/confined_process.py): as an unprivileged uid of its own when the server
is root, with a memory limit, no network, the whole file system read-only but its folder (a fresh one
made for this step, its uid's to write: one_build.py takes out of it what it keeps), and
the paths the competition hides covered. Its stdout and stderr are kept together, in
the order they came, capped (head and tail, saying how much was cut), so a flood of
errors neither fills the server nor stalls it; a step that outlives its wall-time limit
is killed with everything it started.
"""

from __future__ import annotations

import os
import select
import time
from dataclasses import dataclass

from ...judge.capped_output import Capped
from ...judge.exit_reason import describe_exit
from ...judge.sandbox.confined_process import Confinement
from ...judge.sandbox.settings import Sandbox
from .tool_path import CLEAN_PATH

READ_BYTES = 65_536
DRAIN_AFTER_EXIT_S = 0.5
"""How long output is still read after the step's main process ended (a child may still hold the pipes)."""


@dataclass(frozen=True)
class StepOutcome:
    returncode: int | None  # None: killed at its time limit
    output: str
    seconds: float
    timed_out: bool
    out_of_memory: bool
    out_of_disk: bool = False  # it filled what it may write in its home and TMPDIR (Sandbox.disk_mb)
    disk_mb: int = 0

    @property
    def succeeded(self) -> bool:
        return self.returncode == 0 and not self.timed_out and not self.out_of_memory

    def verdict(self, what: str, time_limit_s: float, memory_mb: int) -> str:
        """One line saying how the step ended, for its log."""
        if self.timed_out:
            return f"{what} stopped: it took longer than its time limit of {time_limit_s:g} s"
        if self.out_of_memory:
            return f"{what} stopped: it exceeded its memory limit of {memory_mb} MB"
        if self.returncode == 0:
            return f"{what} succeeded in {self.seconds:.1f} s"
        assert self.returncode is not None  # None only when killed at its time limit: timed_out
        if self.out_of_disk:
            return (f"{what} failed: it filled the {self.disk_mb} MB it may write in its home and TMPDIR "
                    f"(it {describe_exit(self.returncode)} after {self.seconds:.1f} s)")
        return f"{what} failed: it {describe_exit(self.returncode)} after {self.seconds:.1f} s"


def run_confined(argv: list[str], folder: str, *, env: dict[str, str], hidden: tuple[str, ...],
                 time_limit_s: float, memory_mb: int, log_bytes: int) -> StepOutcome:
    """Run ``argv`` in ``folder`` (its own, and its working folder: a fresh folder made for this step,
    which it may write) confined, to its end or its time limit.

    ``env`` is added to its clean environment; PATH is CLEAN_PATH unless ``env`` says otherwise.
    """
    sandbox = Sandbox("isolate", memory_mb=memory_mb, hidden=hidden)
    command = ["env", "-C", folder, *argv]  # the step starts in its folder
    output = Capped(log_bytes)
    started = time.monotonic()
    confinement = Confinement(command, sandbox, {"PATH": CLEAN_PATH, **env}, folder=folder, work_folder=True)
    timed_out = out_of_memory = out_of_disk = False
    try:
        confinement.proc.stdin.close()
        timed_out = not _collect(confinement, output, started + time_limit_s)
        out_of_memory = confinement.out_of_memory()  # while its cgroup is still its own
        out_of_disk = confinement.out_of_disk()  # while its home is still its own
    finally:
        confinement.end()
        confinement.proc.stdout.close()
        confinement.proc.stderr.close()
    return StepOutcome(returncode=None if timed_out else confinement.proc.returncode, output=output.value(),
                       seconds=time.monotonic() - started, timed_out=timed_out, out_of_memory=out_of_memory,
                       out_of_disk=out_of_disk, disk_mb=sandbox.disk_mb)


def _collect(confinement: Confinement, output: Capped, deadline: float) -> bool:
    """Read stdout and stderr until both are closed, or the main process ended a moment ago;
    False if the deadline came first."""
    streams = {confinement.proc.stdout.fileno(), confinement.proc.stderr.fileno()}
    pidfd = os.pidfd_open(confinement.proc.waited)  # its init, in a PID namespace
    ended_at = None
    try:
        while streams:
            now = time.monotonic()
            if now >= deadline:
                return False
            if ended_at is not None and now - ended_at > DRAIN_AFTER_EXIT_S:
                return True  # something it started holds the pipes open: it ends with the step
            watched = list(streams) + ([pidfd] if ended_at is None else [])
            ready, _, _ = select.select(watched, [], [], min(deadline - now, DRAIN_AFTER_EXIT_S))
            for fd in ready:
                if fd == pidfd:
                    ended_at = time.monotonic()
                    continue
                chunk = os.read(fd, READ_BYTES)
                if chunk:
                    output.add(chunk)
                else:
                    streams.discard(fd)
        return _ended_by(confinement, deadline)
    finally:
        os.close(pidfd)


def _ended_by(confinement: Confinement, deadline: float) -> bool:
    """Both pipes closed: wait for the main process to end (without reaping it) until the deadline."""
    while True:
        info = os.waitid(os.P_PID, confinement.proc.waited, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        if info is not None:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
