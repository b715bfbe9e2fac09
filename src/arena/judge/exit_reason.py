"""A program's end in words: its exit status, and the shell's or the spawner's refusal to run it."""

from __future__ import annotations

import signal

from .child import CANNOT_CONFINE, SPAWNER_SAYS
from .sandbox.settings import SHELL

SHELL_CANNOT_RUN = (126, 127)
"""The shell's exit codes for a command it cannot execute (126) or cannot find (127)."""

REFUSED_TO_START = "could not start: "
"""How the reason of a program the shell or the sandbox would not run begins."""


def last_line(text: str) -> str:
    """The last non-blank line of ``text`` (the shell's message for a command it cannot run)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def refusal_to_start(status: int, stderr: str) -> str | None:
    """The shell's or the spawner's message when it could not run the program at all (not found,
    not executable, not confinable), else None: the program itself ran."""
    if status not in (*SHELL_CANNOT_RUN, CANNOT_CONFINE):
        return None
    message = last_line(stderr)
    # the shell's own words or the spawner's (child.py), not the program's
    return message if message.startswith((f"{SHELL}:", "bash:", SPAWNER_SAYS)) else None


def describe_exit(returncode: int) -> str:
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"killed by {name}"
    if returncode - 128 in {s.value for s in signal.Signals}:
        # a shell that ran the program as its child reports a signal as 128 + N
        return f"exited with code {returncode} (a shell's report of {signal.Signals(returncode - 128).name})"
    return f"exited with code {returncode}"
