"""Which ACL entries a program's own uid needs: exactly its paths, nothing of anyone else's.

- Every folder above a needed path that others may not pass through: ``--x`` (pass
  through, not list).
- A needed file or folder that others may not read: ``r-x``.
- Its own folder: ``r-x``, and what is in it (at most OWN_ENTRIES_MAX) that others may not
  read, or may write: ``r-x`` on folders and programs, ``r--`` on other files. A named entry
  outranks the permissions of everybody else, so the folder is read-only to it even where
  others may write it: nothing it writes outlives its run. (Its home belongs to its uid.)
- Each hidden path (the tournament database and its -wal and -shm, the record, the
  other player's folder): ``---``, unless the program needs to pass through it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import AbstractSet

from .acl import NOTHING, READ, READ_RUN, TRAVERSE

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


def own_entries(folder: str, hidden: AbstractSet[str] = frozenset()) -> list[str]:
    """Its own folder and what is in it (not following links, not into hidden paths), at
    most OWN_ENTRIES_MAX, breadth first (no recursion, however deep the folder is)."""
    found = [folder]
    pending = [folder]
    while pending and len(found) < OWN_ENTRIES_MAX:
        try:
            with os.scandir(pending.pop(0)) as entries:
                for entry in entries:
                    if entry.path in hidden:
                        continue
                    found.append(entry.path)
                    if entry.is_dir(follow_symlinks=False):
                        pending.append(entry.path)
        except OSError:
            continue  # gone, or too long a path: nothing it may read through the judge
    return found[:OWN_ENTRIES_MAX]


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
    shut: frozenset[str] = frozenset()
    """Entries of private folders on the way that it is refused (``---``), beside what it needs."""
    listed: tuple[tuple[str, int], ...] = ()
    needed: frozenset[str] = frozenset()
    """The private folders whose entries were shut, with their mtime then: a new entry there
    (root makes /root/notes, world-readable) makes the plan be made again."""

    def fresh(self) -> bool:
        for folder, mtime in self.listed:
            try:
                if os.stat(folder).st_mtime_ns != mtime:
                    return False
            except OSError:
                return False
        return True


_fixed_plans: dict[tuple[str, ...], FixedPlan] = {}


def fixed_plan(needed: tuple[str, ...]) -> FixedPlan:
    """The plan of what every program needs: made once per judge, again when a private folder on
    the way changed (a few stats a start)."""
    known = _fixed_plans.get(needed)
    if known is not None and known.fresh():
        return known
    shut: set[str] = set()
    listed: list[tuple[str, int]] = []
    plan, passed = _reach(list(needed), shut=shut, listed=listed)
    made = FixedPlan(plan, frozenset(passed), frozenset(shut), tuple(listed), frozenset(needed))
    if len(_fixed_plans) >= 8:
        _fixed_plans.clear()
    _fixed_plans[needed] = made
    return made


_NO_PLAN = FixedPlan({}, frozenset())

_siblings_seen: dict[str, tuple[int, tuple[str, ...]]] = {}


def _open_entries(folder: str) -> tuple[int, tuple[str, ...]]:
    """The folder's mtime and the names in it everybody else may do something with (read, write,
    pass through; links take no ACL), remembered until the folder changes."""
    mtime = os.stat(folder).st_mtime_ns
    known = _siblings_seen.get(folder)
    if known is not None and known[0] == mtime:
        return known
    names = []
    with os.scandir(folder) as entries:
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISLNK(info.st_mode) and info.st_mode & 0o007:
                names.append(entry.name)
    if len(_siblings_seen) >= 512:
        _siblings_seen.clear()
    _siblings_seen[folder] = (mtime, tuple(names))
    return _siblings_seen[folder]


def _reach(needed: list[str], fixed: FixedPlan = _NO_PLAN, shut: set[str] | None = None,
           listed: list | None = None) -> tuple[dict[str, int], set[str]]:
    """Pass-through on the folders above ``needed`` and read on ``needed`` where others lack them,
    and ``---`` on the other entries of a private folder on the way that others could open.

    Why ``---`` entries: a private folder (``/root``, 0700) that the uid is let through (``--x``)
    to reach its interpreter would otherwise let it open by name whatever in it is
    world-readable (``/root/.bashrc``, ``#include "/root/.bashrc"`` in a build). A mount
    namespace that shows only the needed paths would need a privileged helper process at every
    start under ``limits``; these entries are the mechanism the hidden paths already use, work
    alike under ``limits`` and ``isolate`` (bwrap keeps the host's ACLs), cost nothing once
    given to a kept uid, and are made again when the folder gains an entry (its mtime). Every
    folder below a private one on the way is private too (only this uid gets there), so its
    other open entries are shut as well: ``/root/.pyenv`` shows the uid its Python, not
    pyenv's other versions.
    """
    plan: dict[str, int] = {}
    passed: set[str] = set()
    private: dict[str, bool] = {}
    for path in needed:
        for parent in _ancestors(path):
            if parent in passed:
                continue
            passed.add(parent)
            if parent in fixed.passed:
                continue  # given with what every program needs
            # a folder shut for every program (beside what they need) that this one needs
            if not _others_may(parent, stat.S_IXOTH) or fixed.plan.get(parent) == NOTHING:
                plan[parent] = TRAVERSE
    for path in needed:
        if not _others_may(path, stat.S_IROTH | (stat.S_IXOTH if os.path.isdir(path) else 0)) or \
                fixed.plan.get(path) == NOTHING:
            plan[path] = READ_RUN
    wanted = set(needed) | fixed.needed
    for folder in sorted(passed):
        if folder in fixed.passed or not _private(folder, private):
            continue
        if folder in wanted or any(parent in wanted for parent in _ancestors(folder)):
            continue  # what it needs, all of it (its own folder, its Python's tree, the working folder)
        try:
            mtime, names = _open_entries(folder)
        except OSError:
            continue
        if listed is not None:
            listed.append((folder, mtime))
        for name in names:
            entry = os.path.join(folder, name)
            if entry in passed or entry in wanted or entry in plan or fixed.plan.get(entry) == NOTHING:
                continue
            plan[entry] = NOTHING
            if shut is not None:
                shut.add(entry)
    return plan, passed


def _private(folder: str, known: dict[str, bool]) -> bool:
    """Is ``folder`` one that others cannot get to (it, or a folder above it, lets them not pass)?"""
    if folder not in known:
        parent = os.path.dirname(folder)
        known[folder] = not _others_may(folder, stat.S_IXOTH) or (
            parent != folder and _private(parent, known))
    return known[folder]


def access_plan(own_folders: list[str], needed: list[str], hidden: tuple[str, ...],
                fixed: FixedPlan = _NO_PLAN, home: str | None = None,
                shut: set[str] | None = None) -> dict[str, int]:
    """path -> the permissions the program's uid gets there (acl.py's TRAVERSE, READ, READ_RUN, NOTHING),
    beyond what ``fixed`` gives it already.

    ``own_folders``: its own folder, if its command names one (read-only to it). ``home``: its private home,
    its uid's own, which it only needs to get to. ``shut`` gets the entries of private
    folders refused to it beside what it needs (see _reach).
    """
    hidden_paths = hidden_with_companions(hidden)
    plan, passed = _reach(list(needed) + own_folders + ([home] if home else []), fixed, shut=shut)
    for path in own_folders + ([home] if home else []):
        plan.pop(path, None)  # given more below, or its own
    for own_folder in own_folders:
        plan[own_folder] = READ_RUN  # whatever others may: read-only to it
        for entry in own_entries(own_folder, set(hidden_paths)):
            if entry == own_folder:
                continue
            try:
                info = os.lstat(entry)
            except OSError:
                continue  # gone meanwhile
            if stat.S_ISLNK(info.st_mode):
                continue
            runs = stat.S_ISDIR(info.st_mode) or info.st_mode & 0o111
            wanted = READ_RUN if runs else READ
            if info.st_mode & 0o007 != wanted:  # others may not read it, or may write it: say what it may
                plan[entry] = wanted
    for path in hidden_paths:
        # what it must pass through, or its own folder, cannot be hidden from it
        if path in passed or path in fixed.passed or path in needed or path in fixed.plan:
            continue
        if path in plan and plan[path] != NOTHING:
            continue
        plan[path] = NOTHING
        if shut is not None:
            shut.discard(path)  # hidden on purpose: an ACL it cannot take is an error
    return {path: perm for path, perm in plan.items() if fixed.plan.get(path) != perm}


def reachable(path: str, plan: dict[str, int], fixed: FixedPlan = FixedPlan({}, frozenset())) -> bool:
    """Can the program's uid get to ``path`` (pass through every folder above it)?"""
    for parent in _ancestors(path):
        default = fixed.plan.get(parent, TRAVERSE if _others_may(parent, stat.S_IXOTH) else NOTHING)
        if plan.get(parent, default) & TRAVERSE == 0:
            return False
    return True
