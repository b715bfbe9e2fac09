"""A build's workspace as a tmpfs of its own, where the server runs as root: what its steps write is bounded.

The steps of a build (the unpacking, the compile) each write a folder of their own in the
workspace (one_build.py), on the host, where the build is taken out of it afterwards. On the
server's disk a compile could fill it (32 files of 64 MB, each under RLIMIT_FSIZE); on a tmpfs of
root's (0700, ``nosuid``, ``nodev``) of a given size a write past it fails with ENOSPC, its pages
count in the compile's memory, and unmounting it takes everything the steps left at once, however
deep. Only root can mount: elsewhere the workspace stays a folder on disk.
"""

from __future__ import annotations

import ctypes
import os

MS_NOSUID, MS_NODEV = 2, 4
MNT_DETACH = 2

_libc = ctypes.CDLL(None, use_errno=True)


def mount_workspace(folder: str, size_mb: int) -> bool:
    """Make ``folder`` (root's, empty) a tmpfs of ``size_mb``, root's and 0700; False where this
    server cannot mount (not root, a container without the right): a folder on disk."""
    if os.geteuid() != 0:
        return False
    return _libc.mount(b"tmpfs", os.fsencode(folder), b"tmpfs", MS_NOSUID | MS_NODEV,
                       f"size={size_mb}m,mode=0700".encode()) == 0


def unmount_workspace(folder: str) -> None:
    """Unmount the tmpfs on ``folder`` lazily: everything in it goes at once, however deep."""
    _libc.umount2(os.fsencode(folder), MNT_DETACH)
