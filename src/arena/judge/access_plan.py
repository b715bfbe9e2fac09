"""Which ACL entries a program's own uid needs: exactly its paths, nothing of anyone else's.

- Every folder above a needed path that others may not pass through: ``--x`` (pass
  through, not list).
- A needed file or folder that others may not read: ``r-x``.
- Its own folder, its home, and what is in them (at most OWN_ENTRIES_MAX): ``rwx`` on
  folders and programs, ``rw-`` on other files.
- Each hidden path (the tournament database and its -wal and -shm, the record, the
  other player's folder): ``---``, unless the program needs to pass through it.
"""

from __future__ import annotations

import os
import stat

from .access import ALL, NOTHING, READ_RUN, READ_WRITE, TRAVERSE

OWN_ENTRIES_MAX = 500
"""Files and folders in its own folder given to it at most: each costs a little at every start."""

SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
"""Files SQLite keeps beside a database: hidden with it."""


def _ancestors(path: str) -> list[str]:
    parents = []
    parent = os.path.dirname(path)
    while parent and parent not in parents:
        parents.append(parent)
        if parent == "/":
            break
        parent = os.path.dirname(parent)
    return parents


def _others_may(path: str, bits: int) -> bool:
    try:
        return os.stat(path).st_mode & bits == bits
    except OSError:
        return True  # gone: nothing to give


def own_entries(folder: str, hidden: set[str] = frozenset()) -> list[str]:
    """Its own folder and what is in it (not following links, not into hidden paths), at
    most OWN_ENTRIES_MAX."""
    found = [folder]
    for root, dirs, files in os.walk(folder):
        dirs[:] = [name for name in dirs
                   if not os.path.islink(os.path.join(root, name)) and os.path.join(root, name) not in hidden]
        found += [os.path.join(root, name) for name in dirs + files if os.path.join(root, name) not in hidden]
        if len(found) >= OWN_ENTRIES_MAX:
            return found[:OWN_ENTRIES_MAX]
    return found


def hidden_with_companions(hidden: tuple[str, ...]) -> list[str]:
    paths = []
    for path in (os.path.abspath(p) for p in hidden):
        paths.append(path)
        paths += [path + suffix for suffix in SQLITE_COMPANIONS if os.path.exists(path + suffix)]
    return [path for path in paths if os.path.lexists(path)]


def access_plan(own_folders: list[str], needed: list[str], hidden: tuple[str, ...]) -> dict[str, int]:
    """path -> the permissions the program's uid gets there (access.py's TRAVERSE, READ_RUN, ALL, NOTHING).

    ``own_folders``: its own folder (if its command names one) and its private home.
    """
    plan: dict[str, int] = {}
    hidden_paths = hidden_with_companions(hidden)
    wanted = list(needed) + own_folders
    passed = set()
    for path in wanted:
        for parent in _ancestors(path):
            passed.add(parent)
            if parent not in plan and not _others_may(parent, stat.S_IXOTH):
                plan[parent] = TRAVERSE
    for path in needed:
        if not _others_may(path, stat.S_IROTH | (stat.S_IXOTH if os.path.isdir(path) else 0)):
            plan[path] = READ_RUN
    for own_folder in own_folders:
        for entry in own_entries(own_folder, set(hidden_paths)):
            try:
                info = os.lstat(entry)
            except OSError:
                continue  # gone meanwhile
            if stat.S_ISLNK(info.st_mode):
                continue
            # a file another run of the program wrote: this run may write it too
            plan[entry] = ALL if stat.S_ISDIR(info.st_mode) or info.st_mode & 0o111 else READ_WRITE
    for path in hidden_paths:
        # what it must pass through, or its own folder, cannot be hidden from it
        if path in passed or path in plan or path in needed:
            continue
        plan[path] = NOTHING
    return plan


def reachable(path: str, plan: dict[str, int]) -> bool:
    """Can the program's uid get to ``path`` (pass through every folder above it)?"""
    for parent in _ancestors(path):
        if plan.get(parent, TRAVERSE if _others_may(parent, stat.S_IXOTH) else NOTHING) & TRAVERSE == 0:
            return False
    return True
