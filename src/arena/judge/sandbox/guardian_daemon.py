"""The guardian: a tiny process that kills whatever a dead judge left running.

Run as ``python -S guardian_daemon.py`` (no imports from arena, so it starts in a few
milliseconds), once per judge process, by :mod:`arena.judge.sandbox.guardian_client`. Its
standard input is a pipe whose write end only the judge holds. The judge
tells it, one line each, what to kill should it die:

    +g PGID   a program's process group        -g PGID   no longer (reaped)
    +s SID    a session one of its processes made (setsid)   -s SID   no longer
    +c DIR    a program's cgroup folder        -c DIR    no longer (removed)
    +u UID LEDGER  a uid its programs run as   -u UID    no longer (released)
    +d DIR    a program's private home         -d DIR    no longer (removed)

A program in a PID namespace of its own (pid_namespace.py) is never registered as a group
or session: its init dies with the judge, and the kernel kills everything in the namespace
with it. Its cgroup, uid and home are, as every program's.

When the pipe reads end-of-file the judge is gone, however it went (SIGKILL
included). Every registered group's leader (a program's main process) is first
walked down, through ``/proc/PID/task/TID/children``, stopping each process, and all
of them are killed: a program without a cgroup is stopped, not killed, by the kernel
when its judge dies (its parent-death signal, settings.py), so that, a child subreaper,
it still holds whatever it started, a ``setsid`` child included. Then every process in
a registered group or session, and, for each uid registered whose lock no other judge
took meanwhile, every process of that uid, gets SIGKILL, which also ends stopped
(suspended) processes. Every cgroup still registered is emptied and removed, which
catches a process that left its group with setsid(). A program the judge had
frozen (cgroup v1's freezer) dies of its SIGKILL only once thawed: every cgroup is
thawed after the first kill, before any is waited for. Then the programs' private homes
are unmounted, and removed (arena's tree_removal.py: whatever tree a program made there). Last,
the ACL entries the judge gave its uids are taken back, and what they left in the shared folders removed (judge/sandbox/uid_box/acl.py, run in a Python of its own: the only
import of arena, when there is something to do), for each uid no other judge took since.
"""

from __future__ import annotations

import ctypes
import fcntl
import os
import select
import signal
import subprocess
import sys
import time

# src/arena/judge/sandbox/guardian_daemon.py -> src/ (arena is imported from there)
ARENA_ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[os.pardir] * 3))

REVOKE = """
import fcntl, os, sys
sys.path.insert(0, sys.argv[1])
from arena.judge.sandbox.uid_box.acl import revoke_left_behind
from arena.judge.sandbox.shared_folders import sweep
from arena.judge.sandbox.tree_removal import remove_path
split = sys.argv.index("--homes")
pairs, homes = sys.argv[2:split], sys.argv[split + 1:]
for home in homes:
    remove_path(home)  # iterative, by descriptors, bounded: whatever tree a program made there
for uid, ledger in zip(pairs[::2], pairs[1::2]):
    lock = os.open(ledger[:-len(".grants")] + ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a judge that took the uid since does it itself
    except OSError:
        os.close(lock)
        continue
    revoke_left_behind(int(uid), ledger)
    sweep(int(uid))  # what its programs left in /tmp, /var/tmp, /dev/shm: its processes are dead
    os.close(lock)
"""

DRAIN_EVERY_MS = 2000
"""How often the registrations waiting in the pipe are read (64 KB of them fit: a thousand programs)."""
CGROUP_EMPTY_WAIT_S = 2.0
"""How long to keep killing the processes of a cgroup until it can be removed."""


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass  # gone already


def children_of(pid: int) -> list[int]:
    # the walk of arena/judge/process_tree.py's children_of, written again: the guardian imports
    # nothing of arena (it starts in milliseconds, under python -S); change both together
    found: list[int] = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as children:
                found.extend(int(child) for child in children.read().split())
        except (OSError, ValueError):
            pass
    return found


