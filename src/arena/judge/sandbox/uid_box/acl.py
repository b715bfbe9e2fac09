"""What a program's own uid may reach: POSIX ACL entries for exactly that uid, and back.

A root judge runs each program as an unprivileged uid of its own (uid_pool.py).
What its command needs may sit where that uid cannot go: Python under a root-only
``/root`` (pyenv), a bot in a 0700 temporary folder. Rather than open those
folders to everyone, the judge adds an ACL entry for the program's uid alone
(``user:UID:--x`` to pass through a folder, ``r-x`` to read its own folder) and, for
files it must not touch (the tournament database, the other player's folder),
``user:UID:---``, which outranks the permissions everybody else has. At the end
of the program the entries are taken out again, and an ACL left with no named
entry is removed, the file's mode as it was: nothing else on the file changes.

The entries are written in the kernel's ``system.posix_acl_access`` format (no
``setfacl`` needed). Every change is read-modify-write under a host-wide lock of
its file (judges on the host share folders such as ``/root``, and a program's folder
when it plays two games at once): one of LOCK_STRIPES locks, chosen by the file's
device and inode, so that any two spellings of a path take the same one. Each path
is noted in the uid's ledger before it changes, so that the next judge to take the
uid takes out what a judge killed mid-game left behind.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .uid_pool import lock_folder

ACL_XATTR = "system.posix_acl_access"
ACL_VERSION = 2
ENTRY = struct.Struct("<HHI")
USER_OBJ, USER, GROUP_OBJ, GROUP, MASK, OTHER = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
UNDEFINED_ID = 0xFFFFFFFF
TRAVERSE, READ, READ_RUN, READ_WRITE, ALL, NOTHING = 0o1, 0o4, 0o5, 0o6, 0o7, 0o0


UNSUPPORTED = (errno.EOPNOTSUPP, errno.ENOTSUP)
"""What setxattr says on a file system that keeps no ACLs."""


@contextmanager
def _opened(path: str) -> Iterator[int]:
    """``path`` opened for its ACL and mode, never through a symbolic link: a program may put a
    link where one of its files was (into its own folder, from another game at the same time),
    and the judge, root, must not change whatever it points to. Everything is done on the
    descriptor, so nothing can be swapped between a look and a change."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        yield fd
    finally:
        os.close(fd)


def _entries(fd: int) -> tuple[list[tuple[int, int, int]], int]:
    """The ACL of the open file as (tag, perm, id) entries (its mode's if it has none), and its mode."""
    mode = os.fstat(fd).st_mode
    try:
        data = os.getxattr(fd, ACL_XATTR)
    except OSError:
        data = b""
    if len(data) >= 4 and struct.unpack_from("<I", data)[0] == ACL_VERSION:
        return [ENTRY.unpack_from(data, offset) for offset in range(4, len(data), ENTRY.size)], mode
    return [(USER_OBJ, (mode >> 6) & 7, UNDEFINED_ID), (GROUP_OBJ, (mode >> 3) & 7, UNDEFINED_ID),
            (OTHER, mode & 7, UNDEFINED_ID)], mode


def _write(fd: int, entries: list[tuple[int, int, int]], mode: int) -> None:
    named = [entry for entry in entries if entry[0] in (USER, GROUP)]
    base = {tag: perm for tag, perm, _ in entries if tag in (USER_OBJ, GROUP_OBJ, OTHER)}
    if not named:
        # no named entry left: no ACL at all, and the group bits back to the owning group's
        try:
            os.removexattr(fd, ACL_XATTR)
        except OSError:
            pass
        os.fchmod(fd, (stat.S_IMODE(mode) & ~0o070) | base[GROUP_OBJ] << 3)
        return
    # the mask is the union of the group class, as setfacl recalculates it
    mask = base[GROUP_OBJ]
    for _, perm, _ in named:
        mask |= perm
    full = [entry for entry in entries if entry[0] != MASK] + [(MASK, mask, UNDEFINED_ID)]
    full.sort(key=lambda entry: (entry[0], entry[2]))
    data = struct.pack("<I", ACL_VERSION) + b"".join(ENTRY.pack(*entry) for entry in full)
    os.setxattr(fd, ACL_XATTR, data)


