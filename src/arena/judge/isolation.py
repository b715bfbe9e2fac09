"""``--sandbox isolate``: the bubblewrap command line around a program.

No network, its own process, IPC and host-name namespaces, the whole file system
read-only, a private /tmp, and its own folder writable; user nobody when the
judge runs as root. Paths the judge names as hidden (the tournament database,
the other players' folders) are covered: a folder by an empty one, a file by
/dev/null, so the program can neither read nor write them.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

NOBODY = "65534"


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def _tool_folders() -> set[Path]:
    """Where interpreters and system tools live: the folders on PATH, and this Python's."""
    folders = {Path(sys.executable).parent}
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        if entry:
            folders.add(Path(entry))
    return {folder.resolve() for folder in folders if folder.is_dir()}


def program_folder(command: str | list[str]) -> str | None:
    """A program's own folder: the one it may write to (and see, if under /tmp) under ``isolate``.

    That is the folder of the first file its command names (``./mybot``, the
    ``bot.py`` of ``python3 bot.py``), passing over interpreters and tools (in a
    folder on PATH, such as ``/usr/bin/python3``, or this Python's own), or a folder
    it names itself (``java -cp build Main``). None when it names none: a built-in
    player, ``python3 -c '...'``.
    """
    if isinstance(command, str):
        try:
            words = shlex.split(command)
        except ValueError:
            return None
    else:
        words = list(command)
    tools = _tool_folders()
    for index, word in enumerate(words):
        if index == 0 and "/" not in word:
            continue  # a command found on PATH
        path = Path(word).expanduser()
        if not path.exists():
            continue
        path = path.resolve()
        if path.is_dir():
            return str(path)
        if Path(word).expanduser().absolute().parent.resolve() not in tools and path.parent not in tools:
            return str(path.parent)
    return None


def _needed_under_tmp() -> list[str]:
    """What programs need that a private /tmp would hide: this Python, its virtual
    environment, arena itself (built-in players run from it) and tool folders on PATH,
    when they live under /tmp (a clone of arena in /tmp, say). Shown read-only."""
    arena_root = Path(__file__).resolve().parents[2]  # src/ of a checkout, or site-packages
    wanted = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent,
              arena_root, *_tool_folders()}
    found = sorted({str(path.resolve()) for path in wanted if path.exists()})
    under_tmp = [path for path in found if _inside(path, "/tmp") and path != "/tmp"]
    # a folder already shown through its parent needs no mount of its own
    return [path for path in under_tmp if not any(p != path and _inside(path, p) for p in under_tmp)]


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def bwrap_argv(folder: str | None, hidden: tuple[str, ...] = ()) -> list[str]:
    """The bwrap arguments, up to and including ``--``, for a program whose own folder is ``folder``."""
    argv = [bwrap_path() or "bwrap", "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
            "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    if os.geteuid() == 0:
        argv += ["--unshare-user", "--uid", NOBODY, "--gid", NOBODY]
    for needed in _needed_under_tmp():
        argv += ["--ro-bind", needed, needed]  # the private /tmp must not hide arena or its Python
    covers, within = [], []  # hidden paths around its folder go first, those inside it after it
    for path in (os.path.abspath(p) for p in hidden):
        if not os.path.exists(path) or (folder is not None and path == folder):
            continue
        cover = ["--tmpfs", path] if os.path.isdir(path) else ["--ro-bind", "/dev/null", path]
        (within if folder is not None and _inside(path, folder) else covers).append(cover)
    for cover in covers:
        argv += cover
    if folder is not None:
        argv += ["--bind", folder, folder]
    for cover in within:
        argv += cover
    return argv + ["--"]
