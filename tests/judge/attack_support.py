"""What the attack tests share: the modes that confine a program, a root-owned 0700 folder for
the programs' files (as pytest's or a user's /root), a program started from its source, and the
fork bomb held to the task limit."""

from __future__ import annotations

import os
import sys
import textwrap

import pytest

from arena.judge.process import Program
from arena.judge.sandbox.bubblewrap import bwrap_path
from arena.judge.sandbox.settings import Sandbox
from arena.judge.sandbox.uid_box.needed_paths import command_folder

WITH_BWRAP = pytest.mark.skipif(bwrap_path() is None,
                                reason="--sandbox isolate needs bubblewrap (bwrap), not installed here")
MODES = ["limits", pytest.param("isolate", marks=WITH_BWRAP)]
"""The modes that confine a program (a uid of its own under a root judge)."""
ALL_MODES = ["none", *MODES]

FORK_BOMB = """
    import os, time
    children = 0
    try:
        while children < 2000:
            if os.fork() == 0:
                time.sleep(600)
                os._exit(0)
            children += 1
    except OSError:
        pass
    print(children, flush=True)
    time.sleep(600)
"""
"""Forks until refused (at most 2000), says how many it made, then waits."""


def private_folder(tmp_path) -> "os.PathLike":
    """A root-owned 0700 folder, in a 0700 one, for the programs' files."""
    os.chmod(tmp_path, 0o700)
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o700)
    return folder


def start(folder, source: str, mode: str, *args: str, hidden=(), name="bot.py") -> Program:
    """``source`` written to ``folder/name`` and started with this Python under ``mode``, with the
    own folder ``arena play`` would give it (command_folder's rule: ``folder``)."""
    script = folder / name
    script.write_text(textwrap.dedent(source).lstrip("\n"))
    command = [sys.executable, str(script), *args]
    return Program(command, sandbox=Sandbox(mode, hidden=tuple(hidden)), folder=command_folder(command))


def granted(path) -> list[str]:
    """The extended attributes left on ``path`` (ACLs the judge gave and did not take back)."""
    return os.listxattr(path)
