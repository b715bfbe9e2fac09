"""What a program's mount namespace shows it: the words of private_mounts.h, which the judge's
clone child carries out before the program's init starts.

In every mode the program gets a /proc of its own PID namespace (its own processes only). Under
``limits`` and ``isolate`` it also gets one tmpfs of ``--disk`` on /tmp, /var/tmp, /dev/shm and
/run/lock, its home a folder of its own there (whatever it leaves goes with its namespace, and the
host's shared folders never see it), with what it needs under /tmp shown again at the same place
(its own folder, the files its command names, this Python, arena: read-only but its own folder where
it may write there). Under ``isolate`` bubblewrap, started in that namespace, binds that /tmp again
and mounts the rest (bubblewrap.py).

A root judge's program runs as a box uid of its own, which may not pass through a private folder on
the way to what it needs (pyenv's Python under a 0700 /root, a bot in a 0700 folder). Its namespace
shows it exactly that (a :class:`BoxView`): each topmost folder on the way that its uid may not pass
through is covered by a small tmpfs of root's, and what it needs there is shown again, read-only;
its own folder is shown read-only through an idmapping of its owner to the box uid (whatever the
modes of its entries, however many there are); the hidden paths it would still see (the database
beside its bot, a world-readable record) are covered. Nothing on the host changes.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from functools import lru_cache

from .bubblewrap import hidden_with_companions, needed_under


@dataclass(frozen=True)
class BoxView:
    """What a root judge's box uid is shown beyond what everybody may reach."""

    needed: tuple[str, ...]
    """Every path it reads (its command's files, this Python, arena, the PATH folders)."""
    hidden: tuple[str, ...]
    """The paths it must not see (the database, the record, the other players' folders)."""
    idmap_fd: int | None
    """A user namespace mapping its own folder's owner to its uid (uid_pool.py), or None."""


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _parts(path: str) -> list[str]:
    return path.split("/")


@lru_cache(maxsize=1024)
def _cover_of(path: str) -> str | None:
    """The topmost folder above ``path`` that a stranger's uid may not pass through (None: none).
    Looked up once per path (a few stats each, some tens of paths at every start): a folder opened
    since is covered all the same (nothing more is hidden), one shut since shuts the program out."""
    at = "/"
    for part in path.strip("/").split("/")[:-1]:
        at = os.path.join(at, part)
        try:
            if not os.stat(at).st_mode & stat.S_IXOTH:
                return at
        except OSError:
            return None
    return None


@lru_cache(maxsize=1)
def _shared_folders() -> tuple[str, ...]:
    """The folders the private tmpfs is mounted on (private_mounts.h's "T"): /tmp, and those of
    /var/tmp, /dev/shm and /run/lock that are folders (a link leads to one of them)."""
    return ("/tmp", *(path for path in ("/var/tmp", "/dev/shm", "/run/lock")
                      if os.path.isdir(path) and not os.path.islink(path)))


def mount_words(mode: str, *, folder: str | None, home: str | None, needed: tuple[str, ...],
                read_only_folder: bool, disk_mb: int, view: BoxView | None = None) -> list[str]:
    """The plan for one program (see private_mounts.h for the words); ``home``, its home to make on its
    private /tmp."""
    if mode == "none":
        return ["P"]
    words = ["P", f"T{disk_mb * 2**20}"]
    working = os.getcwd()
    writable = {os.path.abspath(folder)} if folder and not read_only_folder else set()
    wanted = writable | {os.path.abspath(path) for path in (folder, *needed) if path}
    wanted |= {path for shared in _shared_folders() for path in needed_under(shared)}
    own = os.path.abspath(folder) if folder is not None and view is not None and read_only_folder else None
    covers: set[str] = set()
    if view is not None:
        wanted |= {path for path in view.needed if path != working}
        covers = {cover for cover in map(_cover_of, wanted | {working}) if cover is not None}
        covers = {cover for cover in covers if not any(_inside(cover, shared) for shared in _shared_folders())}
        covers = {cover for cover in covers if not any(other != cover and _inside(cover, other) for other in covers)}
        words += ["C" + cover for cover in sorted(covers)]
    covered = [*covers, *_shared_folders()]
    # (each found existing: needed_paths.py, needed_under); a folder before what it holds
    under = sorted((path for path in wanted if path != own and any(_inside(path, cover) and path != cover
                                                                   for cover in covered)), key=_parts)
    shown: list[str] = []
    for path in under:  # a path shown through a folder shown already needs no mount of its own
        if not (shown and _inside(path, shown[-1])) and not (own is not None and _inside(path, own)):
            shown.append(path)
    if own is not None:
        shown.append(own)
    for path in sorted(shown, key=_parts):
        if path == own and view is not None and view.idmap_fd is not None:
            words.append(f"I{view.idmap_fd}{path}")
        else:
            words.append(("W" if path in writable else "S") + path)
    if any(_inside(working, cover) for cover in covered):
        if working not in covered and not any(_inside(working, path) for path in shown):
            words.append("D" + working)
        words.append("G" + working)  # entered through what it is shown, never the folder beneath
    if view is not None:
        for path in hidden_with_companions(view.hidden):
            if any(_inside(needed, path) and needed != path for needed in wanted) or path == own:
                continue  # what it must pass through, or its own folder, cannot be hidden from it
            if any(_inside(path, shown_path) for shown_path in shown) or not any(
                    _inside(path, cover) for cover in covered):
                words.append("H" + path)  # it would still see it
    if home is not None:
        words.append("U" + home)
    return words
