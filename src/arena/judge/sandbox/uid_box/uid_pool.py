"""An unprivileged user of its own for every program a root judge runs (as IOI's isolate
gives each box its own uid).

Two programs under different uids can neither signal nor ptrace each other, nor the
judge, nor write into the judge's files or cgroups. A uid is taken from a range
(``ARENA_UID_RANGE``, default 62000-62999: above the uids Debian gives people and
below ``nobody``) and held with an exclusive ``flock`` on a file of its own in a
root-only folder, so that no two programs on the host share one at once, whatever
judge started them (parallel jobs, Dask workers, the web viewer's games): a lock
dies with the process that held it, so a judge killed by SIGKILL frees its uids.
Nothing on the host is given to a uid: what its program may read, its mount namespace shows it
(private_mounts.py), so a uid a dead judge held is free to take as it is.
"""

from __future__ import annotations

import errno
import fcntl
import os
import random
import stat
import threading
from functools import lru_cache
from dataclasses import dataclass, field

from ...spawn import idmap_userns

RANGE_VARIABLE = "ARENA_UID_RANGE"
DEFAULT_RANGE = (62000, 62999)
LOCK_FOLDERS = ("/run/arena/uids", "/var/tmp/arena-uids")
"""Where the locks live: the first that can be made; one place for every judge on the host."""


class NoFreeUser(RuntimeError):
    """Every uid of the range is in use (or the range is wrong)."""


def uid_range() -> tuple[int, int]:
    """The first and last uid programs may run as (``ARENA_UID_RANGE=FIRST-LAST``)."""
    text = os.environ.get(RANGE_VARIABLE, "").strip()
    if not text:
        return DEFAULT_RANGE
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        raise NoFreeUser(f"{RANGE_VARIABLE}={text!r} is not FIRST-LAST (e.g. 62000-62999)") from None
    if not 1000 <= low <= high < 2**31 - 1:
        raise NoFreeUser(f"{RANGE_VARIABLE}={text!r}: the uids must be at least 1000 (no system user) "
                         "and the first no larger than the last")
    return low, high


@lru_cache(maxsize=1)
def lock_folder() -> str:
    """The root-only folder of the locks, made when missing (looked for once)."""
    for folder in LOCK_FOLDERS:
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            info = os.lstat(folder)
        except OSError:
            continue
        # a folder someone else made could hand out locks of its choosing
        if stat.S_ISDIR(info.st_mode) and info.st_uid == 0 and not info.st_mode & 0o022:
            return folder
    raise NoFreeUser(f"cannot make a root-only folder for the uid locks in any of {', '.join(LOCK_FOLDERS)}")


@dataclass
class BoxUser:
    """A uid held for one program at a time, until :meth:`release`, with the user namespaces that
    map a folder's owner to it (idmapped)."""

    uid: int
    _lock_fd: int
    _idmaps: dict[tuple[int, int], int] = field(default_factory=dict)

    def idmapped(self, owner: int, group: int) -> int:
        """A user namespace (its descriptor) mapping ``owner`` and ``group`` to this uid, and nothing
        else: a folder of theirs shown through it reads as this uid's (private_mounts.h's "I").
        Made once (a fork of a child that holds it while it is mapped), kept with the uid."""
        fd = self._idmaps.get((owner, group))
        if fd is None:
            fd = idmap_userns(f"{owner} {self.uid} 1".encode(), f"{group} {self.uid} 1".encode())
            self._idmaps[(owner, group)] = fd
        return fd

    def release(self) -> None:
        for fd in self._idmaps.values():
            os.close(fd)
        self._idmaps.clear()
        if self._lock_fd >= 0:
            os.close(self._lock_fd)  # the flock goes with its last descriptor
            self._lock_fd = -1


MAX_KEPT = 4
"""Uids a judge keeps between its programs (two games at once need four)."""

_kept: list[BoxUser] = []
_kept_lock = threading.Lock()


def take_user() -> BoxUser:
    """A uid no other program on the host runs as now: one this judge kept, or a new one."""
    with _kept_lock:
        if _kept:
            return _kept.pop()
    return _new_user()


def give_back_user(user: BoxUser) -> bool:
    """The program of ``user`` has ended, everything of it killed: keep the uid for the next
    program of this judge (True), or let the caller release it (False: enough are kept)."""
    with _kept_lock:
        if len(_kept) < MAX_KEPT:
            _kept.append(user)
            return True
    return False


def release_kept() -> None:
    """Release every kept uid (the judge ends)."""
    with _kept_lock:
        users = list(_kept)
        _kept.clear()
    for user in users:
        user.release()


def _forget_after_fork() -> None:
    # a forked judge (a tournament's worker) must not hand out its parent's uids: it closes
    # its copies of their locks (the parent's still hold them) and takes its own
    global _kept_lock
    for user in _kept:
        user.release()  # its copies: the parent's lock and namespaces stay the parent's
    _kept.clear()
    _kept_lock = threading.Lock()


os.register_at_fork(after_in_child=_forget_after_fork)


def _new_user() -> BoxUser:
    folder = lock_folder()
    low, high = uid_range()
    count = high - low + 1
    start = random.randrange(count)  # judges starting at once rarely try the same uids
    for step in range(count):
        uid = low + (start + step) % count
        fd = os.open(os.path.join(folder, f"{uid}.lock"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW,
                     0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(fd)
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                continue
            raise
        return BoxUser(uid, fd)
    raise NoFreeUser(f"all {count} uids of {low}-{high} are in use: widen {RANGE_VARIABLE}")