def stat_of(pid: int) -> list[bytes] | None:
    """The fields of /proc/PID/stat after the command name (state, ppid, pgrp, session...)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            data = stat.read()
        return data[data.rindex(b")") + 2:].split()
    except (OSError, ValueError):
        return None


def kill_tree(leader: int) -> None:
    """Stop and then kill a program's main process and everything under it. Only a process that
    still leads its own group is walked: a pid of the judge's registered since reused is not."""
    fields = stat_of(leader)
    if fields is None or int(fields[2]) != leader:
        return
    stopped, todo = [], [leader]
    seen: set[int] = set()
    while todo and len(seen) < 4096:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            os.kill(pid, signal.SIGSTOP)  # forks no more
        except OSError:
            continue
        stopped.append(pid)
        todo.extend(children_of(pid))
    for pid in stopped:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def real_uid(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                if line.startswith(b"Uid:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def kill_members(groups: set[int], sessions: set[int], uids: set[int]) -> None:
    """SIGKILL every process in one of ``groups`` or ``sessions`` (a program's own session is
    its group's) or running as one of ``uids``; again while some are found (a fork racing us)."""
    wanted = groups | sessions
    own = os.getpid()
    for _ in range(10):
        found = 0
        for name in os.listdir("/proc"):
            if not name.isdigit() or int(name) == own:
                continue
            pid = int(name)
            fields = stat_of(pid)
            if fields is None or fields[0] in (b"Z", b"X"):
                continue
            if int(fields[2]) in wanted or int(fields[3]) in wanted or (uids and real_uid(pid) in uids):
                try:
                    os.kill(pid, signal.SIGKILL)
                    found += 1
                except OSError:
                    pass
        if not found:
            return
        time.sleep(0.01)


def lock_users(users: dict[str, str]) -> tuple[set[int], list[int]]:
    """The uids still this judge's (no other judge took their lock since it died), and the locks held."""
    held, fds = set(), []
    for uid, ledger in users.items():
        try:
            fd = os.open(ledger[:-len(".grants")] + ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)  # another judge's now, and so are its processes
            continue
        held.add(int(uid))
        fds.append(fd)
    return held, fds


def cgroup_pids(folder: str) -> list[int]:
    try:
        with open(os.path.join(folder, "cgroup.procs")) as procs:
            return [int(pid) for pid in procs.read().split()]
    except (OSError, ValueError):
        return []


def kill_all(folder: str) -> None:
    for pid in cgroup_pids(folder):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def thaw(folder: str) -> None:
    """Thaw a cgroup the judge froze: its v1 freezer folder, or a v2 cgroup (others have neither file)."""
    for name, value in (("freezer.state", b"THAWED"), ("cgroup.freeze", b"0")):
        try:
            fd = os.open(os.path.join(folder, name), os.O_WRONLY)
        except OSError:
            continue
        try:
            os.write(fd, value)
        except OSError:
            pass
        finally:
            os.close(fd)


def empty_and_remove(folder: str) -> None:
    """Kill every process of a cgroup (again, while a fork races us), then remove it."""
    deadline = time.monotonic() + CGROUP_EMPTY_WAIT_S
    while time.monotonic() < deadline:
        kill_all(folder)
        try:
            os.rmdir(folder)
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)  # busy: killed processes not yet gone


def read_available(fd: int) -> tuple[bytes, bool]:
    """What the pipe holds now, and whether its write end is closed (the judge is gone)."""
    data = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            return data, False
        if not chunk:
            return data, True
        data += chunk


def main() -> None:
    # A Ctrl-C or a closed terminal is for the judge; this process must outlive it to act.
    for sig in (signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_IGN)
    groups: set[int] = set()
    sessions: set[int] = set()
    cgroups: set[str] = set()
    users: dict[str, str] = {}  # uid -> its ledger
    homes: set[str] = set()
    stdin = sys.stdin.fileno()
    os.set_blocking(stdin, False)
    # Polled for no event at all: only the end of the pipe (POLLHUP) wakes this process, never
    # the judge's lines, which would cost the judge a context switch per program. They wait
    # in the pipe and are read every DRAIN_EVERY_MS.
    poller = select.poll()
    poller.register(stdin, 0)
    pending = b""
    gone = False
    while not gone:
        poller.poll(DRAIN_EVERY_MS)
        data, gone = read_available(stdin)
        *lines, pending = (pending + data).split(b"\n")
        for line in lines:
            text = line.decode(errors="replace")
            sign, kind, value = text[:1], text[1:2], text[3:]
            if kind == "u":
                uid, _, ledger = value.partition(" ")
                if sign == "+" and uid.isdigit() and ledger.endswith(".grants"):
                    users[uid] = ledger
                elif sign == "-":
                    users.pop(uid, None)
                continue
            # sets of pgids or session ids (int) or of paths (str): ``item`` below is of the set's kind
            by_kind: dict[str, set] = {"g": groups, "s": sessions, "c": cgroups, "d": homes}
            watched = by_kind.get(kind)
            if watched is None or not value or (kind in "gs" and not value.isdigit()):
                continue
            item = int(value) if kind in "gs" else value
            if sign == "+":
                watched.add(item)
            elif sign == "-":
                watched.discard(item)
    for pgid in groups:
        kill_tree(pgid)
        kill_group(pgid)
    uids, locks = lock_users(users)
    if groups or sessions or uids:
        kill_members(groups, sessions, uids)
    for lock in locks:
        os.close(lock)
    for folder in cgroups:
        kill_all(folder)  # first, so that a frozen process dies as it thaws, running nothing more
    for folder in cgroups:
        thaw(folder)  # all of them before any is waited for: a v1 program's freezer is a folder of its own
    for folder in cgroups:
        empty_and_remove(folder)
    own_homes = [home for home in homes if os.path.basename(home).startswith("arena-home-")]  # never anything else
    for home in own_homes:
        if os.path.ismount(home):  # a box uid's home, a tmpfs of its disk limit (uid_box/home_mount.py)
            ctypes.CDLL(None).umount2(os.fsencode(home), 2)  # MNT_DETACH: emptied at once, whatever it held
    if users or own_homes:  # its programs are gone: their homes go, what their uids were given goes back
        subprocess.run([sys.executable, "-S", "-c", REVOKE, ARENA_ROOT,
                        *(part for pair in users.items() for part in pair), "--homes", *own_homes],
                       timeout=90, check=False)


if __name__ == "__main__":
    main()
