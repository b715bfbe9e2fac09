"""One contestant program as a child process: spawn, timed line I/O, suspend, kill.

The program runs in a process group of its own so that suspending it
(SIGSTOP/SIGCONT) and killing it reach every process it started, and nothing
outlives the game. Its stdout and stderr are read through non-blocking file
descriptors in one ``select`` loop: whatever the program floods, the judge never
blocks on it, and stderr is drained while the program runs.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass

MAX_LINE_BYTES = 65_536
"""A reply line longer than this is a format fault (a program writing without newlines)."""

EXIT_WAIT_S = 0.2
"""How long to wait, after a program closed its output, for its exit status."""


SHELL = shutil.which("bash")

SHELL_CANNOT_RUN = (126, 127)
"""The shell's exit codes for a command it cannot execute (126) or cannot find (127)."""


class ProgramFault(Exception):
    """A program misbehaved at the process level: ``verdict`` is the judge's word for it."""

    def __init__(self, verdict: str, reason: str) -> None:
        super().__init__(reason)
        self.verdict = verdict
        self.reason = reason


@dataclass
class Capped:
    """Text kept up to a limit: its beginning and its end; what is cut between is counted.

    The end is kept because that is where a crashing program says why (a traceback,
    an assertion), however much it logged before.
    """

    limit: int
    head: str = ""
    tail: str = ""
    total: int = 0

    def add(self, data: str) -> None:
        self.total += len(data)
        room = self.limit - self.limit // 2 - len(self.head)
        self.head += data[:room]
        rest = data[room:]
        if rest:
            self.tail = (self.tail + rest)[-(self.limit // 2):]

    def value(self) -> str:
        dropped = self.total - len(self.head) - len(self.tail)
        if dropped:
            return f"{self.head}\n[... {dropped} characters not kept ...]\n{self.tail}"
        return self.head + self.tail


def last_line(text: str) -> str:
    """The last non-blank line of ``text`` (the shell's message for a command it cannot run)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def describe_exit(returncode: int) -> str:
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"killed by {name}"
    if returncode - 128 in {s.value for s in signal.Signals}:
        # a shell that ran the program as its child reports a signal as 128 + N
        return f"exited with code {returncode} (a shell's report of {signal.Signals(returncode - 128).name})"
    return f"exited with code {returncode}"


class Program:
    """A running program that the judge talks to one line at a time.

    ``command`` is a shell command (a string) or an argument list (run without a shell).
    """

    def __init__(self, command: str | list[str], stderr_limit: int = 10_000,
                 env: dict[str, str] | None = None) -> None:
        self.command = command
        self.proc = subprocess.Popen(
            command,
            shell=isinstance(command, str),
            # bash replaces itself with a simple command, so the program is our direct child
            executable=SHELL if isinstance(command, str) else None,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, for SIGSTOP/SIGKILL of all of it
            bufsize=0,
            env=None if env is None else {**os.environ, **env},
        )
        self.pgid = self.proc.pid
        self._stdin = self.proc.stdin.fileno()
        self._stdout = self.proc.stdout.fileno()
        self._stderr = self.proc.stderr.fileno()
        for fd in (self._stdin, self._stdout, self._stderr):
            os.set_blocking(fd, False)
        self._pending = bytearray()  # stdout bytes read past the last complete line
        self._stdout_open = True
        self._stderr_open = True
        self.stderr = Capped(stderr_limit)
        self.suspended = False
        self.closed = False
        self._cpu_seen = 0.0  # schedstat's total at the previous cpu reading
        try:
            self._schedstat: int | None = os.open(f"/proc/{self.proc.pid}/schedstat", os.O_RDONLY)
        except OSError:
            self._schedstat = None  # not Linux, or no schedstat: CPU times read as 0
        try:
            self._pidfd: int | None = os.pidfd_open(self.proc.pid)
        except (AttributeError, OSError):
            self._pidfd = None  # older kernels: exit is polled instead

    # -- process control -------------------------------------------------

    def _signal_group(self, sig: int) -> None:
        try:
            os.killpg(self.pgid, sig)
        except (ProcessLookupError, PermissionError):
            pass  # the whole group is gone already

    def suspend(self) -> None:
        if not self.suspended and not self.closed:
            self._signal_group(signal.SIGSTOP)
            self.suspended = True

    def resume(self) -> None:
        if self.suspended and not self.closed:
            self._signal_group(signal.SIGCONT)
            self.suspended = False

    def cpu_seconds_since_last_call(self) -> float:
        """CPU time the program's main process used since the previous call.

        The judge calls it once after every move: the program is suspended
        between moves, so that is the move's CPU time, at one read per move.
        Read from /proc/PID/schedstat (nanoseconds) rather than /proc/PID/stat,
        whose 10 ms ticks are too coarse for a single move; the file is kept
        open and re-read in place. Processes the program spawned itself are
        not counted.
        """
        if self._schedstat is None:
            return 0.0
        try:
            total = int(os.pread(self._schedstat, 64, 0).split()[0]) / 1e9
        except (OSError, ValueError, IndexError):
            return 0.0
        used, self._cpu_seen = total - self._cpu_seen, total
        return used

    def _exit_status(self, wait_s: float) -> int | None:
        """The exit code once the main process has ended (waiting up to ``wait_s``),
        without reaping it.

        Not reaping keeps the process group id valid so that ``close`` can still
        kill whatever the program left behind.
        """
        deadline = time.monotonic() + wait_s
        while True:
            try:
                info = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return self.proc.returncode
            if info is not None:
                if info.si_code == os.CLD_EXITED:
                    return info.si_status
                return -info.si_status
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
                chunk = os.read(self._stderr, 65_536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._stderr_open = False
                return
            self.stderr.add(chunk.decode(errors="replace"))

    def _take_line(self) -> str | None:
        end = self._pending.find(b"\n")
        if end < 0:
            if len(self._pending) > MAX_LINE_BYTES:
                raise ProgramFault("format", f"wrote more than {MAX_LINE_BYTES} bytes without a newline")
            return None
        raw = bytes(self._pending[:end])
        del self._pending[: end + 1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]  # a CRLF line end is a line end, not part of the move
        try:
            return raw.decode()
        except UnicodeDecodeError:
            raise ProgramFault("format", f"wrote a line that is not valid UTF-8: {raw[:60]!r}") from None

    def read_line(self, timeout_s: float) -> str | None:
        """The next line the program writes, or None if none came within ``timeout_s``.

        Raises :class:`ProgramFault` when the program closes its output or dies.
        """
        line = self._take_line()
        if line is not None:
            return line
        deadline = time.monotonic() + timeout_s
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            watched = [self._stdout] + ([self._stderr] if self._stderr_open else [])
            ready, _, _ = select.select(watched, [], [], remaining)
            if self._stderr in ready:
                self._drain_stderr()
            if self._stdout in ready:
                try:
                    chunk = os.read(self._stdout, 65_536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self._stdout_open = False
                    raise self._gone_fault("closed its output")
                self._pending += chunk
                line = self._take_line()
                if line is not None:
                    return line

    def partial_line(self) -> str:
        """What the program has written since its last complete line (a reply missing its newline)."""
        return self._pending.decode(errors="replace")

    def _gone_fault(self, what: str) -> ProgramFault:
        status = self._exit_status(EXIT_WAIT_S)
        if status is None:
            return ProgramFault("exit", f"{what} before the game ended")
        if status == 0:
            return ProgramFault("exit", "exited (code 0) before the game ended")
        if status in SHELL_CANNOT_RUN and isinstance(self.command, str):
            self._drain_stderr()
            message = last_line(self.stderr.value())
            if message.startswith((f"{SHELL}:", "bash:")):  # the shell's own words, not the program's
                return ProgramFault("crash", f"could not start: {message} ({describe_exit(status)})")
        return ProgramFault("crash", describe_exit(status))

    def exit_status_within(self, wait_s: float) -> int | None:
        """The exit code if the program ends within ``wait_s`` (it is not reaped), else None."""
        return self._exit_status(wait_s)

    # -- the end ---------------------------------------------------------

    def let_finish(self) -> None:
        """Resume the program and close its input: a well-behaved program now ends."""
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
        self._signal_group(signal.SIGKILL)
        self.proc.wait()
        self._drain_stderr()
        self.proc.stdout.close()
        self.proc.stderr.close()
        for fd in (self._schedstat, self._pidfd):
            if fd is not None:
                os.close(fd)
        self.closed = True

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode
