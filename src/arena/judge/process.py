"""One contestant program as a child process: spawn, timed line I/O, suspend, kill.

The program runs in namespaces of its own under arena's init (pid_namespace.py; a process group
where the kernel allows none, which only ``--sandbox none`` runs in), and in a cgroup of its own
where one can be made, so that suspending it between its turns (all of it, by its init) and killing
it reach every process it started, and nothing outlives the game (confined_process.py starts it in
its sandbox, holds it still between its turns, and ends it). Its stdout and stderr are read through
non-blocking file descriptors in one ``select`` loop: whatever the program floods, the judge never
blocks on it, and stderr is drained while the program runs.
"""

from __future__ import annotations

import os
import select
import signal
import time

from .capped_output import Capped
from .child import CANNOT_CONFINE
from .pid_namespace import ANSWER_DEADLINE_S
from .exit_reason import REFUSED_TO_START, SHELL_CANNOT_RUN, describe_exit, refusal_to_start
from .fair_clock import own_wait_ns
from .record_types import Verdict
from .sandbox.confined_process import Confinement
from .sandbox.settings import Sandbox

PIPE_READ_BYTES = 65_536
"""The most one read of a program's output takes: a pipe's whole default capacity."""

MAX_LINE_BYTES = 65_536
"""A reply line longer than this is a format fault (a program writing without newlines)."""

EXIT_WAIT_S = 0.2
"""How long to wait, after a program closed its output, for its exit status."""


STDERR_QUIET_S = 0.005
"""For this long at the start of every wait for a reply, the judge waits on the reply alone:
a program that logs a line on stderr at every move then costs no extra wake-up of the
judge per move. What it logs meanwhile waits in its pipe (64 KB) and is read with the reply."""

AWAKE_WAIT_S = 0.0002
"""How long the judge waits awake, polling, for the reply of a program that replies quickly
(QUICK_REPLY_S) before it sleeps: on a virtual machine, waking the judge's sleeping CPU
for a reply costs about 50 µs, as much as everything else the judge does for a move."""

QUICK_REPLY_S = 0.001
"""A program whose last reply came within this is waited for awake first (AWAKE_WAIT_S). It is
wider than that wait, so that a reply once delayed (and its wake-up, which counts in it) does
not end the waiting awake for the rest of the game. A program that thinks for longer is
waited for asleep: it loses no CPU to the judge."""

CONTINUE_AGAIN_S = 0.05
"""While a program thinks, how often it is sent SIGCONT again. A stop and a continue that
both reach a process group while one of its processes is forking can both be handed to
the new child, where the stop wins: the child would stay stopped through its program's
turn (seen with pyenv's shims, which fork as a program starts). Only the group's signals
race so: a process continued by its pid, or by its init, needs no such care."""


class ProgramFault(Exception):
    """A program misbehaved at the process level: ``verdict`` is the judge's word for it."""

    def __init__(self, verdict: Verdict, reason: str) -> None:
        super().__init__(reason)
        self.verdict = verdict
        self.reason = reason


def _open_pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None  # older kernels: exit is polled instead


def _poll_for(fds: list[int]) -> select.poll:
    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN)
    return poller


