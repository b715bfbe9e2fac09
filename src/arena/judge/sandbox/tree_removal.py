"""Removing a tree a program made: iteratively, through descriptors, bounded in time and entries.

Whatever a program leaves (in its home under ``none``, in a build folder) is a stranger's tree:
10,000 nested folders, names that make a path longer than PATH_MAX, 200,000 files, names
with newlines or bytes that are no UTF-8. ``shutil.rmtree`` recurses (Python 3.11: a
RecursionError near a depth of 1000, which stopped a whole tournament) and a walk by path
strings fails past PATH_MAX. Here one folder is open at a time, each entry is named
relative to it (never longer than 255 bytes), a link is removed as a link and never
followed, and the walk climbs back through ``..`` only after checking that it reaches the
very folder it came down from (device and inode): a folder moved away meanwhile by another
user cannot lead the removal anywhere else. A walk that meets its bound stops, saying so;
what it could not remove stays where the judge alone can reach it, or is a tmpfs the
caller unmounts.

This is the one remover of what programs made on the host: a ``--sandbox none`` program's home,
a competition's build folders, the folders a worker was shipped. (Under ``limits`` and ``isolate``
nothing a program writes is on the host: its private /tmp and home go with its mount namespace.)
"""

from __future__ import annotations

import errno
import os
import stat
import time

MAX_ENTRIES = 1_000_000
"""Entries one removal goes through at most (a program's tmpfs of 256 MB holds fewer)."""
MAX_SECONDS = 60.0
"""How long one removal may take at most."""

_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


class Bounds:
    """What a removal may still spend: entries and time. Shared by the removals of one clean-up."""

    def __init__(self, entries: int = MAX_ENTRIES, seconds: float = MAX_SECONDS) -> None:
        self.entries = entries
        self.deadline = time.monotonic() + seconds

    def spend(self) -> bool:
        """One more entry; False once the bound is met."""
        self.entries -= 1
        return self.entries >= 0 and (self.entries % 256 != 0 or time.monotonic() < self.deadline)


def remove_path(path: str | bytes, bounds: Bounds | None = None) -> bool:
    """Remove ``path`` (a file, a link, a folder and all it holds) without following any link;
    True when it is gone (or was never there)."""
    parent, name = os.path.split(os.fsencode(path).rstrip(b"/") or b"/")
    try:
        parent_fd = os.open(parent or b".", _DIRECTORY)
    except OSError:
        return not os.path.lexists(path)
    try:
        return remove_entry(parent_fd, name, bounds)
    finally:
        os.close(parent_fd)


def remove_entry(parent_fd: int, name: str | bytes, bounds: Bounds | None = None) -> bool:
    """Remove the entry ``name`` of the open folder ``parent_fd``, whatever it is; True when it is gone."""
    bounds = bounds or Bounds()
    try:
        os.unlink(name, dir_fd=parent_fd)
        return True
    except FileNotFoundError:
        return True
    except IsADirectoryError:
        pass
    except OSError as error:
        if error.errno != errno.EPERM:  # Linux says EISDIR for a folder; EPERM elsewhere
            return False
    try:
        fd = os.open(name, _DIRECTORY, dir_fd=parent_fd)
    except OSError:
        return False
    emptied = empty_open_folder(fd, bounds)  # closes fd
    if not emptied:
        return False
    try:
        os.rmdir(name, dir_fd=parent_fd)
    except FileNotFoundError:
        pass
    except OSError:
        return False
    return True


def _identity(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino


def empty_open_folder(fd: int, bounds: Bounds | None = None) -> bool:
    """Remove everything in the open folder ``fd``, which this closes; True when it is empty.

    Depth first, one folder open at a time: a level keeps its identity and the names it has
    still to remove, so 10,000 nested folders cost 10,000 short lists, never 10,000
    descriptors or Python frames."""
    bounds = bounds or Bounds()
    # each level: (its identity, the names still to remove in it, the name it has in its parent)
    levels: list[tuple[tuple[int, int], list[bytes], bytes]] = []
    try:
        levels.append((_identity(fd), _names(fd), b""))
        while levels:
            identity, names, _ = levels[-1]
            if names:
                name = names.pop()
                if not bounds.spend():
                    return False
                try:
                    os.unlink(name, dir_fd=fd)
                    continue
                except FileNotFoundError:
                    continue
                except IsADirectoryError:
                    pass
                except OSError:
                    if not _is_folder(fd, name):
                        continue  # cannot go: left for the caller (its tmpfs, its bound)
                try:
                    inner = os.open(name, _DIRECTORY, dir_fd=fd)
                except OSError:
                    continue
                os.close(fd)
                fd = inner
                levels.append((_identity(fd), _names(fd), name))
                continue
            # this level is done: back to its parent, the very folder it came from
            _, _, name = levels.pop()
            if not levels:
                break
            try:
                parent = os.open(b"..", _DIRECTORY, dir_fd=fd)
            except OSError:
                return False
            os.close(fd)
            fd = parent
            if _identity(fd) != levels[-1][0]:
                return False  # moved meanwhile: what is above is no longer this tree
            try:
                os.rmdir(name, dir_fd=fd)
            except OSError:
                pass
        return not _names(fd)
    except OSError:
        return False
    finally:
        os.close(fd)


def _names(fd: int) -> list[bytes]:
    # bytes: a name that is no UTF-8 comes back exactly as it is on disk
    with os.scandir(fd) as entries:
        return [os.fsencode(entry.name) for entry in entries]


def _is_folder(fd: int, name: bytes) -> bool:
    try:
        return stat.S_ISDIR(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode)
    except OSError:
        return False
