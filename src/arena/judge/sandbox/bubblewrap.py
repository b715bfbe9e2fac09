"""``--sandbox isolate``: the bubblewrap command line around a program.

No network, its own process, IPC and host-name namespaces, the whole file system
read-only, a private /tmp, and its own folder (needed_paths.py) and its home
writable. A root judge starts bwrap as the program's own unprivileged uid, so the
nobody it runs as inside is that uid outside, never root. Paths the judge names as
hidden (the tournament database, the other players' folders) are covered: a folder
by an empty one, a file by /dev/null, so the program can neither read nor write them.
"""

from __future__ import annotations

import os
import shutil
import sys
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .uid_box.acl_plan import hidden_with_companions
from .uid_box.needed_paths import ARENA_ROOT, program_folder, tool_folders

NOBODY = "65534"


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def _needed_under_tmp() -> list[str]:
    """What programs need that a private /tmp would hide: this Python, its virtual
    environment, arena itself (built-in players run from it) and tool folders on PATH,
    when they live under /tmp (a clone of arena in /tmp, say). Shown read-only."""
    return list(_needed_under_tmp_for(os.environ.get("PATH", "")))


@lru_cache(maxsize=8)
def _needed_under_tmp_for(path_variable: str) -> tuple[str, ...]:
    # looked up once per PATH, as tool_folders() is: resolving these paths cost about 2 ms of
    # the judge's CPU at every start of an isolated program, and they do not move under it
    wanted = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent,
              ARENA_ROOT, *tool_folders()}
    found = sorted({str(path.resolve()) for path in wanted if path.exists()})
    under_tmp = [path for path in found if _inside(path, "/tmp") and path != "/tmp"]
    # a folder already shown through its parent needs no mount of its own
    return tuple(path for path in under_tmp if not any(p != path and _inside(path, p) for p in under_tmp))


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def bwrap_argv(folder: str | None, hidden: tuple[str, ...] = (), *, home: str | None = None,
               own_user: bool = False, reachable: Callable[[str], bool] = lambda path: True,
               command_files: tuple[str, ...] = ()) -> list[str]:
    """The bwrap arguments, up to and including ``--``, for a program whose own folder is ``folder``.

    ``home`` is its private home, writable too. ``own_user``: bwrap runs as the program's
    own unprivileged uid (a root judge's), which its user namespace maps to nobody
    inside; never as root, whose nobody would be the host's root. A hidden path the
    program could not reach anyway (``reachable``) needs no cover, and bwrap, running
    as that uid, could not put one there. ``command_files``, the files its command names,
    stay visible, read-only, where the private /tmp would hide them (``/tmp/mybot``, whose
    folder, /tmp itself, is no program's own).
    """
    argv = [bwrap_path() or "bwrap", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
            "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    if own_user:
        argv += ["--unshare-user", "--uid", NOBODY, "--gid", NOBODY]
    under_tmp = _needed_under_tmp()
    for needed in under_tmp:
        argv += ["--ro-bind", needed, needed]  # the private /tmp must not hide arena or its Python
    shown = [p for p in (folder, home) if p] + under_tmp
    for path in command_files:
        if _inside(path, "/tmp") and path != "/tmp" and not any(_inside(path, p) for p in shown):
            argv += ["--ro-bind", path, path]
    covers, within = [], []  # hidden paths around its folder go first, those inside it after it
    for path in hidden_with_companions(hidden):
        if not os.path.exists(path) or (folder is not None and path == folder) or not reachable(path):
            continue
        cover = ["--tmpfs", path] if os.path.isdir(path) else ["--ro-bind", "/dev/null", path]
        (within if folder is not None and _inside(path, folder) else covers).append(cover)
    for cover in covers:
        argv += cover
    for writable in (folder, home):
        if writable is not None:
            argv += ["--bind", writable, writable]
    for cover in within:
        argv += cover
    return argv + ["--"]


__all__ = ["bwrap_argv", "bwrap_path", "program_folder"]
