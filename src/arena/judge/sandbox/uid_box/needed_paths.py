"""What a program's command names on disk: its own folder, and every path it needs to run.

Its own folder is the one it may write to (under ``isolate`` the only one; under a
root judge the one its uid is given). Everything else it needs — its interpreter,
the interpreter's libraries, the files its command names, arena itself for the
built-in players — it may only read.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from functools import lru_cache
from pathlib import Path

INTERPRETERS = re.compile(
    r"(python|pypy|java|node|nodejs|deno|bun|ruby|perl|php|lua|luajit|Rscript|julia|dotnet|mono|"
    r"ocaml|ocamlrun|guile|racket|swipl|scala|kotlin|elixir|erl|escript|runghc|bash|sh|dash|zsh|env|"
    r"tclsh|wish|gawk|awk|sbcl|clisp|gforth)[0-9.]*(-[0-9.]+)?"
)
"""Names of interpreters and launchers: a command that starts with one (wherever it lives,
``/root/.pyenv/versions/3.11.7/bin/python3`` too) is not the program, the file it runs is."""

SYSTEM_FOLDERS = frozenset({"/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32",
                            "/media", "/mnt", "/opt", "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/tmp",
                            "/usr", "/var", "/var/tmp"})
"""Never a program's own folder, whatever its command names: it would be made writable."""

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


def tool_folders() -> set[Path]:
    """Where interpreters and system tools live: the folders on PATH, and this Python's."""
    return set(_tool_folders(os.environ.get("PATH", "")))


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


def _exists(path: Path) -> bool:
    """Does ``path`` exist? False too for what cannot be a path (too long, a NUL byte)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _is_tool(word: str, tools: set[Path]) -> bool:
    """Is the command's first word an interpreter or a tool rather than the program itself?"""
    if "/" not in word:
        return True  # found on PATH
    path = Path(word).expanduser()
    if INTERPRETERS.fullmatch(path.name):
        return True
    try:
        return path.absolute().parent.resolve() in tools or path.resolve().parent in tools
    except (OSError, ValueError):
        return False


_folders_found: dict[tuple, tuple[tuple[bool, ...], str | None]] = {}


def program_folder(command: str | list[str]) -> str | None:
    """See _program_folder; remembered per command, PATH and working folder (every game of a
    tournament starts the same commands), for as long as the same words of it name files
    (one built meanwhile is looked at again)."""
    key = (command if isinstance(command, str) else tuple(command), os.environ.get("PATH", ""), os.getcwd())
    named = tuple(os.path.lexists(named_path(word)) for word in command_words(command))
    known = _folders_found.get(key)
    if known is not None and known[0] == named:
        return known[1]
    found = _program_folder(command, key[1])
    if len(_folders_found) < 256:
        _folders_found[key] = (named, found)
    return found


def _program_folder(command: str | list[str], path_variable: str) -> str | None:
    """A program's own folder: the folder of the first file its command names that is not
    an interpreter or a tool (the script of ``python3 bot.py``, the jar of ``java -jar
    bot.jar``, ``./mybot`` itself, the policy of ``arena policy-bot GAME policy.py:act``),
    or a folder it names (``java -cp build Main``).

    None when it names none (a built-in player, ``python3 -c '...'``) or names only a
    system folder such as /etc or /usr.
    """
    tools = set(_tool_folders(path_variable))
    for index, word in enumerate(command_words(command)):
        if index == 0 and _is_tool(word, tools):
            continue
        path = named_path(word)
        if not _exists(path):
            continue
        path = path.resolve()
        folder = path if path.is_dir() else path.parent
        if _system_folder(folder) or (index > 0 and folder in tools):
            continue
        return str(folder)
    return None


def needed_paths(command: str | list[str], path_variable: str, named_files: list[str] = ()) -> list[str]:
    """See _needed_paths; looked up once per command, PATH, named files and working folder."""
    key = command if isinstance(command, str) else tuple(command)
    return list(_needed_paths(key, path_variable, tuple(named_files), os.getcwd()))


@lru_cache(maxsize=64)
def _needed_paths(command: str | tuple[str, ...], path_variable: str, named_files: tuple[str, ...],
                  working_folder: str) -> tuple[str, ...]:
    """Every file and folder this command needs to reach (read, or pass through), beyond
    what every program of the judge needs (judge_needs).

    The files its command names and what they resolve to, its executable as found on
    ``path_variable`` (the PATH it runs with), and ``named_files``, files the judge names
    to it (the Lucky Words list of a built-in player).
    """
    wanted: list[Path] = [Path(name) for name in named_files]
    words = command_words(command if isinstance(command, str) else list(command))
    if words and "/" not in words[0]:
        found = shutil.which(words[0], path=path_variable)
        if found:
            wanted.append(Path(found))
    for word in words:
        path = named_path(word)
        if "/" in word or _exists(path):
            wanted.append(path)
    return tuple(dict.fromkeys(_existing_forms(wanted)))


def _existing_forms(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        for form in (path.absolute(), path.resolve()):  # a symlink and where it leads
            # the kernel's own files (/proc, /sys, /dev) take no ACL and need none
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
    return tuple(dict.fromkeys(_existing_forms(wanted)))
