"""What a program's command names on disk: its own folder, and every path it needs to run.

Its own folder is the one it reads whole (under a root judge, read-only: nothing it writes
outlives its run; under a judge not root, ``isolate`` binds it writable, the user's own). It
is decided once by whoever starts the player, and shown: named (``arena play --folder``, a
competition's build folder), or by one rule (command_folder); a built-in player has none. The
judge never guesses it from a command, only checks it at every start (check_own_folder: never
a system folder, never an interpreter's or a tool's installation). Everything else it needs —
its interpreter, the interpreter's libraries, the files its command names, arena itself for
the built-in players — it may only read."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from ..errors import RefusedFolder

SYSTEM_FOLDERS = frozenset({"/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32",
                            "/media", "/mnt", "/opt", "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/tmp",
                            "/usr", "/var", "/var/tmp"})
"""Never a program's own folder, whatever its command names (a judge not root's isolate binds it writable)."""

SYSTEM_TREES = ("/proc", "/sys", "/dev", "/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
                "/boot", "/run")
"""Nothing inside these is a program's own folder either (``cat /proc/self/cgroup``: not /proc/self)."""


def _system_folder(folder: Path) -> bool:
    text = str(folder)
    return text in SYSTEM_FOLDERS or any(text.startswith(tree + "/") for tree in SYSTEM_TREES)


ARENA_ROOT = Path(__file__).resolve().parents[4]  # src/arena/judge/sandbox/uid_box -> src/
"""The folder arena is imported from (src/ of a checkout, or site-packages)."""


PYTHON_CALLABLE = re.compile(r"(.+\.py):[A-Za-z_][A-Za-z0-9_]*")
"""``policy.py:act``: a Python file and a callable in it, as ``arena policy-bot`` takes a policy."""


def named_path(word: str) -> Path:
    """The file or folder a word of a command names: the word itself, or the file of a
    ``file.py:function`` word (that file is the program's own, as for ``python3 bot.py``)."""
    callable_in_file = PYTHON_CALLABLE.fullmatch(word)
    if callable_in_file and not _exists(Path(word).expanduser()):
        return Path(callable_in_file.group(1)).expanduser()
    return Path(word).expanduser()


def command_words(command: str | list[str]) -> list[str]:
    if isinstance(command, str):
        try:
            return shlex.split(command)
        except ValueError:
            return []
    return list(command)


@lru_cache(maxsize=8)
def _tool_folders(path_variable: str) -> frozenset[Path]:
    # looked up once per PATH: every program start asks
    folders = {Path(sys.executable).parent}
    for entry in path_variable.split(os.pathsep):
        if entry:
            folders.add(Path(entry))
    # an entry that cannot be looked at (too long, not readable to this user) holds no tool
    return frozenset(folder.resolve() for folder in folders if _is_folder(folder))


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


TOOL_FOLDER_NAMES = frozenset({"bin", "sbin", "shims", "libexec"})
INSTALLATION_MARKS = ("lib", "lib64", "libexec", "include", "pyvenv.cfg", "versions")
"""What the folder above a ``bin`` holds when it is an installation (/usr/local, a venv, pyenv's
root or one of its versions), not a person's home whose ``~/bin`` is on PATH: a home holds
none of these, and must stay a place where bots may live."""


def _installation_of(folder: Path) -> Path:
    """The installation a tool folder belongs to: its parent for ``PREFIX/bin`` and alike."""
    parent = folder.parent
    if folder.name in TOOL_FOLDER_NAMES and parent != folder and str(parent) != "/" and any(
            os.path.lexists(parent / mark) for mark in INSTALLATION_MARKS):
        return parent
    return folder


@lru_cache(maxsize=8)
def _installations(path_variable: str) -> frozenset[str]:
    """Every tree an interpreter or a tool is installed in, resolved: this Python's prefixes (its
    venv and the Python it was made from, pyenv's version under /root say), arena itself, every
    folder on PATH and the installation it belongs to (/usr/local, /root/.pyenv). arena runs as
    root on what is there: none of it may ever be a program's own, writable folder. Looked up once
    per PATH."""
    trees = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix), Path(sys.base_exec_prefix), ARENA_ROOT}
    folders = [Path(sys.executable).absolute().parent, Path(sys.executable).resolve().parent]
    # a relative PATH entry names the working folder, which is not an installation
    folders += [Path(entry) for entry in path_variable.split(os.pathsep) if entry.startswith("/")]
    for folder in folders:
        for form in (folder, folder.resolve()):
            trees.add(form)
            trees.add(_installation_of(form))
    found = set()
    for tree in trees:
        try:
            if tree.is_dir():
                found.add(str(tree.resolve()))
        except OSError:
            continue
    found.discard("/")  # /bin and /sbin belong to no installation but themselves
    return frozenset(found)


def _inside(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip("/") + "/")


def installation_around(folder: str, path_variable: str | None = None) -> str | None:
    """The interpreter's or tool's installation ``folder`` is, lies in, or holds (None: none)."""
    trees = _installations(os.environ.get("PATH", "") if path_variable is None else path_variable)
    return next((tree for tree in sorted(trees) if _inside(folder, tree) or _inside(tree, folder)), None)


