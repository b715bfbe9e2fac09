"""The judge as a child subreaper: a program's orphans come to it, and are swept at the end of its game.

Where no cgroup holds a program (``--sandbox none``, or none can be made), its processes
are the tree under its main process, which the spawner makes a child subreaper
(spawn.pyx): an orphan goes to the main process, not to init. A program can turn that
off, and a main process that ends (its game over) hands its children on; they then
come to the nearest subreaper above: the judge, instead of init, where nothing would
find them. The judge is one only while it runs such a program (from :func:`hold` to
:func:`release`): the rest of the time whatever its other children leave goes to init,
as before.

So at the end of every game the judge sweeps its own children (:func:`sweep_orphans`).
A program's are in a session other than the judge's (every program starts a session of
its own, and nothing under it can join the judge's); of those, neither the main process
of a program still running (registered while it is started: :func:`spawning`) nor one
the caller spares (the guardian), it kills those started no earlier than the program
that ended, and reaps every one that is dead: an orphan that ended by itself, or one
that is no program's (the guardian of a tournament worker that ended comes to the
judge too). Each is reaped by its pid: a wildcard wait would take a main process's
exit status, which the judge waits for by pid.

An orphan that comes to the judge while its program still plays is that program's all
the same (:class:`Adoptions`): at each suspension of a program, the judge looks at its
own children (one read of a file it keeps open, compared with what it read last) and
claims each newcomer for the program it came from: the program whose session it is in,
else the program one of whose pipes it holds (what it inherited: while both programs
start, both run, and which looks first says nothing), else the program whose turn just
ended (its opponent was suspended whole meanwhile, so none of the opponent's processes
could have made it). A claimed orphan is held still with its program, charged to it and
killed with it. This is the fallback, where no PID namespace can be made
(pid_namespace.py): an orphan that left its session and closed every pipe it inherited,
made while both programs start, may still be claimed for the wrong one.
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from .process_tree import children_of

PR_SET_CHILD_SUBREAPER = 36
SWEEP_WAIT_S = 1.0
"""How long a sweep waits for the processes it killed to end and be reaped."""

_lock = threading.Lock()  # held while a program is started, and while a sweep kills
_running: set[int] = set()  # main processes of the programs running: never swept
_holders = 0  # programs running that need the judge to be a subreaper
_claimed: dict[int, int] = {}  # an orphan that came to the judge -> the main process of its program
_pipes: dict[str, int] = {}  # "pipe:[INODE]" of a program's stdin, stdout, stderr -> its main process


def _set_subreaper(on: bool) -> None:
    # best effort: kernels before 3.4 have no such thing, and their orphans go to init
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0)


def hold() -> None:
    """The judge is a child subreaper from now until the matching :func:`release`."""
    global _holders
    with _lock:
        if _holders == 0:
            _set_subreaper(True)
        _holders += 1


def release() -> None:
    global _holders
    with _lock:
        _holders -= 1
        if _holders == 0:
            _set_subreaper(False)


def is_subreaper() -> bool:
    return _holders > 0


@contextmanager
def spawning() -> Iterator[Callable[[int], None]]:
    """Hold while a program is started; call what it gives with the main process's pid.

    A sweep in another thread waits meanwhile, so it never takes a program that has just
    started, and is not yet registered, for an orphan.
    """
    with _lock:
        yield _running.add


def finished(pid: int) -> None:
    """The main process ``pid`` is reaped: no longer a program's, nor are the orphans it claimed."""
    with _lock:
        _running.discard(pid)
        for pipe in [pipe for pipe, owner in _pipes.items() if owner == pid]:
            del _pipes[pipe]
        for orphan in [orphan for orphan, owner in _claimed.items() if owner == pid]:
            del _claimed[orphan]


