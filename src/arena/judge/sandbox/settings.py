"""What a program may do: ``--sandbox none|limits|isolate`` and the command line that enforces it.

- ``none``: the program runs as the judge's user, with the judge's rights, in namespaces of its
  own where the kernel allows them (pid_namespace.py; its /proc its own).
- ``limits`` (the default): that, and only in namespaces: its own /tmp, /var/tmp, /dev/shm,
  /run/lock and home, one tmpfs of ``--disk`` (private_mounts.py); a memory limit on all its
  processes together (a cgroup's where one can be made, else its init's sum, with RLIMIT_DATA on
  each process and no shared anonymous memory, System V shared memory or memfd at all); 256
  processes and threads (RLIMIT_NPROC in its own user namespace, and the pids cgroup); the size of
  any file it writes and its open files; under a root judge, an unprivileged uid of its own
  (uid_pool.py) whose mount namespace shows it only what it needs of the host's private folders,
  its own folder read-only (private_mounts.py).
- ``isolate``: ``limits``, and bubblewrap around it: no network, every file read-only except its
  /tmp, /dev/shm and home (that tmpfs) and (a judge not root's) its own folder (the one its caller
  names, needed_paths.py).

In every mode it gets a clean environment (clean_environment.py).

Should the judge die, its init dies with it, and everything in its namespaces, its private /tmp
and home with them; the guardian (guardian_client.py) removes its cgroup. Only ``none`` where no
namespace can be made runs without one: it is started with a parent-death signal, SIGSTOP, and the guardian kills its
group. The limits are set by the compiled spawner (spawn.pyx) and the init (arena_init.c) before
the program's exec, not by a ``preexec_fn``, which is unsafe in a judge that runs games in threads
(the web viewer does).
"""


from __future__ import annotations

import os
import resource
import shutil
import signal
import stat
from dataclasses import dataclass

from .cgroups.cgroup import Cgroup
from ..child import Launch
from .bubblewrap import bwrap_argv, bwrap_path
from .private_mounts import BoxView, mount_words
from .errors import SandboxError

MODES = ("none", "limits", "isolate")
DEFAULT_MEMORY_MB = 1024
"""The memory limit of a program for which none was chosen and no game gives one (a start-up
check, a program run from Python): each game has its own, which reaches the judge as the
Sandbox's memory_mb (refereeing/game_sandbox.py)."""
MAX_TASKS = 256
"""Processes and threads a program may have at once (a JVM needs a few dozen)."""
MAX_FILE_MB = 64
"""The largest file a program may write."""
MAX_OPEN_FILES = 256
DEFAULT_DISK_MB = 256
"""What a program may write in its private home (HOME, TMPDIR), /tmp, /var/tmp, /dev/shm and
/run/lock together: one tmpfs of this size (``--disk``) in its mount namespace, under ``limits`` and
``isolate``."""

SHELL = shutil.which("bash") or "/bin/bash"
SHELL_NAME = "bash"
"""How the shell is named on a command line: its messages then start ``bash: line 1:``."""


@dataclass(frozen=True)
class Sandbox:
    """How every program of a game is confined. Plain data: it travels to tournament workers."""

    mode: str = "limits"
    memory_mb: int | None = None
    """Each program's memory limit in MB (``--memory``); None: none chosen, so the game's own,
    which play_game fills in, or DEFAULT_MEMORY_MB for a program started outside any game."""
    hidden: tuple[str, ...] = ()
    """Files and folders no program may see (the tournament database, the other players'
    folders), under ``isolate`` and wherever programs run as their own uid; a program's
    own folder is never hidden from it."""
    env: tuple[tuple[str, str], ...] = ()
    """Variables the user gives every program on purpose (``--env NAME=VALUE``)."""
    disk_mb: int = DEFAULT_DISK_MB
    """What each program may write in its private home and /tmp together, in MB (``--disk``; DEFAULT_DISK_MB)."""

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown sandbox {self.mode!r}; choose one of {', '.join(MODES)}")
        if self.memory_mb is not None and self.memory_mb < 1:
            raise ValueError(f"the memory limit must be at least 1 MB, got {self.memory_mb}")
        if self.disk_mb < 1:
            raise ValueError(f"the disk limit must be at least 1 MB, got {self.disk_mb}")

    @property
    def limited(self) -> bool:
        return self.mode != "none"

    @property
    def memory_limit_mb(self) -> int:
        """The memory limit in force, in MB (see memory_mb)."""
        return DEFAULT_MEMORY_MB if self.memory_mb is None else self.memory_mb

    def check_available(self) -> None:
        """Raise SandboxError with what to install when ``isolate`` cannot work here."""
        if self.mode == "isolate" and bwrap_path() is None:
            raise SandboxError("--sandbox isolate needs bubblewrap (the bwrap command), which is not "
                               "installed: install the bubblewrap package, or use --sandbox limits")