def _exists(path: Path) -> bool:
    """Does ``path`` exist? False too for what cannot be a path (too long, a NUL byte)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def command_folder(command: str | list[str], path_variable: str | None = None) -> str | None:
    """The folder a player gets when none is named for it (docs/sandbox.md, "own folder"): that of
    the first word of its command naming an existing file, or the folder a word names, skipping the
    programs it runs under: a bare name PATH finds (``python3``, ``env``) and a path into a PATH
    folder or an installation (``/usr/bin/env``, a venv's ``bin/python``,
    ``~/.pyenv/versions/3.11.7/bin/python3``), and the system's files (``> /dev/null``, ``/x``:
    never anyone's folder). A ``policy.py:NAME`` word names policy.py (``arena policy-bot GAME
    policy.py:act``). None: no word names such a file.

    Words are read as the shell splits them, never looked into (``sh -c './bot --fast'`` names no
    file); a file's folder is where the word puts it, not where a link at it leads. Whoever starts
    the player decides this once and shows it; the judge only checks it (check_own_folder)."""
    path_variable = os.environ.get("PATH", "") if path_variable is None else path_variable
    tools = _tool_folders(path_variable)
    trees = _installations(path_variable)
    for word in command_words(command):
        if not word or ("/" not in word and shutil.which(word, path=path_variable)):
            continue  # an empty word names no file (pathlib would read it as "."); a program on PATH
        path = named_path(word)
        try:
            if not path.exists():
                continue
            lies_in = path.absolute().parent.resolve()
            named = path.resolve() if path.is_dir() else lies_in
        except (OSError, ValueError, RuntimeError):
            continue  # too long, a NUL byte, a loop of links: no file
        if lies_in in tools or _system_folder(lies_in) or any(_inside(str(lies_in), tree) for tree in trees):
            continue  # an interpreter or a tool by its path, one of their own files, or the system's
        return str(named)
    return None


def check_own_folder(folder: str, path_variable: str | None = None) -> str:
    """``folder`` as a program's own, however it was decided: its real path (a folder named through
    a link is checked, and given, where the link leads). RefusedFolder when it is no folder, a
    system folder or in one, or is, lies in or holds an interpreter's or a tool's installation:
    a program is given its own folder whole (to write, under a judge not root), and root runs
    arena and its tools from those."""
    try:
        real = os.path.realpath(folder)
        is_folder = os.path.isdir(real)
    except (OSError, ValueError):
        real, is_folder = folder, False
    if not is_folder:
        raise RefusedFolder(f"the program's own folder {folder} is not a folder")
    if _system_folder(Path(real)):
        raise RefusedFolder(f"the program's own folder would be {real}, a system folder: put the program in a "
                            "folder of its own, or name one (arena play --folder)")
    tree = installation_around(real, path_variable)
    if tree is not None:
        how = "is" if real == tree else "lies in" if _inside(real, tree) else "holds"
        raise RefusedFolder(f"the program's own folder would be {real}, which {how} the installation {tree} of "
                            "an interpreter or a tool: arena itself and root's tools run from there; put the "
                            "program in a folder of its own, or name one (arena play --folder)")
    return real


def needed_paths(command: str | list[str], path_variable: str, named_files: Sequence[str] = (),
                 own_folder: str | None = None) -> list[str]:
    """See _needed_paths; looked up once per command, PATH, named files, own and working folder."""
    key = command if isinstance(command, str) else tuple(command)
    return list(_needed_paths(key, path_variable, tuple(named_files), own_folder, os.getcwd()))


@lru_cache(maxsize=64)
def _needed_paths(command: str | tuple[str, ...], path_variable: str, named_files: tuple[str, ...],
                  own_folder: str | None, working_folder: str) -> tuple[str, ...]:
    """Every file and folder this command needs to reach (read, or pass through), beyond
    what every program of the judge needs (judge_needs).

    The files its command names and what they resolve to, its executable as found on
    ``path_variable`` (the PATH it runs with), and ``named_files``, files the judge names
    to it (the Lucky Words list of a built-in player). A link inside its own folder is not
    followed out of it: the program may have put it there (``weights.bin`` made a link to
    /root/.ssh/id_rsa in an earlier game), and what it may read is not the program's choice.
    """
    wanted: list[Path] = [Path(name) for name in named_files]
    words = command_words(command if isinstance(command, str) else list(command))
    if words and "/" not in words[0]:
        found = shutil.which(words[0], path=path_variable)
        if found:
            wanted.append(Path(found))
    found_forms = _existing_forms(wanted)
    for word in words:
        path = named_path(word)
        if "/" in word or _exists(path):
            forms = _existing_forms([path])
            if own_folder is not None and forms and _inside(str(Path(forms[0]).parent.resolve()), own_folder):
                forms = [form for form in forms if _inside(form, own_folder)]
            found_forms += forms
    for form in list(found_forms):
        # an interpreter named by its path needs its installation (/root/jdk/bin/java: /root/jdk/lib)
        folder = Path(form).parent
        if os.access(form, os.X_OK) and not os.path.isdir(form) and _installation_of(folder) != folder:
            found_forms.append(str(_installation_of(folder)))
    return tuple(dict.fromkeys(found_forms))


def _existing_forms(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        for form in (path.absolute(), path.resolve()):  # a symlink and where it leads
            # the kernel's own files (/proc, /sys, /dev): every program has its own or the host's
            if _exists(form) and not str(form).startswith(("/proc/", "/sys/", "/dev/")):
                found.append(str(form))
    return found


@lru_cache(maxsize=8)
def judge_needs(path_variable: str, working_folder: str) -> tuple[str, ...]:
    """What every program of this judge needs, looked up once: the PATH folders, the working
    folder (relative paths start there), this Python and arena itself (built-in players run
    from them like any other program)."""
    wanted = [Path(entry) for entry in path_variable.split(os.pathsep) if entry]
    wanted += [Path(working_folder), Path(sys.executable), Path(sys.prefix), Path(sys.base_prefix), ARENA_ROOT]
    # the installations the PATH folders belong to, whole: a tool needs its own (pyenv's shim runs
    # /root/.pyenv/libexec/pyenv, which reads /root/.pyenv/version and runs a version's python)
    wanted += [Path(tree) for tree in sorted(_installations(path_variable))]
    return tuple(dict.fromkeys(_existing_forms(wanted)))
