"""Taking out of a program's folder only what it made: folders and regular files, by descriptors.

A build step (a competition's unpacking run, its compile run) writes in a fresh folder of
its box uid (uid_box/box.py's ``work_folder``). What it leaves there is a stranger's tree:
links to /etc/shadow, device nodes, FIFOs that block a reader, setuid files, extended
attributes, trees too deep or too large. :func:`copy_out` takes out of it folders and
regular files only, into a new folder of root's: every entry opened relative to its
folder's descriptor with ``O_NOFOLLOW`` (never a path through the box's folder, so a link
cannot lead the judge elsewhere), each file's bytes copied into a new file (mode 0644, or
0755 if it was executable: no setuid or setgid bit, no extended attribute, no owner of the
box's), bounded in depth, entries and bytes. Everything else is named in the notes it
returns ("bot.link: a symbolic link, not kept"), for the build log.

:func:`give_tree` is the other way: a tree root made (the unpacked source copied in) given to
the box uid that builds in it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass

MAX_DEPTH = 32
"""Folders nested at most in what is taken out."""
MAX_ENTRIES = 5000
"""Files and folders taken out at most."""
MAX_BYTES = 256 * 2**20
"""Bytes taken out at most, all files together."""
CHUNK = 1 << 20

_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


class TreeTooLarge(ValueError):
    """What a build left is beyond the bounds: the message says which."""


@dataclass
class _Budget:
    entries: int
    bytes: int
    max_entries: int
    max_bytes: int


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "neither a file nor a folder"


def shown(path: str) -> str:
    """A path as a log line shows it: a name with a newline or bytes that are no UTF-8 quoted."""
    return path if path.isprintable() else ascii(path)


def copy_out(source: str, target: str, *, skip: frozenset[str] = frozenset(), max_depth: int = MAX_DEPTH,
             max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> list[str]:
    """Copy the folders and regular files under ``source`` into ``target`` (made here, 0755, root's;
    it must not exist); ``skip``: names at the top left out silently (the build's scratch folder).
    Returns one note per entry not kept; raises TreeTooLarge past a bound, OSError if ``source``
    is not a folder or ``target`` cannot be made."""
    budget = _Budget(max_entries, max_bytes, max_entries, max_bytes)
    notes: list[str] = []
    top_source = os.open(source, _DIRECTORY)
    try:
        os.mkdir(target, 0o755)
        top_target = os.open(target, _DIRECTORY)
    except OSError:
        os.close(top_source)
        raise
    os.fchmod(top_target, 0o755)  # not the umask's
    # each level: its two descriptors, its path for the notes, its names still to copy, its depth
    levels = [(top_source, top_target, "", _names(top_source), 0)]
    try:
        while levels:
            source_fd, target_fd, where, names, depth = levels[-1]
            if not names:
                levels.pop()
                os.close(source_fd)
                os.close(target_fd)
                continue
            name = names.pop()
            if depth == 0 and name in skip:
                continue
            path = os.path.join(where, name)
            pushed = _copy_entry(source_fd, target_fd, name, path, depth, budget, notes, max_depth)
            if pushed is not None:
                levels.append((*pushed, path, _names(pushed[0]), depth + 1))
    finally:
        for source_fd, target_fd, *_ in levels:
            os.close(source_fd)
            os.close(target_fd)
    return notes


def _copy_entry(source_fd: int, target_fd: int, name: str, path: str, depth: int, budget: _Budget,
                notes: list[str], max_depth: int) -> tuple[int, int] | None:
    """Copy one entry; the descriptors of a folder to go into next (None: nothing to go into)."""
    budget.entries -= 1
    if budget.entries < 0:
        raise TreeTooLarge(f"the build left more than {budget.max_entries} files and folders")
    try:
        info = os.stat(name, dir_fd=source_fd, follow_symlinks=False)
    except OSError as error:
        notes.append(f"{shown(path)}: cannot be read ({error.strerror}), not kept")
        return None
    if stat.S_ISDIR(info.st_mode):
        if depth + 1 >= max_depth:
            raise TreeTooLarge(f"the build left folders nested more than {max_depth} deep ({shown(path)})")
        inner_source = os.open(name, _DIRECTORY, dir_fd=source_fd)
        try:
            os.mkdir(name, 0o755, dir_fd=target_fd)
            inner_target = os.open(name, _DIRECTORY, dir_fd=target_fd)
        except OSError:
            os.close(inner_source)
            raise
        try:
            os.fchmod(inner_target, 0o755)  # not the umask's
        except OSError:
            os.close(inner_source)
            os.close(inner_target)
            raise
        return inner_source, inner_target
    if not stat.S_ISREG(info.st_mode):
        notes.append(f"{shown(path)}: {_kind(info.st_mode)}, not kept")
        return None
    _copy_file(source_fd, target_fd, name, path, budget, notes)
    return None


def _copy_file(source_fd: int, target_fd: int, name: str, path: str, budget: _Budget, notes: list[str]) -> None:
    # O_NONBLOCK: should the entry have become a FIFO since it was looked at, opening it never waits
    reading = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY,
                      dir_fd=source_fd)
    try:
        info = os.fstat(reading)
        if not stat.S_ISREG(info.st_mode):
            notes.append(f"{shown(path)}: {_kind(info.st_mode)}, not kept")
            return
        mode = 0o755 if info.st_mode & 0o111 else 0o644
        writing = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode,
                          dir_fd=target_fd)
        try:
            os.fchmod(writing, mode)
            while chunk := os.read(reading, CHUNK):
                budget.bytes -= len(chunk)
                if budget.bytes < 0:
                    raise TreeTooLarge(f"the build left more than {budget.max_bytes // 2**20} MB of files")
                os.write(writing, chunk)
        finally:
            os.close(writing)
    finally:
        os.close(reading)


def give_tree(folder: str, uid: int) -> None:
    """Make ``uid`` the owner of ``folder`` and all it holds (a tree root made and nobody else has
    touched: walked by descriptors all the same, links changed as links)."""
    top = os.open(folder, _DIRECTORY)
    os.fchown(top, uid, uid)
    levels = [(top, _names(top))]
    try:
        while levels:
            fd, names = levels[-1]
            if not names:
                levels.pop()
                os.close(fd)
                continue
            name = names.pop()
            os.chown(name, uid, uid, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISDIR(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
                inner = os.open(name, _DIRECTORY, dir_fd=fd)
                levels.append((inner, _names(inner)))
    finally:
        for fd, _ in levels:
            os.close(fd)


def _names(fd: int) -> list[str]:
    with os.scandir(fd) as entries:
        return sorted((entry.name for entry in entries), reverse=True)  # popped in order
