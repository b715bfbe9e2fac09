"""``--sandbox isolate``: the bubblewrap command line around a program.

No network, its own process, IPC and host-name namespaces, the whole file system
read-only but its private /tmp and /dev/shm (the one tmpfs of ``--disk`` its mount namespace has,
its home on it: private_mounts.py).
/run and /var, where the host's Unix sockets live (a read-only bind does not stop
``connect()``), are empty read-only tmpfs but for what the program needs there. Its own
folder (needed_paths.py) is read-only under a root judge (nothing it writes outlives its
run; a build step's fresh folder is the exception) and writable under a judge not root,
whose user's folder it is. Under a judge that is not root, the program runs as the judge's user, who
may read everything in their own home: that home is covered by an empty tmpfs, and
only what the program needs there (this Python, arena, the PATH folders, the files
its command names) is shown back, read-only, with its own folder writable as ever. A root
judge starts bwrap as the program's own unprivileged uid, so the nobody it runs as inside
is that uid outside, never root: its mount namespace, made before bwrap starts
(private_mounts.py), already shows that uid what it may reach and covers what it must not
see, which bwrap's binds keep. Under a judge not root, paths the judge names as hidden (the
tournament database, the other players' folders) are covered here: a folder by an empty one,
a file by /dev/null, so the program can neither read nor write them.
"""

from __future__ import annotations

import os
import pwd
import shutil
import sys
from functools import lru_cache
from pathlib import Path

from .uid_box.needed_paths import ARENA_ROOT, tool_folders

NOBODY = "65534"
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
"""Files SQLite keeps beside a database: hidden with it."""


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def needed_under(covered: str) -> tuple[str, ...]:
    """What every program needs that a cover of ``covered`` (its private /tmp, a user's home) would
    hide: this Python, its virtual environment, arena itself (built-in players run from it) and tool
    folders on PATH, when they live there (a clone of arena in /tmp, say). Shown again, read-only."""
    return _needed_under(covered, os.environ.get("PATH", ""))


@lru_cache(maxsize=16)
def _needed_under(covered: str, path_variable: str) -> tuple[str, ...]:
    """What every program needs inside ``covered`` (/tmp, a user's home), which its sandbox hides."""
    # looked up once per PATH, as tool_folders() is: resolving these paths cost about 2 ms of
    # the judge's CPU at every start of an isolated program, and they do not move under it
    wanted = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent,
              ARENA_ROOT, *tool_folders()}
    # a version manager's shims (pyenv, rbenv: ~/.pyenv/shims) run it from the folder above them
    wanted |= {folder.parent for folder in tool_folders() if folder.name == "shims"}
    found = sorted({str(path.resolve()) for path in wanted if path.exists()})
    return _outermost([path for path in found if _inside(path, covered) and path != covered])


def _outermost(paths: list[str]) -> tuple[str, ...]:
    # a folder already shown through its parent needs no mount of its own
    return tuple(path for path in paths if not any(p != path and _inside(path, p) for p in paths))


def hidden_with_companions(hidden: tuple[str, ...]) -> list[str]:
    """The hidden paths as they really are, and the files SQLite keeps beside a database."""
    paths = []
    for path in (os.path.realpath(p) for p in hidden):
        paths.append(path)
        paths += [path + suffix for suffix in SQLITE_COMPANIONS if os.path.exists(path + suffix)]
    return [path for path in paths if os.path.lexists(path)]


SYSTEM_FOLDERS = ("/", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc", "/var", "/opt", "/srv", "/tmp",
                  "/run", "/dev", "/proc", "/sys", "/nonexistent")


def user_homes() -> list[str]:
    """The judge's user's home ($HOME, and the one the password database gives), if a private one."""
    homes = {os.path.expanduser("~")}
    try:
        homes.add(pwd.getpwuid(os.getuid()).pw_dir)
    except KeyError:
        pass
    real = {os.path.realpath(home) for home in homes if home and os.path.isdir(home)}
    return sorted(home for home in real if home not in SYSTEM_FOLDERS and not _inside(home, "/tmp"))


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def bwrap_argv(folder: str | None, hidden: tuple[str, ...] = (), *, own_user: bool = False,
               command_files: tuple[str, ...] = (), folder_writable: bool = True) -> list[str]:
    """The bwrap arguments, up to and including ``--``, for a program whose own folder is ``folder``.

    bwrap starts in the program's mount namespace (private_mounts.py), whose /tmp is its private
    tmpfs of ``--disk`` with its home on it and what it needs under /tmp shown again: bound again,
    writable, on /tmp and /dev/shm. ``own_user``: bwrap runs as the program's own unprivileged uid
    (a root judge's), which its user namespace maps to nobody inside; never as root, whose nobody
    would be the host's root (its hidden paths are covered already, in the namespace bwrap starts
    in). ``command_files``, the files its command names, stay visible, read-only, where a cover of
    a user's home would hide them. ``folder_writable``: its folder bound read-write (a judge not
    root's, a build step's fresh folder), else read-only.
    """
    argv = [bwrap_path() or "bwrap", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
            "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            # one tmpfs, one budget: --dev's own /dev/shm would have no size (memory past its limit, unseen)
            "--bind", "/tmp", "/tmp", "--bind", "/tmp", "/dev/shm"]
    if own_user:
        argv += ["--unshare-user", "--uid", NOBODY, "--gid", NOBODY]
    # the host's run-time folders hold its Unix sockets (a session bus, an ssh-agent, a database), which
    # a read-only bind does not stop connect() from reaching: never shown; and under a judge not root,
    # it runs as the judge's user, who may read all of their home
    covered = [path for path in RUN_TIME_FOLDERS if os.path.isdir(path) and not os.path.islink(path)]
    covered += user_homes() if not own_user else []
    argv += _cover_homes(covered, command_files)
    covers: list[list[str]] = []  # hidden paths around its folder go first, those inside it after it
    within: list[list[str]] = []
    for path in () if own_user else hidden_with_companions(hidden):
        if not os.path.exists(path) or (folder is not None and path == folder):
            continue
        cover = ["--tmpfs", path] if os.path.isdir(path) else ["--ro-bind", "/dev/null", path]
        (within if folder is not None and _inside(path, folder) else covers).append(cover)
    for cover in covers:
        argv += cover
    if folder is not None:
        argv += ["--bind" if folder_writable else "--ro-bind", folder, folder]
    for cover in within:
        argv += cover
    for path in covered:  # read-only once everything inside it is mounted: nothing to fill there
        argv += ["--remount-ro", path]
    return argv + ["--"]


RUN_TIME_FOLDERS = ("/run", "/var")
"""Host folders a program under ``isolate`` sees empty (but what it needs there): where the host's
services and the user's session keep their sockets (/run/user/UID, /var/run, /var/tmp)."""


def _cover_homes(homes: list[str], command_files: tuple[str, ...]) -> list[str]:
    """An empty tmpfs over each of ``homes`` (the user's homes, the run-time folders), and what
    the program needs there shown back read-only: this Python, arena and the PATH folders
    (_needed_under), the files its command names. Its own folder, bound after this, shows through too; its working
    folder is made (empty, unless something shown holds it) so that relative paths still work."""
    argv: list[str] = []
    for covered in homes:
        argv += ["--tmpfs", covered]
        working = os.getcwd()
        if _inside(working, covered) and working != covered:
            argv += ["--dir", working]
        needed = {*needed_under(covered),
                  *(path for path in command_files if _inside(path, covered) and path != covered)}
        for path in _outermost(sorted(needed)):
            argv += ["--ro-bind", path, path]
    return argv


__all__ = ["bwrap_argv", "bwrap_path", "user_homes"]
