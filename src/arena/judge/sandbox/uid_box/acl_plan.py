"""Which ACL entries a program's own uid needs: exactly its paths, nothing of anyone else's.

- Every folder above a needed path that others may not pass through: ``--x`` (pass
  through, not list).
- A needed file or folder that others may not read: ``r-x``.
- Its own folder and what is in it (at most OWN_ENTRIES_MAX): ``rwx`` on folders and
  programs, ``rw-`` on other files. (Its home belongs to its uid.)
- Each hidden path (the tournament database and its -wal and -shm, the record, the
  other player's folder): ``---``, unless the program needs to pass through it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from functools import lru_cache

from .acl import ALL, NOTHING, READ_RUN, READ_WRITE, TRAVERSE

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


@dataclass(frozen=True)
class FixedPlan:
    """What every program of a judge is given (judge_needs): kept on a uid while the judge holds it."""

    plan: dict[str, int]
    passed: frozenset[str]


@lru_cache(maxsize=8)
def fixed_plan(needed: tuple[str, ...]) -> FixedPlan:
    plan, passed = _reach(list(needed))
    return FixedPlan(plan, frozenset(passed))


def _reach(needed: list[str], skip: frozenset[str] = frozenset()) -> tuple[dict[str, int], set[str]]:
    """Pass-through on the folders above ``needed`` and read on ``needed`` where others lack them."""
    plan: dict[str, int] = {}
    passed = set()
    for path in needed:
        for parent in _ancestors(path):
            if parent in skip or parent in passed:
                continue
            passed.add(parent)
            if not _others_may(parent, stat.S_IXOTH):
                plan[parent] = TRAVERSE
    for path in needed:
        if not _others_may(path, stat.S_IROTH | (stat.S_IXOTH if os.path.isdir(path) else 0)):
            plan[path] = READ_RUN
    return plan, passed


def access_plan(own_folders: list[str], needed: list[str], hidden: tuple[str, ...],
                fixed: FixedPlan = FixedPlan({}, frozenset()), home: str | None = None) -> dict[str, int]:
    """path -> the permissions the program's uid gets there (acl.py's TRAVERSE, READ_RUN, ALL, NOTHING),
    beyond what ``fixed`` gives it already.

    ``own_folders``: its own folder, if its command names one. ``home``: its private home,
    its uid's own, which it only needs to get to.
    """
    hidden_paths = hidden_with_companions(hidden)
    plan, passed = _reach(list(needed) + own_folders + ([home] if home else []), skip=fixed.passed)
    for path in own_folders + ([home] if home else []):
        plan.pop(path, None)  # given more below, or its own
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
        if path in passed or path in fixed.passed or path in plan or path in needed or path in fixed.plan:
            continue
        plan[path] = NOTHING
    return {path: perm for path, perm in plan.items() if fixed.plan.get(path) != perm}


def reachable(path: str, plan: dict[str, int], fixed: FixedPlan = FixedPlan({}, frozenset())) -> bool:
    """Can the program's uid get to ``path`` (pass through every folder above it)?"""
    for parent in _ancestors(path):
        default = fixed.plan.get(parent, TRAVERSE if _others_may(parent, stat.S_IXOTH) else NOTHING)
        if plan.get(parent, default) & TRAVERSE == 0:
            return False
    return True