class Program:
    """A running program that the judge talks to one line at a time.

    ``command`` is a shell command (a string) or an argument list (run without a shell);
    ``sandbox`` says how it is confined (the default: ``limits``); ``folder`` is its own folder,
    which it reads whole (None: it has none; PlayerSpec.folder says how a player's is decided).
    """

    def __init__(self, command: str | list[str], stderr_limit: int = 10_000,
                 env: dict[str, str] | None = None, sandbox: Sandbox | None = None,
                 folder: str | None = None) -> None:
        self.command = command
        self.confinement = Confinement(command, sandbox or Sandbox(), env, folder=folder)
        self.proc = self.confinement.proc
        self.pgid = self.proc.pid
        self._stdin = self.proc.stdin.fileno()
        self._stdout = self.proc.stdout.fileno()
        self._stderr = self.proc.stderr.fileno()
        for fd in (self._stdin, self._stdout, self._stderr):
            os.set_blocking(fd, False)
        self._pending = bytearray()  # stdout bytes read past the last complete line
        # readable once the main process ends (None: no pidfds); in a namespace, its init, which ends with it
        self._pidfd = _open_pidfd(self.proc.waited)
        ended = [] if self._pidfd is None else [self._pidfd]
        self._reply_poll = _poll_for([self._stdout, *ended])  # the quiet start of a wait (STDERR_QUIET_S)
        self._any_poll = _poll_for([self._stdout, self._stderr, *ended])
        self._stderr_open = True
        self.stderr = Capped(stderr_limit)
        self.suspended = False
        self._stopping = False  # begin_suspend done, end_suspend not yet
        self.closed = False
        self._cpu_seen = 0  # the program's CPU time (ns) at the previous reading
        self._replies_quickly = False  # its last reply came within QUICK_REPLY_S
        self._replied = False  # it has written a line (_take_line): its /proc status now says something of its size
        self.idle_wake_wait_ns = 0  # the judge's waits for a core in wake-ups with no reply: not spared it

    # -- process control -------------------------------------------------

    def _signal_group(self, sig: int) -> None:
        self.confinement.signal_group(sig)

    def suspend(self) -> None:
        self.begin_suspend()
        self.end_suspend()

    def begin_suspend(self) -> None:
        """Stopping asked for; ``end_suspend`` returns once it is known stopped (a bounded wait)."""
        if not self.suspended and not self.closed:
            self.confinement.begin_suspend()
            self.suspended = True
            self._stopping = True

    def end_suspend(self) -> None:
        if self._stopping:
            self._stopping = False
            self.confinement.end_suspend()

    def resume(self) -> None:
        if self.suspended and not self.closed:
            self.confinement.resume()
            self.suspended = False

    def cpu_seconds_since_last_call(self) -> float:
        """CPU time the whole program (every thread, every process) used since the previous call.

        The judge calls it once after every move: the program is suspended
        between moves, so that is the move's CPU time. With a cgroup it is one
        re-read of an open file; without, its init's count (pid_namespace.py).
        """
        total, used = self._cpu_ns_since_mark()
        self._cpu_seen = total
        return used / 1e9

    def cpu_seconds_unread(self) -> float:
        """CPU time used since the previous ``cpu_seconds_since_last_call``, leaving that mark
        where it is (a look at a move still under way)."""
        return self._cpu_ns_since_mark()[1] / 1e9

    def _cpu_ns_since_mark(self) -> tuple[int, int]:
        """Its CPU time so far and since the mark, in ns (0 since it: gone, or a child's time moving to
        its parent's account in whole ticks)."""
        total = self.confinement.cpu_ns()
        if total is None or total <= self._cpu_seen:
            return self._cpu_seen, 0
        return total, total - self._cpu_seen

    def run_queue_ns(self) -> int:
        """How long its main process's threads have waited for a core since it started (fair_clock.py)."""
        return 0 if self.closed else self.confinement.run_queue_ns()

    def _exit_status(self, wait_s: float) -> int | None:
        """The exit code once the main process has ended (waiting up to ``wait_s``),
        without reaping it.

        Not reaping keeps the process group id valid so that ``close`` can still
        kill whatever the program left behind.
        """
        deadline = time.monotonic() + wait_s
        while True:
            try:
                status = self.proc.status()
            except ChildProcessError:
                return self.proc.returncode
            if status is not None:
                return status
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self._drain_stderr()
            if self._pidfd is not None:
                # the pidfd turns readable when the process ends: no polling delay
                watched = [self._pidfd] + ([self._stderr] if self._stderr_open else [])
                select.select(watched, [], [], remaining)
            else:
                time.sleep(min(0.002, remaining))

    # -- I/O -------------------------------------------------------------

    def send(self, line: str) -> None:
        """Write one line. A program that has gone away is a fault."""
        if self.confinement.silent_init:  # ended: whatever of it the kernel has not yet killed says nothing more
            raise self._gone_fault("could not be stopped")
        # its peak memory while it surely lives: after a last line such as Quit it may
        # exit and be gone from /proc before the judge looks (seen on a loaded machine).
        # Not before its first line: just after its start the status shows a few pages of the
        # loader (0.0 MB in a record, for a program that then grew and died unseen).
        if self._replied:
            self.confinement.note_peak_memory()
        data = (line + "\n").encode()
        try:
            written = os.write(self._stdin, data)
        except BlockingIOError:
            written = 0
        except (BrokenPipeError, OSError):
            raise self._gone_fault("stopped reading its input") from None
        if written < len(data):
            # A full pipe means the program has not read earlier lines for a long time.
            raise ProgramFault("timeout", "does not read its input (its input pipe is full)")

    def _drain_stderr(self) -> None:
        while self._stderr_open:
            try:
                chunk = os.read(self._stderr, PIPE_READ_BYTES)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._stderr_open = False
                self._any_poll.unregister(self._stderr)  # its end would wake every poll
                return
            self.stderr.add(chunk)
            if len(chunk) < PIPE_READ_BYTES:
                return  # the pipe is empty: no need of a read to be told so

    def _take_line(self) -> str | None:
        pending = self._pending
        end = pending.find(b"\n")
        if end < 0:
            if len(pending) > MAX_LINE_BYTES:
                raise ProgramFault("format", f"wrote more than {MAX_LINE_BYTES} bytes without a newline")
            return None
        raw = bytes(pending[:end])
        del pending[: end + 1]
        self._replied = True
        if raw.endswith(b"\r"):
            raw = raw[:-1]  # a CRLF line end is a line end, not part of the move
        if len(raw) > MAX_LINE_BYTES:
            # one read may bring a whole over-long line, newline and all: the limit holds all the same
            raise ProgramFault("format", f"wrote a line of {len(raw)} bytes, more than {MAX_LINE_BYTES}")
        try:
            return raw.decode()
        except UnicodeDecodeError:
            raise ProgramFault("format", f"wrote a line that is not valid UTF-8: {raw[:60]!r}") from None

    def read_line(self, timeout_s: float) -> str | None:
        """The next line the program writes, or None if none came within ``timeout_s``.

        Raises :class:`ProgramFault` when the program closes its output or dies, also
        when a process it started still holds its output open.
        """
        if self.confinement.silent_init:
            raise self._gone_fault("could not be stopped")
        if self._pending:
            line = self._take_line()
            if line is not None:
                return line
        start = now = time.monotonic()
        deadline, quiet_until, continue_at = now + timeout_s, now + STDERR_QUIET_S, now + CONTINUE_AGAIN_S
        stdout, pidfd = self._stdout, self._pidfd
        events = []
        if self._replies_quickly:
            events = self._poll_awake(min(deadline, now + AWAKE_WAIT_S))
            now = time.monotonic()
        while True:
            if not events:  # nothing to handle yet (or nothing came while polling awake): wait asleep
                remaining = deadline - now
                if remaining <= 0:
                    return None
                poll, until = (self._reply_poll, quiet_until) if now < quiet_until else (self._any_poll, continue_at)
                waited_before = own_wait_ns()
                events = poll.poll(min(remaining, until - now) * 1000)
                if not any(fd in (stdout, pidfd) for fd, _ in events):  # woken for something else
                    self.idle_wake_wait_ns += own_wait_ns() - waited_before
            now = time.monotonic()
            if now >= continue_at and not self.suspended:
                self._signal_group(signal.SIGCONT)  # no part of it stays stopped on its turn
                continue_at = now + CONTINUE_AGAIN_S
            has_output = ended = False
            for fd, _ in events:
                if fd == stdout:
                    has_output = True
                elif fd == pidfd:
                    ended = True
                else:
                    self._drain_stderr()
            if has_output or ended:
                line = self._read_stdout(until_empty=not has_output)
                if line is not None:
                    self._drain_stderr()  # what it logged while it thought, kept in order with the moves
                    self._replies_quickly = now - start < QUICK_REPLY_S
                    return line
                if not has_output:
                    raise self._gone_fault("ended")  # what it wrote is read: no reply is coming
            events = []

    def _poll_awake(self, until: float) -> list[tuple[int, int]]:
        """Poll for the reply without sleeping until ``until`` (see AWAKE_WAIT_S); [] if none came."""
        while True:
            events = self._reply_poll.poll(0)
            if events or time.monotonic() >= until:
                return events

    def _read_stdout(self, until_empty: bool) -> str | None:
        """Read what stdout holds (all of it if ``until_empty``); the next complete line, if any."""
        while True:
            try:
                chunk = os.read(self._stdout, PIPE_READ_BYTES)
            except BlockingIOError:
                return self._take_line()
            except OSError:
                chunk = b""
            if not chunk:
                raise self._gone_fault("closed its output")
            self._pending += chunk
            line = self._take_line()
            if line is not None or not until_empty:
                return line

    def partial_line(self) -> str:
        """What the program has written since its last complete line (a reply missing its newline)."""
        return self._pending.decode(errors="replace")

    def _gone_fault(self, what: str) -> ProgramFault:
        status = self._exit_status(EXIT_WAIT_S)
        if self.confinement.silent_init:
            return ProgramFault("crash", f"could not be stopped: its init did not answer within "
                                         f"{ANSWER_DEADLINE_S * 1000:.0f} ms (its processes were ended)")
        if status is None:
            return ProgramFault("exit", f"{what} before the game ended")
        if status == 0:
            return ProgramFault("exit", "exited (code 0) before the game ended")
        if self.confinement.out_of_memory():
            return ProgramFault("memory", f"exceeded its memory limit of {self.confinement.sandbox.memory_limit_mb} MB "
                                          f"({describe_exit(status)})")
        if self.confinement.out_of_disk():
            return ProgramFault("disk", f"filled the {self.confinement.sandbox.disk_mb} MB it may write in its home "
                                        f"and TMPDIR (--disk) ({describe_exit(status)})")
        if status in (*SHELL_CANNOT_RUN, CANNOT_CONFINE):
            self._drain_stderr()
            message = refusal_to_start(status, self.stderr.value())
            if message:
                return ProgramFault("crash", f"{REFUSED_TO_START}{message} ({describe_exit(status)})")
        return ProgramFault("crash", describe_exit(status))

    def exit_status_within(self, wait_s: float) -> int | None:
        """The exit code if the program ends within ``wait_s`` (it is not reaped), else None."""
        return self._exit_status(wait_s)

    # -- the end ---------------------------------------------------------

    def let_finish(self) -> None:
        """Resume the program and close its input: a well-behaved program now ends."""
        if not self.closed:
            self.confinement.note_peak_memory()  # the last moment it surely lives, without a cgroup
        self.resume()
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    def close(self, grace_s: float = 0.0) -> None:
        """Let the program finish for up to ``grace_s``, then kill its whole group and reap it."""
        if self.closed:
            return
        self.let_finish()
        if grace_s > 0:
            self._exit_status(grace_s)
        self.confinement.end()
        self._drain_stderr()
        self.proc.stdout.close()
        self.proc.stderr.close()
        if self._pidfd is not None:
            os.close(self._pidfd)
        self.closed = True

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode

    @property
    def peak_memory_mb(self) -> float | None:
        """The program's peak memory, known once it is closed (None: unknown)."""
        peak = self.confinement.peak_memory_bytes
        return None if peak is None else round(peak / 2**20, 1)
