"""What a program's mount namespace shows it: the words of private_mounts.h, which the judge's
clone child carries out before the program's init starts.

In every mode the program gets a /proc of its own PID namespace (its own processes only). Under
``limits`` and ``isolate`` it also gets one tmpfs of ``--disk`` on /tmp, /var/tmp, /dev/shm and
/run/lock, its home a folder of its own there (whatever it leaves goes with its namespace, and the
host's shared folders never see it), with what it needs there shown again at the same place (its
own folder, the files its command names, this Python, arena, the PATH folders: read-only but its
own folder where it may write there).

What it must not see is covered, each topmost such folder by a small tmpfs, and what it needs there
is shown again, read-only, at its place: under a root judge, each folder on the way to what it needs
that its box uid may not pass through (pyenv's Python under a 0700 /root, a bot in a 0700 folder);
under ``isolate``, the host's run-time folders (/run, /var), whose Unix sockets a read-only bind
does not keep it from, and under a judge not root the user's home (it runs as that user, who may
read all of it). A root judge's program is shown its own folder read-only through an idmapping of
its owner to its box uid (whatever the modes of its entries, however many there are); the hidden
paths it would still see (the database beside its bot, a world-readable record, the other players'
folders) are covered, under a root judge and under ``isolate``. Nothing on the host changes. Under
``isolate`` bubblewrap, started in this namespace, keeps all of it and makes the rest read-only
(bubblewrap.py).
"""

from __future__ import annotations

import os
import pwd
import stat
from dataclasses import dataclass
from functools import lru_cache

SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
"""Files SQLite keeps beside a database: hidden with it."""
RUN_TIME_FOLDERS = ("/run", "/var")
"""Host folders a program under ``isolate`` sees empty (but what it needs there): where the host's
services and the user's session keep their sockets (/run/user/UID, /var/run, /var/tmp)."""
SYSTEM_FOLDERS = ("/", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc", "/var", "/opt", "/srv", "/tmp",
                  "/run", "/dev", "/proc", "/sys", "/nonexistent")


@dataclass(frozen=True)
class BoxView:
    """What a program under ``limits`` or ``isolate`` is shown beyond what everybody may reach."""

    needed: tuple[str, ...]
    """Every path it reads (this Python, arena, the PATH folders and their installations)."""
    hidden: tuple[str, ...]
    """The paths it must not see (the database, the record, the other players' folders)."""
    idmap_fd: int | None
    """A user namespace mapping its own folder's owner to its uid (uid_pool.py), or None."""
    stranger: bool
    """It runs as a box uid of its own (a root judge's), which may not pass through others' private folders."""


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


def hidden_with_companions(hidden: tuple[str, ...]) -> list[str]:
    """The hidden paths as they really are, and the files SQLite keeps beside a database."""
    paths = []
    for path in (os.path.realpath(p) for p in hidden):
        paths.append(path)
        paths += [path + suffix for suffix in SQLITE_COMPANIONS if os.path.exists(path + suffix)]
    return [path for path in paths if os.path.lexists(path)]


def user_homes() -> list[str]:
    """The judge's user's home ($HOME, and the one the password database gives), if a private one."""
    homes = {os.path.expanduser("~")}
    try:
        homes.add(pwd.getpwuid(os.getuid()).pw_dir)
    except KeyError:
        pass
    real = {os.path.realpath(home) for home in homes if home and os.path.isdir(home)}
    return sorted(home for home in real if home not in SYSTEM_FOLDERS and not _inside(home, "/tmp"))


def _isolate_covers(stranger: bool) -> list[str]:
    """What ``isolate`` covers: the run-time folders, and the user's home where it runs as that user."""
    covers = [path for path in RUN_TIME_FOLDERS if os.path.isdir(path) and not os.path.islink(path)]
    return covers + ([] if stranger else user_homes())


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
    own = os.path.abspath(folder) if folder is not None and read_only_folder else None
    if view is not None:
        wanted |= {path for path in view.needed if path != working}
    stranger = view is not None and view.stranger
    # not what its own folder holds (a bot whose own folder is your home itself is shown it whole)
    covers = {cover for cover in (_isolate_covers(stranger) if mode == "isolate" else [])
              if folder is None or not _inside(cover, os.path.abspath(folder))}
    if stranger:
        covers |= {cover for cover in map(_cover_of, wanted | {working}) if cover is not None}
    covers = {cover for cover in covers if not any(_inside(cover, shared) for shared in _shared_folders())}
    covers = {cover for cover in covers if not any(other != cover and _inside(cover, other) for other in covers)}
    words += ["C" + cover for cover in sorted(covers)]
    covered = [*covers, *_shared_folders()]
    # (each found existing: needed_paths.py); a folder before what it holds
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
