"""What a box uid left in the folders every user may write: removed when its program ends.

``/tmp``, ``/var/tmp``, ``/dev/shm`` and ``/run/lock`` are writable by everyone and are
not private under ``limits``. A program could leave something there for a later program
of another uid (a setuid copy of a helper, a named pipe, a file that another program
trusts), or fill them. Its uid is its own while it runs, so whatever that uid owns
there once its processes are dead is the program's leftovers: all of it goes, before
the uid is handed to another program. Under ``isolate`` the program sees a private
/tmp and /dev/shm and a read-only rest: nothing to sweep (the guardian sweeps every uid
of a judge that died, whatever its mode).

Only the folders themselves and, inside them, folders everybody may write (a sticky
``/tmp/.X11-unix``) are looked through: a uid can make a name nowhere else there. A
path the box clears itself (its home, emptied by its box; its own folder, read-only to it)
is spared. Nothing is ever followed: a link the program made is removed as a link, and a
tree it made is removed by tree_removal.py (iterative, by descriptors, bounded), however
deep or wide. Every removal of one sweep shares one bound in time and entries.
"""

from __future__ import annotations

import os
import stat

from .tree_removal import Bounds, remove_entry

SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")
MAX_DEPTH = 4
"""How deep the world-writable folders inside a shared one are looked through."""


def snapshot() -> dict[str, int]:
    """When each shared folder, and each world-writable folder in them, last changed: taken as a
    program starts, so that its sweep lists again only the folders where a name came or went.

    A folder that changed since it was last listed is listed now, for the world-writable folders
    in it: one made before the program started (not during it) must be looked into all the same."""
    changed: dict[str, int] = {}
    for folder in SHARED_FOLDERS:
        _note(folder, 0, changed)
    return changed


def _note(folder: str, depth: int, changed: dict[str, int]) -> None:
    try:
        changed[folder] = os.stat(folder, follow_symlinks=False).st_mtime_ns
    except OSError:
        return
    if _listed_at.get(folder) != changed[folder]:
        _listed_at[folder] = changed[folder]
        _world_writable[folder] = {entry.path for entry in _entries(folder) if _open_folder(entry)}
    if depth < MAX_DEPTH:
        for inner in sorted(_world_writable.get(folder, ())):
            _note(inner, depth + 1, changed)


def _entries(folder: str) -> list[os.DirEntry]:
    try:
        return list(os.scandir(folder))
    except OSError:
        return []


def _open_folder(entry: os.DirEntry) -> bool:
    """A folder anyone may make a name in (not followed if it is a link)."""
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and bool(info.st_mode & stat.S_IWOTH)


_world_writable: dict[str, set[str]] = {}
"""The world-writable folders found inside each folder listed (few: /tmp/.X11-unix...)."""
_listed_at: dict[str, int] = {}
"""Each folder's modification time when it was last listed for them."""


def sweep(uid: int, spared: tuple[str | None, ...] = (), since: dict[str, int] | None = None) -> list[str]:
    """Remove everything ``uid`` owns in the shared folders but ``spared`` paths; what went.

    With ``since`` (a :func:`snapshot` from the program's start) a folder whose modification time is
    the same is not listed again: no name was made or removed in it meanwhile (the program could
    only set it to the present moment, which differs). /tmp may hold thousands of names: listing
    and statting them all took 7 ms a program, more than a whole game between two C programs."""
    keep = {os.path.realpath(path) for path in spared if path}
    removed: list[str] = []
    bounds = Bounds()
    for folder in SHARED_FOLDERS:
        _sweep_folder(folder, uid, keep, removed, 0, since, bounds)
    return removed


def _inside_kept(path: str, keep: set[str]) -> bool:
    return any(path == kept or path.startswith(kept.rstrip("/") + "/") for kept in keep)


def _sweep_folder(folder: str, uid: int, keep: set[str], removed: list[str], depth: int,
                  since: dict[str, int] | None, bounds: Bounds) -> None:
    if since is not None and folder in since:
        try:
            unchanged = os.stat(folder, follow_symlinks=False).st_mtime_ns == since[folder]
        except OSError:
            return
        if unchanged:  # nothing new here: only the world-writable folders inside may have news
            for inner in sorted(_world_writable.get(folder, ())):
                _sweep_folder(inner, uid, keep, removed, depth + 1, since, bounds)
            return
    for entry in _entries(folder):
        path = entry.path
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        mine = info.st_uid == uid
        open_folder = stat.S_ISDIR(info.st_mode) and info.st_mode & stat.S_IWOTH and not mine
        if not (mine or open_folder):
            continue  # someone else's, where the uid could make no name: nothing to look at
        if _inside_kept(path, keep) or any(_inside_kept(kept, {path}) for kept in keep if kept != path):
            continue  # its home or its own folder, or a folder above them
        if mine:
            _remove(folder, entry.name, bounds)
            removed.append(path)
        elif depth < MAX_DEPTH:
            _sweep_folder(path, uid, keep, removed, depth + 1, since, bounds)


def _remove(folder: str, name: str, bounds: Bounds) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return
    try:
        remove_entry(fd, name, bounds)
    finally:
        os.close(fd)
