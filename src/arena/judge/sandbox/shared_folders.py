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
path the program is meant to keep (its home, emptied by its box; its own folder, whose
files go back to their owner) is spared. Nothing is ever followed: a link the program
made is removed as a link.
"""

from __future__ import annotations

import os
import shutil
import stat

SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")
MAX_DEPTH = 4
"""How deep the world-writable folders inside a shared one are looked through."""


def sweep(uid: int, spared: tuple[str | None, ...] = ()) -> list[str]:
    """Remove everything ``uid`` owns in the shared folders but ``spared`` paths; what went."""
    keep = {os.path.realpath(path) for path in spared if path}
    removed: list[str] = []
    for folder in SHARED_FOLDERS:
        _sweep_folder(folder, uid, keep, removed, 0)
    return removed


def _inside_kept(path: str, keep: set[str]) -> bool:
    return any(path == kept or path.startswith(kept.rstrip("/") + "/") for kept in keep)


def _sweep_folder(folder: str, uid: int, keep: set[str], removed: list[str], depth: int) -> None:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        path = entry.path
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if _inside_kept(path, keep) or any(_inside_kept(kept, {path}) for kept in keep if kept != path):
            continue  # its home or its own folder, or a folder above them
        if info.st_uid == uid:
            _remove(path, info)
            removed.append(path)
        elif stat.S_ISDIR(info.st_mode) and info.st_mode & stat.S_IWOTH and depth < MAX_DEPTH:
            _sweep_folder(path, uid, keep, removed, depth + 1)


def _remove(path: str, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        shutil.rmtree(path, ignore_errors=True)  # never follows a link inside (fd-based on Linux)
    else:
        try:
            os.unlink(path)
        except OSError:
            pass
