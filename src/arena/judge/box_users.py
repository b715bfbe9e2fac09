"""An unprivileged user of its own for every program a root judge runs (as IOI's isolate
gives each box its own uid).

Two programs under different uids can neither signal nor ptrace each other, nor the
judge, nor write into the judge's files or cgroups. A uid is taken from a range
(``ARENA_UID_RANGE``, default 62000-62999: above the uids Debian gives people and
below ``nobody``) and held with an exclusive ``flock`` on a file of its own in a
root-only folder, so that no two programs on the host share one at once, whatever
judge started them (parallel jobs, Dask workers, the web viewer's games): a lock
dies with the process that held it, so a judge killed by SIGKILL frees its uids.

A uid's ledger (access.py) records what was granted to it; the next judge to take
the uid revokes what a dead judge left granted.
"""

from __future__ import annotations

import errno
import fcntl
import os
import random
import stat
from dataclasses import dataclass

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


def lock_folder() -> str:
    """The root-only folder of the locks and ledgers, made when missing."""
    for folder in LOCK_FOLDERS:
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            info = os.lstat(folder)
        except OSError:
            continue
        # a folder someone else made could hand out locks or ledgers of its choosing
        if stat.S_ISDIR(info.st_mode) and info.st_uid == 0 and not info.st_mode & 0o022:
            return folder
    raise NoFreeUser(f"cannot make a root-only folder for the uid locks in any of {', '.join(LOCK_FOLDERS)}")


@dataclass
class BoxUser:
    """A uid held for one program, until :meth:`release`."""

    uid: int
    _lock_fd: int

    @property
    def ledger(self) -> str:
        return os.path.join(lock_folder(), f"{self.uid}.grants")

    def release(self) -> None:
        if self._lock_fd >= 0:
            os.close(self._lock_fd)  # the flock goes with its last descriptor
            self._lock_fd = -1


def take_user() -> BoxUser:
    """A uid no other program on the host runs as now; held until released."""
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