def user_entry(path: str, uid: int) -> int | None:
    """The permissions ``path``'s ACL names for ``uid`` (None: it names none)."""
    with _opened(path) as fd:
        entries, _ = _entries(fd)
    return next((perm for tag, perm, ident in entries if tag == USER and ident == uid), None)


LOCK_STRIPES = 64
"""The host-wide locks of ACL changes, one per file at a time. A single lock for every change
was held for all of a program's entries at once: a program whose folder holds 450 files kept
it about 15 ms at its start and 12 ms at its end, and a second judge on the host waited 13 to
20 ms per program of its own (two judges starting such programs in a loop: 30 ms a program
alone, 56 ms each side by side on 2 cores)."""


class _FileLocks:
    """The striped locks: a lock file's descriptor per stripe, opened once per process, and a
    thread lock per stripe (flock does not exclude threads sharing a descriptor)."""

    def __init__(self) -> None:
        self.threads = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self.fds: dict[int, int] = {}

    @contextmanager
    def holding(self, info: os.stat_result) -> Iterator[None]:
        stripe = (info.st_dev * 1_000_003 + info.st_ino) % LOCK_STRIPES  # the same in every process
        with self.threads[stripe]:
            fd = self.fds.get(stripe)
            if fd is None:
                fd = os.open(os.path.join(lock_folder(), f"acl-{stripe}.lock"),
                             os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
                self.fds[stripe] = fd
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)

    def after_fork(self) -> None:
        # a forked judge shares its parent's lock descriptions, which would not exclude it:
        # it opens its own (closing its copies leaves the parent's locks alone)
        for fd in self.fds.values():
            os.close(fd)
        _FileLocks.__init__(self)


_FILE_LOCKS = _FileLocks()
os.register_at_fork(after_in_child=_FILE_LOCKS.after_fork)


def _set_entry(path: str, uid: int, perm: int | None) -> None:
    """Give ``uid`` ``perm`` on ``path`` (None: take its entry out). A symbolic link is passed over."""
    try:
        with _opened(path) as fd, _FILE_LOCKS.holding(os.fstat(fd)):
            entries, mode = _entries(fd)
            entries = [entry for entry in entries if not (entry[0] == USER and entry[2] == uid)]
            if perm is not None:
                entries.append((USER, perm, uid))
            _write(fd, entries, mode)
    except OSError as error:
        if error.errno in UNSUPPORTED:
            raise
        # a link (ELOOP), a socket, or gone: nothing the program could reach through it


class Grants:
    """The entries given to one uid; :meth:`revoke_all` takes every one of them out."""

    def __init__(self, uid: int, ledger: str) -> None:
        self.uid = uid
        self.ledger = ledger
        self.paths: list[str] = []

    def give(self, wanted: dict[str, int]) -> list[str]:
        """Give the uid these permissions (path -> TRAVERSE, READ_RUN, ALL or NOTHING).

        Returns the paths whose entry could not be written (a file system without ACLs).
        """
        failed = []
        # the ledger is this uid's, which this judge alone holds: no other lock needed
        with open(self.ledger, "a") as ledger:  # noted before the change: a crash leaves no orphan
            ledger.writelines(f"{path}\n" for path in wanted if "\n" not in path)
        for path, perm in wanted.items():
            try:
                _set_entry(path, self.uid, perm)
                self.paths.append(path)
            except OSError:
                failed.append(path)  # no ACLs there
        return failed

    def revoke_all(self, restore: dict[str, int] | None = None) -> None:
        """Take every entry out, or set it back to what ``restore`` says (the uid's lasting grants)."""
        restore = restore or {}
        for path in self.paths:
            try:
                _set_entry(path, self.uid, restore.get(path))
            except OSError:
                pass  # gone, or never had it
        self.paths.clear()
        if not restore:
            _truncate(self.ledger)


def revoke_left_behind(uid: int, ledger: str) -> None:
    """Take out what the ledger says a judge that died gave ``uid`` (it holds the uid now)."""
    try:
        with open(ledger) as notes:
            paths = [line.rstrip("\n") for line in notes if line.strip()]
    except OSError:
        return
    if not paths:
        return
    for path in dict.fromkeys(paths):
        try:
            _set_entry(path, uid, None)
        except OSError:
            pass
    _truncate(ledger)


def _truncate(path: str) -> None:
    try:
        os.truncate(path, 0)
    except OSError:
        pass
