"""A box uid's home as a tmpfs of a given size: what a program writes there is bounded.

A program's HOME and TMPDIR are its private home. On the judge's disk, a program could
fill it (32 files of 64 MB, each under RLIMIT_FSIZE). A root judge mounts a tmpfs of the
sandbox's ``disk_mb`` on it instead (``nosuid``, ``nodev``, owned by the uid, 0700): a
write past the size fails with ENOSPC, its pages count in the program's memory cgroup,
and nothing of it outlives the uid's hold (unmounted when the home is removed; the guardian
unmounts it should the judge die). The mount is kept with the uid between its programs
(emptied, like the home; unmounted instead when a program left too much to empty one entry
at a time, box.py), and remounted only when another size is asked for. Only root can
mount: elsewhere the home stays a plain folder (under ``isolate`` bubblewrap makes a tmpfs of
its own).
"""

from __future__ import annotations

import ctypes
import os

MS_NOSUID, MS_NODEV, MS_REMOUNT = 2, 4, 32
MNT_DETACH = 2

_libc = ctypes.CDLL(None, use_errno=True)
_sizes: dict[str, int] = {}  # home -> the size (MB) of the tmpfs mounted there


def limit(home: str, uid: int, size_mb: int) -> bool:
    """Make ``home`` (an empty folder of ``uid``) a tmpfs of ``size_mb``; False where that cannot be."""
    if _sizes.get(home) == size_mb:
        return True
    if os.geteuid() != 0:
        return False
    remount = home in _sizes  # another size for the same uid's home: only the size changes
    flags = MS_NOSUID | MS_NODEV | (MS_REMOUNT if remount else 0)
    options = (f"size={size_mb}m" if remount else f"size={size_mb}m,mode=0700,uid={uid},gid={uid}").encode()
    if _libc.mount(b"tmpfs", os.fsencode(home), b"tmpfs", flags, options) != 0:
        return False  # no right to mount (a container without CAP_SYS_ADMIN): a folder on disk
    _sizes[home] = size_mb
    return True


def full(home: str) -> bool:
    """Is the tmpfs on ``home`` full (the program's writes there failed with ENOSPC)?"""
    return home in _sizes and nearly_full(home)


def nearly_full(tmpfs: str) -> bool:
    """Has the file system at ``tmpfs`` less than a few pages left (a write there failed with ENOSPC)?"""
    try:
        info = os.statvfs(tmpfs)
    except OSError:
        return False
    return info.f_bavail * info.f_frsize < 64 * 1024


def size_mb(home: str) -> int | None:
    return _sizes.get(home)


def release(home: str) -> None:
    """Unmount the tmpfs on ``home``, if any (lazily: nothing of the program holds it any more)."""
    if _sizes.pop(home, None) is not None:
        _libc.umount2(os.fsencode(home), MNT_DETACH)


def mount_scratch(folder: str, size_mb: int) -> bool:
    """Make ``folder`` (root's, empty) a tmpfs of ``size_mb``, root's and 0700: a build's workspace,
    where its steps' folders are (competition/build/one_build.py): what a compile writes there is
    bounded as a home is. False where this judge cannot mount (not root): a folder on disk."""
    if os.geteuid() != 0:
        return False
    return _libc.mount(b"tmpfs", os.fsencode(folder), b"tmpfs", MS_NOSUID | MS_NODEV,
                       f"size={size_mb}m,mode=0700".encode()) == 0


def unmount(folder: str) -> None:
    """Unmount the tmpfs on ``folder`` lazily: everything in it goes at once, however deep."""
    _libc.umount2(os.fsencode(folder), MNT_DETACH)


def _forget_after_fork() -> None:
    _sizes.clear()  # a forked child unmounts nothing of its parent's


os.register_at_fork(after_in_child=_forget_after_fork)
