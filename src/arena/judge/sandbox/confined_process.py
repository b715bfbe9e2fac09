"""One program's process from start to reaping: its sandbox, its cgroup, its guardian.

:class:`Program` (process.py) talks to the program; this is what it runs in.
The program is started in a process group of its own, inside its sandbox
(settings.py), in a cgroup of its own where one can be made (cgroup.py), and
registered with the guardian (guardian_client.py), so that nothing of it outlives the
judge. Between its turns it is suspended whole (suspension.py).

Wherever the kernel allows it, the program runs in a PID namespace of its own under
arena's init (pid_namespace.py): everything it starts stays in the namespace, orphans
included, and the init's end kills it all. At the end of its game the judge kills the
init, and that is all it takes; should the judge die, so does the init. Where no
namespace can be made (the fallback), the whole group and the whole cgroup are killed,
or without a cgroup every process of its tree (process_tree.py) and whatever it
orphaned to the judge (subreaper.py), and the guardian is told its group and sessions.
The main process (or its init) is reaped, and its peak memory is kept for the record.
"""

from __future__ import annotations

import os
import resource
import signal

from .uid_box.box import Box
from .uid_box import home_mount
from .cgroups.pool import give_back, take_cgroup
from .cgroups.cgroup import Cgroup
from ..cpu_time import ProcessTreeCpu, process_tree_cpu_ns
from ..child import ChildProcess
from ..process_tree import kill_tree
from .settings import MAX_TASKS, Sandbox, launch
from .. import pid_namespace, subreaper
from ..suspension import Suspension
from .guardian_client import WATCHDOG
from . import shared_folders