class Adoptions:
    """The orphans of one program (main process ``pid``) that came to the judge.

    Made in the thread that started the program: an orphan goes to the subreaper thread
    that is the nearest ancestor of its dead parent, the thread that forked the main process.
    """

    def __init__(self, pid: int, spared: Callable[[], int | None], pipes: Iterable[int] = ()) -> None:
        """``pipes``: the judge's ends of the program's stdin, stdout and stderr."""
        self.pid = pid
        for fd in pipes:  # made inside spawning(), which holds the lock
            _pipes[f"pipe:[{os.fstat(fd).st_ino}]"] = pid
        self._spared = spared
        self._start = start_ticks(pid)
        try:
            self._fd: int | None = os.open(f"/proc/{os.getpid()}/task/{threading.get_native_id()}/children",
                                           os.O_RDONLY)
        except OSError:
            self._fd = None  # no such file (kernels before 3.5): its orphans are only swept at the end
        self._seen = b""
        self.orphans: list[int] = []  # claimed for this program, alive or not

    def check(self) -> list[int]:
        """The program's orphans, after claiming the newcomers among the judge's children."""
        if self._fd is None:
            return self.orphans
        try:
            children = os.pread(self._fd, 65536, 0)
        except OSError:
            return self.orphans
        if children != self._seen:  # seldom: a program started or ended, or an orphan came
            self._seen = children
            self._claim(int(pid) for pid in children.split())
        return self.orphans

    def _claim(self, pids: Iterable[int]) -> None:
        own_session, guardian = os.getsid(0), self._spared()
        with _lock:
            for pid in pids:
                if pid in _running or pid in _claimed or pid == guardian:
                    continue
                try:
                    with open(f"/proc/{pid}/stat", "rb") as stat:
                        fields = _fields(stat.read())
                    session, started = int(fields[3]), int(fields[19])
                except (OSError, ValueError, IndexError):
                    continue
                if fields[0] in (b"Z", b"X") or session == own_session or started < self._start:
                    continue  # dead, the judge's own (never a program's), or older than the program
                owner = session if session in _running else _pipe_owner(pid) or self.pid
                _claimed[pid] = owner
                if owner == self.pid:
                    self.orphans.append(pid)
        # claimed for this program by another's look at the judge's children (its session)
        self.orphans.extend(pid for pid, owner in _claimed.items() if owner == self.pid and pid not in self.orphans)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _pipe_owner(pid: int) -> int | None:
    """The program one of whose pipes ``pid`` holds (inherited from it), if any."""
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return None
    for fd in fds:
        try:
            owner = _pipes.get(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            continue
        if owner is not None and owner in _running:
            return owner
    return None


def start_ticks(pid: int) -> int:
    """When ``pid`` started, in clock ticks since boot (0: unknown)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return int(_fields(stat.read())[19])
    except (OSError, ValueError, IndexError):
        return 0


def _fields(stat: bytes) -> list[bytes]:
    return stat[stat.rindex(b")") + 2:].split()  # after the command name, which may hold spaces


def _orphans(since_ticks: int, spared: set[int]) -> list[int]:
    """The judge's children to kill (alive, started since ``since_ticks``) or reap (dead)."""
    own_session = os.getsid(0)
    found = []
    for pid in children_of(os.getpid()):
        if pid in _running or pid in spared or pid in _claimed:
            continue  # a program's, still running (or claimed by one: subreaper.Adoptions)
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = _fields(stat.read())
            if int(fields[3]) != own_session and (fields[0] in (b"Z", b"X") or int(fields[19]) >= since_ticks):
                found.append(pid)
        except (OSError, ValueError, IndexError):
            pass  # reaped meanwhile
    return found


def _reaped(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG)[0] == pid
    except ChildProcessError:
        return True  # not the judge's child (any more)


def sweep_orphans(since_ticks: int, spared: Iterable[int | None] = (), expected: Iterable[int] = ()) -> None:
    """Kill and reap the processes that came to the judge (see above); wait (SWEEP_WAIT_S
    at most) until those in ``expected``, killed by the caller, are gone too: their
    parents, killed as well, hand them on to the judge as they end."""
    if not is_subreaper():
        return  # orphans go to init, not to the judge
    spared_pids = {pid for pid in spared if pid is not None}
    waiting = set(expected)
    deadline = time.monotonic() + SWEEP_WAIT_S
    while True:
        with _lock:
            orphans = _orphans(since_ticks, spared_pids)
            for pid in orphans:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        left = [pid for pid in orphans if not _reaped(pid)]
        waiting = {pid for pid in waiting if os.path.exists(f"/proc/{pid}")}
        if (not left and not waiting) or time.monotonic() > deadline:
            return
        time.sleep(0.002)


def _forget_after_fork() -> None:
    # a forked child is no subreaper (the flag is not inherited) and runs none of these programs
    global _lock, _holders
    _lock = threading.Lock()
    _running.clear()
    _claimed.clear()
    _pipes.clear()
    _holders = 0


os.register_at_fork(after_in_child=_forget_after_fork)