def launch(command: str | list[str], sandbox: Sandbox, cgroup: Cgroup | None, *, uid: int = -1,
           folder: str | None = None, home: str | None = None, command_files: tuple[str, ...] = (),
           view: BoxView | None = None, folder_writable: bool = True, namespace: bool = False) -> Launch:
    """How to start ``command`` (a shell command or an argument list) confined.

    The spawner (spawn.pyx) joins the cgroup, sets the limits and becomes ``uid`` (-1:
    stays the judge's user) itself before it runs the program: a shell command costs
    only the bash that runs it (bash replaces itself with a command's last simple
    command), an argument list nothing more. ``folder`` is its own folder, ``home`` its private
    home (made in its mount namespace under ``limits`` and ``isolate``), ``command_files`` the
    files its command names (command_paths.needed_paths);
    ``view``, what a root judge's box uid is shown (private_mounts.py); ``folder_writable``, whether
    bubblewrap binds its folder writable (a build step's, or a judge not root's) or read-only.
    ``namespace``: in a PID namespace of its own, under arena's init (pid_namespace.py), whose
    parent-death signal (SIGKILL) and end take everything of it with them.
    """
    program = [SHELL_NAME, "-c", command] if isinstance(command, str) else list(command)
    if sandbox.mode == "isolate":
        program = bwrap_argv(folder, own_user=uid >= 0, folder_writable=folder_writable) + program
    # Without a namespace (only --sandbox none runs so), the kernel stops its main process when the
    # judge ends, for the guardian to kill with its group. In namespaces, the init's death kills it all.
    plan = Launch(program, die_with_parent=not namespace, parent_death_signal=signal.SIGSTOP,
                  uid=uid, namespace=namespace,
                  # in every mode: a setuid file planted in /var/tmp by another program (another
                  # uid) gives nothing. bwrap sets it itself, but a setuid bwrap needs its bit.
                  no_new_privs=sandbox.mode != "isolate" or not _setuid(program[0]))
    if namespace:
        plan.mounts = mount_words(sandbox.mode, folder=folder, home=home, needed=command_files,
                                  read_only_folder=uid >= 0 and not folder_writable, disk_mb=sandbox.disk_mb,
                                  view=view)
        plan.tally = cgroup is None  # its init counts its CPU time where no cgroup does
        plan.own_userns = uid >= 0  # its keyring and its process count its namespace's own
    if sandbox.limited:
        plan.joins = cgroup.join_files if cgroup is not None else []
        plan.limits = [(resource.RLIMIT_FSIZE, MAX_FILE_MB * 2**20), (resource.RLIMIT_NOFILE, MAX_OPEN_FILES),
                       # counted in its own user namespace: this program's processes and threads only
                       (resource.RLIMIT_NPROC, MAX_TASKS)]
        if cgroup is None or not cgroup.memory_limited:
            # its init adds up what all its processes hold, and ends it past the limit
            plan.memory_kb = sandbox.memory_limit_mb * 1024
            # each process is held to the limit by RLIMIT_DATA too (it spares reserved address space)
            plan.limits.append((resource.RLIMIT_DATA, sandbox.memory_limit_mb * 2**20))
            # and no memory a process's resident size does not show: shared anonymous memory, System V
            # shared memory, memfds, secret memory (the init counts shared mappings of files it may map)
            plan.refuse_shared_memory = True
    return plan


def _setuid(path: str) -> bool:
    try:
        return bool(os.stat(path).st_mode & stat.S_ISUID)
    except OSError:
        return False
