"""One program's process from start to reaping: its sandbox, its cgroup, its guardian.

:class:`Program` (process.py) talks to the program; this is what it runs in.
Wherever the kernel allows it (and ``limits`` and ``isolate`` run nowhere else), the program
runs in namespaces of its own under arena's init (pid_namespace.py): everything it starts stays
in them, orphans included; the init stops all of it between its turns, counts its CPU time and
holds its memory where no cgroup does; and the init's end kills it all. At the end of its game the
judge kills the init, and that is all it takes; should the judge die, so does the init. A cgroup
is used wherever one can be made (cgroup.py): the kernel's own count of its memory and CPU time.
Only ``--sandbox none`` runs where no namespace can be made: then its process group is stopped
and killed, and the guardian told of it (guardian_client.py).
"""

from __future__ import annotations

import os
import resource
import signal

from .uid_box.box import Box
from .cgroups.pool import give_back, take_cgroup
from .cgroups.cgroup import Cgroup
from ..child import ChildProcess
from .errors import SandboxError
from .settings import MAX_TASKS, Sandbox, launch
from .. import pid_namespace
from ..fair_clock import ProcessWait
from .guardian_client import WATCHDOG


class Confinement:
    """A started program's process (``proc``, a ChildProcess with piped stdin/stdout/stderr)."""

    def __init__(self, command: str | list[str], sandbox: Sandbox, env: dict[str, str] | None,
                 folder: str | None = None, work_folder: bool = False) -> None:
        """``env``: what the judge adds to the program's clean environment (a built-in player's settings);
        ``folder``: its own folder (None: none); ``work_folder``: that folder is a fresh one made for this
        run, its to write (a build step, uid_box/box.py)."""
        sandbox.check_available()
        self.in_namespace = pid_namespace.usable()
        if sandbox.limited and not self.in_namespace:
            raise SandboxError(
                f"--sandbox {sandbox.mode} needs namespaces of its own for each program, which this kernel "
                "refuses here (user namespaces turned off, or a container without them; see "
                "docs/sandbox.md); --sandbox none runs programs with your rights, their memory, processes "
                "and files unlimited")
        self.sandbox = sandbox
        # a forked child's ru_maxrss starts from the judge's own peak size (kept across exec):
        # below this, the figure from wait4 says nothing about the program
        self._judge_rss_bytes = _own_peak_rss_bytes()
        # registered with the guardian before the program exists: no window to escape
        self.cgroup: Cgroup | None = take_cgroup(sandbox.memory_limit_mb, MAX_TASKS) if sandbox.limited else None
        self.box: Box | None = None
        try:
            self.box = Box(command, sandbox.limited, sandbox.hidden, env, sandbox.env,
                           isolated=sandbox.mode == "isolate", folder=folder, work_folder=work_folder)
            box = self.box
            # in a session of its own: its own process group
            self.proc = ChildProcess(launch(command, sandbox, self.cgroup, uid=box.uid, folder=box.folder,
                                            home=box.home, command_files=box.needed,
                                            view=box.view, folder_writable=box.folder_writable,
                                            namespace=self.in_namespace), box.env)
            if not self.in_namespace:
                WATCHDOG.watch_group(self.proc.pid)  # at once: a judge's death only stops it
        except BaseException:
            if self.box is not None:
                self.box.close()
            if self.cgroup is not None:
                give_back(self.cgroup)
            raise
        self.pid = self.proc.pid
        self.init = self.proc.init
        self.peak_memory_bytes: int | None = None
        self._status: PeakMemory | None = None  # where no cgroup keeps the peak: its /proc status, kept open
        self._stat_fd: int | None = None  # without a namespace nor a cgroup: its main process's /proc stat
        self._run_queue: ProcessWait | None = None
        self.ended = False

    @property
    def memory_limit(self) -> str | None:
        """How memory is limited: "cgroup-v1", "cgroup-v2", "namespace-sum" (its init adds up what its
        processes hold), or None (not at all)."""
        if not self.sandbox.limited:
            return None
        if self.cgroup is not None and self.cgroup.memory_kind is not None:
            return self.cgroup.memory_kind
        return "namespace-sum"

    @property
    def silent_init(self) -> bool:
        """Its init did not answer the judge in time, and was ended with everything of it."""
        return self.init is not None and self.init.silent

    def cpu_ns(self) -> int | None:
        """CPU time of the whole program so far: all its threads and processes (None: unknown)."""
        if self.cgroup is not None:
            used = self.cgroup.cpu_ns()
            if used is not None:
                return used
        if self.init is not None:
            return self.init.cpu_ns()
        return self._main_process_cpu_ns()

    def _main_process_cpu_ns(self) -> int | None:
        """Without a namespace (``none`` only): its main process and the children it waited for."""
        try:
            if self._stat_fd is None:
                self._stat_fd = os.open(f"/proc/{self.pid}/stat", os.O_RDONLY)
            stat = os.pread(self._stat_fd, 4096, 0)
            fields = stat[stat.rindex(b")") + 2:].split()
            return round(sum(int(value) for value in fields[11:15]) * pid_namespace.TICK_NS)
        except (OSError, ValueError):
            return None

    def out_of_memory(self) -> bool:
        """Did the kernel (its cgroup), or its init, end a process of the program for its memory?"""
        if self.cgroup is not None and self.cgroup.oom_kills() > 0:
            return True
        return self.init is not None and self.init.ended_by_memory()

    def out_of_disk(self) -> bool:
        """Had the program, when it ended, filled what it may write in its home and /tmp (one tmpfs of
        disk_mb in its mount namespace, its init says)?"""
        return self.sandbox.limited and self.init is not None and self.init.filled_tmp()

    def begin_suspend(self) -> None:
        """Held still between its turns, all of it, from its first move to its last: its init told to stop
        every other process of its namespace ('S', pid_namespace.py), with no heuristic of when it is
        "more than one process" (a program its cgroup counts as one task is stopped by the judge itself,
        _stop_alone). Without a namespace (``none`` where the kernel allows none), its process
        group stopped, and nothing more promised."""
        if self.init is None:
            self.signal_group(signal.SIGSTOP)
        elif self._stop_alone():
            self.init.stopped_by_judge()
        else:
            self.init.begin_stop()

    def _stop_alone(self) -> bool:
        """SIGSTOP sent by the judge to the program's process group, known to be all of it: its cgroup
        holds one task, its main process, once the signal is sent. A process or thread made before is
        counted there (a process that left the group with setsid() too); one being made meanwhile gets
        the group's stop as it is born (the kernel hands a group's signal to a fork under way, and a
        new thread joins its group's stop). The init is not woken: about 20 µs a move. Only where the
        init watches nothing while the program runs (a cgroup holds its memory and counts its CPU
        time): else it must know when it runs. False: the init is asked ('S')."""
        assert self.init is not None
        if self.init.watching or self.cgroup is None:
            return False
        self.signal_group(signal.SIGSTOP)  # harmless where it is not all of it: the init stops the rest
        return self.cgroup.task_count() == 1

    def end_suspend(self) -> None:
        """Known stopped whole (or ended) once this returns: the init's answer, awaited with a deadline."""
        if self.init is not None:
            self.init.end_stop()

    def resume(self) -> None:
        # its main process group first, straight from the judge (no wake-up of the init on the way to
        # its reply), then every other process of its namespace by its init
        self.signal_group(signal.SIGCONT)
        if self.init is not None:
            self.init.continue_all()

    def signal_group(self, sig: int) -> None:
        try:
            os.killpg(self.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass  # the whole group is gone already

    def note_peak_memory(self) -> None:
        """Keep the program's peak resident size while it is still alive (once per game:
        without a cgroup it is known only while the process lives)."""
        if self.cgroup is not None and self.cgroup.keeps_peak_memory():
            return  # the peak of all its processes, read from the cgroup at the end
        if self._status is None:
            try:
                self._status = PeakMemory(self._program_process())
            except OSError:
                return  # gone already: the reaped process's rusage says what it can
        peak = self._status.bytes()
        if peak is not None:
            self.peak_memory_bytes = max(peak, self.peak_memory_bytes or 0)

    def run_queue_ns(self) -> int:
        """How long the threads of the program's main process have waited for a core since it
        started, in ns (fair_clock.py). Looked up at its first reply, by when it surely runs under
        bubblewrap."""
        if self._run_queue is None:
            self._run_queue = ProcessWait(self._program_process())
        return self._run_queue.ns()

    def _program_process(self) -> int:
        """The program's own process: its main process, or under ``isolate`` the one bubblewrap runs
        (bwrap, then bwrap again as its namespace's init, then the program): bwrap's size is not its."""
        pid = self.pid
        if self.sandbox.mode != "isolate":
            return pid
        for _ in range(2):
            try:
                with open(f"/proc/{pid}/stat", "rb") as stat:
                    if b"(bwrap)" not in stat.read(64):
                        break
                with open(f"/proc/{pid}/task/{pid}/children", "rb") as children:
                    pid = int(children.read().split()[0])
            except (OSError, ValueError, IndexError):
                break  # not started yet, or gone: the last one found
        return pid

    def end(self) -> None:
        """Kill everything of the program, reap its main process (or its init), clean up."""
        if self.ended:
            return
        self.ended = True
        self.note_peak_memory()
        if self.init is not None:
            self._end_namespace()
            return
        self.signal_group(signal.SIGKILL)
        try:
            _, status, usage = os.wait4(self.pid, 0)
            self.proc.returncode = os.waitstatus_to_exitcode(status)
            if self.peak_memory_bytes is None and usage.ru_maxrss * 1024 > self._judge_rss_bytes:
                self.peak_memory_bytes = usage.ru_maxrss * 1024  # the largest of it and its reaped children
        except ChildProcessError:
            self.proc.wait()
        self._release()

    def _end_namespace(self) -> None:
        """Its init killed: the kernel kills everything in its namespace, and the init is reaped once
        they are all gone. What ended before keeps its own status (the init's report)."""
        init = self.init
        assert init is not None  # called only for a program in a namespace of its own
        try:
            os.kill(init.pid, signal.SIGKILL)  # the judge's child, not reaped yet: its pid is still its own
        except ProcessLookupError:
            pass
        if self.cgroup is not None:
            self.cgroup.kill_all()  # nothing should be left there
        try:
            _, status, _ = os.wait4(init.pid, 0)
            self.proc.returncode = init.exit_code_of(status)
            # the most its processes held (the init's report): the program's own, never a copy of the judge's size
            if init.ended is not None and init.ended.peak_memory_bytes > 0:
                self.peak_memory_bytes = max(init.ended.peak_memory_bytes, self.peak_memory_bytes or 0)
        except ChildProcessError:
            self.proc.wait()
        self._release()

    def _release(self) -> None:
        """What the judge held for it, once its processes are all gone."""
        if self._status is not None:
            self._status.close()
        if self._stat_fd is not None:
            os.close(self._stat_fd)
            self._stat_fd = None
        if self._run_queue is not None:
            self._run_queue.close()
        if not self.in_namespace:
            WATCHDOG.forget_group(self.pid)
        if self.init is not None:
            self.init.close()
        if self.cgroup is not None:
            self.peak_memory_bytes = self.cgroup.peak_memory_bytes() or self.peak_memory_bytes
            self.cgroup.close()
            give_back(self.cgroup)
        if self.box is not None:
            self.box.close()  # its uid and what it was given go back


def _own_peak_rss_bytes() -> int:
    """The judge's own peak resident size so far: a forked child's mm copies its high-water mark."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


class PeakMemory:
    """A live process's peak resident size (VmHWM), from its ``/proc/PID/status`` kept open.

    Read before every line the judge sends once the program has written one, so kept open:
    about 8 µs a read against 21 µs opening it each time, and it can only ever describe this
    process, never a later one that reuses its pid.
    """

    def __init__(self, pid: int) -> None:
        self._fd = os.open(f"/proc/{pid}/status", os.O_RDONLY)

    def bytes(self) -> int | None:
        """None once the process has ended or is ending."""
        try:
            status = os.pread(self._fd, 8192, 0)
            start = status.index(b"\nVmHWM:") + 7
            # 0 kB: a process on its way out has let its memory go; it says nothing of its peak
            return int(status[start:status.index(b"kB", start)]) * 1024 or None
        except (OSError, ValueError):
            return None

    def close(self) -> None:
        os.close(self._fd)