class Confinement:
    """A started program's process (``proc``, a ChildProcess with piped stdin/stdout/stderr)."""

    def __init__(self, command: str | list[str], sandbox: Sandbox, env: dict[str, str] | None,
                 work_folder: bool = False) -> None:
        """``env``: what the judge adds to the program's clean environment (a built-in player's settings);
        ``work_folder``: its own folder is a fresh one made for this run, its to write (a build step,
        uid_box/box.py)."""
        sandbox.check_available()
        self.sandbox = sandbox
        # a forked child's ru_maxrss starts from the judge's own peak size (kept across exec):
        # below this, the figure from wait4 says nothing about the program
        self._judge_rss_bytes = _own_peak_rss_bytes()
        # registered with the guardian before the program exists: no window to escape
        self.cgroup: Cgroup | None = take_cgroup(sandbox.memory_limit_mb, MAX_TASKS) if sandbox.limited else None
        self.box: Box | None = None
        self.adoptions: subreaper.Adoptions | None = None
        self.in_namespace = pid_namespace.usable()
        # no namespace nor cgroup holds what it orphans: the judge takes it in
        self._holds_subreaper = self.cgroup is None and not self.in_namespace
        if self._holds_subreaper:
            subreaper.hold()
        try:
            self.box = Box(command, sandbox.limited, sandbox.hidden, env, sandbox.env,
                           isolated=sandbox.mode == "isolate",
                           disk_mb=sandbox.disk_mb if sandbox.limited else None, work_folder=work_folder)
            box = self.box
            # when the shared folders last changed, before it could make a name there (its sweep)
            self._shared_at_start = shared_folders.snapshot() if box.uid >= 0 else None
            with subreaper.spawning() as running:
                # in a session of its own: its own process group, for SIGSTOP/SIGKILL of all of it
                self.proc = ChildProcess(launch(command, sandbox, self.cgroup, uid=box.uid, folder=box.folder,
                                                home=box.home, command_files=box.needed,
                                                reachable=box.reachable, folder_writable=box.folder_writable,
                                                namespace=self.in_namespace), box.env)
                running(self.proc.waited)
                if not self.in_namespace:
                    WATCHDOG.watch_group(self.proc.pid)  # at once: without a cgroup, a judge's death only stops it
                # in this thread, the one whose child it is: where its orphans go, should it give up
                # being their subreaper (see subreaper.Adoptions)
                pipes = (self.proc.stdin.fileno(), self.proc.stdout.fileno(), self.proc.stderr.fileno())
                self.adoptions = subreaper.Adoptions(self.proc.pid, lambda: WATCHDOG.pid, pipes) \
                    if self._holds_subreaper else None
        except BaseException:
            if self.box is not None:
                self.box.close()
            if self.cgroup is not None:
                give_back(self.cgroup)
            if self._holds_subreaper:
                subreaper.release()
            raise
        self.pid = self.proc.pid
        self._sessions: set[int] = set()  # sessions its processes made, which the guardian kills too
        self._seen: set[int] = set()  # its processes whose session is known
        adoptions = self.adoptions
        self.init = self.proc.init
        self.suspension = Suspension(self.pid, self.cgroup, adoptions.check if adoptions is not None else None,
                                     self._note_sessions, init=self.init)
        self._orphan_ns: dict[int, int] = {}  # the CPU time of each orphan that came to the judge, last seen
        self._tree_cpu: ProcessTreeCpu | None = None  # where no cgroup counts the CPU time
        self.peak_memory_bytes: int | None = None
        self._status: PeakMemory | None = None  # where no cgroup keeps the peak: its /proc status, kept open
        self.ended = False

    @property
    def memory_limit(self) -> str | None:
        """How memory is limited: "cgroup-v1", "cgroup-v2", "rlimit-data", or None (not at all)."""
        if not self.sandbox.limited:
            return None
        return self.cgroup.memory_kind if self.cgroup is not None else "rlimit-data"

    def cpu_ns(self) -> int | None:
        """CPU time of the whole program so far: all its threads and processes (None: unknown)."""
        if self.cgroup is not None:
            used = self.cgroup.cpu_ns()
            if used is not None:
                return used
        if self.init is not None:
            return self._namespace_cpu_ns()
        try:
            if self._tree_cpu is None:
                self._tree_cpu = ProcessTreeCpu(self.pid)
        except OSError:
            return None  # gone already
        used = self._tree_cpu.ns()
        if used is not None and self.adoptions is not None and self.adoptions.orphans:
            for orphan in self.adoptions.orphans:  # outside its tree, its all the same
                self._orphan_ns[orphan] = max(process_tree_cpu_ns(orphan) or 0, self._orphan_ns.get(orphan, 0))
            used += sum(self._orphan_ns.values())
        return used

    def _namespace_cpu_ns(self) -> int:
        """Its init's children's CPU time: those it reaped, and those alive (held still when read:
        a process that ends meanwhile is counted in neither, or, at worst, in both)."""
        assert self.init is not None  # asked only of a program in a namespace of its own
        used = self.init.reaped_cpu_ns()
        if not self.suspension.whole:  # one process, and what it reaped: three files kept open
            try:
                if self._tree_cpu is None:
                    self._tree_cpu = ProcessTreeCpu(self.pid)
                return used + (self._tree_cpu.ns() or 0)
            except OSError:
                return used  # gone: the init has reaped it, or is about to
        return used + sum(process_tree_cpu_ns(child) or 0 for child in self.init.children())

    def _note_sessions(self, stopped: list[int]) -> None:
        """Tell the guardian each session its processes made (``setsid``), as the judge's walk of its
        tree finds them: should the judge die, they are killed with its group, stopped or not."""
        new = [pid for pid in stopped if pid not in self._seen]
        if not new:
            return  # the usual case: the same processes as at its last suspension
        self._seen.update(new)
        for pid in new:
            try:
                session = os.getsid(pid)
            except OSError:
                continue
            if session != self.pid and session not in self._sessions:
                self._sessions.add(session)
                WATCHDOG.watch_session(session)

    def out_of_memory(self) -> bool:
        """Did the kernel kill a process of the program for exceeding its memory limit?"""
        return self.cgroup is not None and self.cgroup.oom_kills() > 0

    def out_of_disk(self) -> bool:
        """Did the program fill what it may write in its home (a tmpfs of disk_mb, home_mount.py)?"""
        return self.box is not None and self.box.home_limited and home_mount.full(self.box.home)

    def suspend(self) -> None:
        self.suspension.suspend()

    def resume(self) -> None:
        self.suspension.resume()

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
        """Kill everything of the program, reap its main process, clean up its cgroup."""
        if self.ended:
            return
        self.ended = True
        self.note_peak_memory()
        if self.init is not None:
            self._end_namespace()
            return
        # without a cgroup, its whole tree first: the main process's death would scatter it
        killed = kill_tree(self.pid) if self.cgroup is None else []
        if self.adoptions is not None:
            for orphan in self.adoptions.check():  # what came to the judge, and what those started
                killed += kill_tree(orphan)
        self.signal_group(signal.SIGKILL)
        if self.cgroup is None and self.box is not None:
            self.box.kill_everything()  # a uid of its own: whatever escaped the tree runs as it
        if self.cgroup is not None:
            killed = self.cgroup.kill_all()  # processes that left the group with setsid(); thawed, to die
        started = subreaper.start_ticks(self.pid) if subreaper.is_subreaper() else 0  # before it is reaped
        try:
            _, status, usage = os.wait4(self.pid, 0)
            self.proc.returncode = os.waitstatus_to_exitcode(status)
            if self.peak_memory_bytes is None and usage.ru_maxrss * 1024 > self._judge_rss_bytes:
                self.peak_memory_bytes = usage.ru_maxrss * 1024  # the largest of it and its reaped children
        except ChildProcessError:
            self.proc.wait()
        subreaper.finished(self.pid)
        subreaper.sweep_orphans(started, spared=[WATCHDOG.pid], expected=[pid for pid in killed if pid != self.pid])
        if self._holds_subreaper:
            subreaper.release()
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
            self.cgroup.kill_all()  # nothing should be left there; thawed, should the freezer have held it
        try:
            _, status, _ = os.wait4(init.pid, 0)
            self.proc.returncode = init.exit_code_of(status)
            # the largest of every process the init reaped (its report): the program's own, started by the
            # init (arena-init, a few pages), never a copy of the judge's size
            if init.ended is not None and init.ended.peak_rss_bytes > 0:
                self.peak_memory_bytes = max(init.ended.peak_rss_bytes, self.peak_memory_bytes or 0)
        except ChildProcessError:
            self.proc.wait()
        subreaper.finished(self.proc.waited)
        self._release()

    def _release(self) -> None:
        """What the judge held for it, once its processes are all gone."""
        self.suspension.close()
        if self._status is not None:
            self._status.close()
        if not self.in_namespace:
            WATCHDOG.forget_group(self.pid)
        for session in self._sessions:
            WATCHDOG.forget_session(session)
        if self.adoptions is not None:
            self.adoptions.close()
        if self.init is not None:
            self.init.close()
        if self._tree_cpu is not None:
            self._tree_cpu.close()
        if self.cgroup is not None:
            self.peak_memory_bytes = self.cgroup.peak_memory_bytes() or self.peak_memory_bytes
            self.cgroup.close()
            give_back(self.cgroup)
        if self.box is not None:
            try:
                if self.box.uid >= 0 and self.sandbox.mode != "isolate":
                    # its processes are gone: what its uid left in /tmp and the like goes (about 1 ms;
                    # under isolate its /tmp and /dev/shm are its own and the rest is read-only)
                    shared_folders.sweep(self.box.uid, spared=(self.box.home, self.box.folder),
                                         since=self._shared_at_start)
            finally:
                self.box.close()  # its uid and what it was given go back, whatever the sweep met


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
