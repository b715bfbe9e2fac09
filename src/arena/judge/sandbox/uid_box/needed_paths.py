"""What a program's command names on disk: its own folder, and every path it needs to run.

Its own folder is the one it reads whole (under a root judge, read-only: nothing it writes
outlives its run; under a judge not root, ``isolate`` binds it writable, the user's own):
decided from the command as it is written, never from where a link the program could have
planted leads, and never an interpreter's or a tool's installation (program_folder refuses
those). Everything else it needs — its interpreter, the interpreter's libraries, the files
its command names, arena itself for the built-in players — it may only read.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from ..errors import RefusedFolder

INTERPRETERS = re.compile(
    r"(python|pypy|java|node|nodejs|deno|bun|ruby|perl|php|lua|luajit|Rscript|julia|dotnet|mono|"
    r"ocaml|ocamlrun|guile|racket|swipl|scala|kotlin|elixir|erl|escript|runghc|bash|sh|dash|zsh|env|"
    r"tclsh|wish|gawk|awk|sbcl|clisp|gforth)[0-9.]*(-[0-9.]+)?"
)
"""Names of interpreters and launchers: a command that starts with one (wherever it lives,
``/root/.pyenv/versions/3.11.7/bin/python3`` too) is not the program, the file it runs is.
It decides which folder a program reads whole, never what it may write under a root judge
(its folder is read-only then): an interpreter under a name not here (``py3``) makes its own
folder the program's, read-only all the same, and gains nothing by it."""

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


@lru_cache(maxsize=8)
def _tool_inodes(path_variable: str) -> frozenset[tuple[int, int]]:
    """The (device, inode) of every file in a tool folder: a hard link to one of them in a bot's
    folder is that tool, whatever its name. Read only when a program file has more than one link."""
    inodes = set()
    folders = set(_tool_folders(path_variable))
    folders |= {Path(tree) / "bin" for tree in _installations(path_variable)}
    for folder in folders:
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    try:
                        info = entry.stat(follow_symlinks=True)
                    except OSError:
                        continue
                    inodes.add((info.st_dev, info.st_ino))
        except OSError:
            continue
    return frozenset(inodes)


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


SHELLS = re.compile(r"(bash|sh|dash|zsh|ksh|mksh)")


def _launched_words(words: list[str]) -> list[str]:
    """The words of a command, with a shell's ``-c`` string read as the words it runs
    (``sh -c './bot'``): the program file is named inside it."""
    for index, word in enumerate(words[:-1]):
        if SHELLS.fullmatch(os.path.basename(word)) and words[index + 1] == "-c" and index + 2 < len(words):
            return words[:index + 1] + command_words(words[index + 2])
    return words


def _word_identity(word: str) -> tuple[int, int, int] | None:
    """What a word of a command names on disk now (inode, type, links), without following a link."""
    try:
        info = os.lstat(named_path(word))
    except (OSError, ValueError):
        return None
    return info.st_ino, stat.S_IFMT(info.st_mode), info.st_nlink


_folders_found: dict[tuple, tuple[tuple, str | None]] = {}


def program_folder(command: str | list[str]) -> str | None:
    """See _program_folder; remembered per command, PATH and working folder (every game of a
    tournament starts the same commands), for as long as the same words of it name the same
    files (one built meanwhile, or replaced by a link, is looked at again)."""
    key = (command if isinstance(command, str) else tuple(command), os.environ.get("PATH", ""), os.getcwd())
    named = tuple(_word_identity(word) for word in _launched_words(command_words(command)))
    known = _folders_found.get(key)
    if known is not None and known[0] == named:
        return known[1]
    found = _program_folder(command, key[1])  # raises RefusedFolder: never remembered, asked again
    if len(_folders_found) < 256:
        _folders_found[key] = (named, found)
    return found


def _launcher_or_interpreter(word: str, index: int, path: Path, tools: set[Path], trees: frozenset[str]) -> bool:
    """Is this word a launcher or an interpreter the program runs under rather than the program?
    The first word found on PATH, a word named like an interpreter (``env /root/.pyenv/.../python3
    bot.py``), or an executable file in a tool folder or an installation (``nice``, ``stdbuf -oL``,
    ``timeout 5`` by full path). Judged by where the word itself lies, never by where a link leads:
    that a bot's own file may be made to point at."""
    if index == 0 and "/" not in word:
        return True
    try:
        if not path.is_file() or not os.access(path, os.X_OK):
            return False
        lexical_folder = path.absolute().parent.resolve()
    except (OSError, ValueError):
        return False
    if INTERPRETERS.fullmatch(path.name) and index > 0:
        return True
    if lexical_folder in tools or any(_inside(str(lexical_folder), tree) for tree in trees):
        return True
    return index == 0 and INTERPRETERS.fullmatch(path.name) is not None


def _program_folder(command: str | list[str], path_variable: str) -> str | None:
    """A program's own folder: the folder of the first file its command names that is not
    an interpreter or a tool (the script of ``python3 bot.py``, the jar of ``java -jar
    bot.jar``, ``./mybot`` itself, the policy of ``arena policy-bot GAME policy.py:act``),
    or a folder it names (``java -cp build Main``). Launchers before it (``env``, ``nice``,
    ``stdbuf -oL``, ``timeout 5``, ``sh -c '...'``) and interpreters, by any path, are skipped.

    The folder is where the file is named, its links resolved by the judge once: a program file
    that is a link leading out of its folder, or a folder that is, lies in or holds an
    interpreter's or a tool's installation (_installations), or a hard link to a tool, is refused
    (RefusedFolder): the program's uid would be given the right to write where arena's own
    Python, root's tools, live (a bot that made ``./bot`` a link to pyenv's ``python3.11``
    between two games would have written ``site-packages/*.pth``, run by root at every start).

    None when it names none (a built-in player, ``python3 -c '...'``) or names only a
    system folder such as /etc or /usr.
    """
    tools = set(_tool_folders(path_variable))
    trees = _installations(path_variable)
    for index, word in enumerate(_launched_words(command_words(command))):
        if not word:
            continue  # an empty argument names no file (pathlib would read it as ".", the working folder)
        path = named_path(word)
        if _launcher_or_interpreter(word, index, path, tools, trees):
            continue
        if index == 0 and _is_tool(word, tools) and not os.path.islink(path):
            continue  # an interpreter by name, wherever it lies
        try:
            if not os.path.lexists(path):
                continue
            named = path.absolute()
            lexical_folder = named.parent.resolve()
            resolved = named.resolve()
            info = os.stat(resolved)
        except (OSError, ValueError, RuntimeError):
            continue
        if os.path.islink(named) and not _inside(str(resolved), str(lexical_folder)):
            raise RefusedFolder(f"the program's file {named} is a link to {resolved}, outside its folder "
                                f"{lexical_folder}: a program's own folder is where its command names it; "
                                "name the file itself")
        folder = str(resolved) if stat.S_ISDIR(info.st_mode) else str(lexical_folder)
        if _system_folder(Path(folder)):
            continue
        tree = installation_around(folder, path_variable)
        if tree is not None:
            raise RefusedFolder(f"the program's own folder would be {folder}, which "
                                f"{'is' if folder == tree else 'lies in' if _inside(folder, tree) else 'holds'} "
                                f"the installation {tree} of an interpreter or a tool: a program is given its "
                                "own folder whole (to write, under a judge not root), and arena itself runs "
                                "from there; put the program in a folder of its own")
        if stat.S_ISREG(info.st_mode) and info.st_nlink > 1 and (info.st_dev, info.st_ino) in _tool_inodes(
                path_variable):
            raise RefusedFolder(f"the program's file {named} is a hard link to an interpreter or a tool, whose "
                                "folder is no program's own; copy the file instead")
        return folder
    return None


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
    # the installations the PATH folders belong to, whole: a tool needs its own (pyenv's shim runs
    # /root/.pyenv/libexec/pyenv, which reads /root/.pyenv/version and runs a version's python)
    wanted += [Path(tree) for tree in sorted(_installations(path_variable))]
    return tuple(dict.fromkeys(_existing_forms(wanted)))
