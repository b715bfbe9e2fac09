"""Do programs start at all? A quick look before a tournament commits hours to them.

Each program is started with its input open, as in a game, and given a moment:
a program that is waiting for its first line is fine; one that has already
exited (a command the shell cannot find, a script with a syntax error) could
never play, and the reason is the last line of its stderr.
"""

from __future__ import annotations

import time

from .process import Program, describe_exit, last_line, refusal_to_start
from .sandbox.settings import Sandbox

STARTUP_WAIT_S = 0.5
"""How long a program is watched: ample for a shell or an interpreter to give up."""


def startup_problems(commands: dict[str, str | list[str]], wait_s: float = STARTUP_WAIT_S,
                     sandbox: Sandbox | None = None) -> dict[str, str]:
    """Start every program at once (in the sandbox of the games); for each one that exits within
    ``wait_s``, say why."""
    return {name: _why(status, stderr) for name, (status, stderr) in _early_exits(commands, wait_s, sandbox).items()}


def start_refusals(commands: dict[str, str | list[str]], wait_s: float = STARTUP_WAIT_S,
                   sandbox: Sandbox | None = None) -> dict[str, str]:
    """As startup_problems, but only the programs that never ran: the shell or the spawner
    refused them (not found, not executable, not confinable). A program that ran and quit is
    left to its game, which will say what it did."""
    return {name: _why(status, stderr) for name, (status, stderr) in _early_exits(commands, wait_s, sandbox).items()
            if refusal_to_start(status, stderr)}


def _early_exits(commands, wait_s, sandbox) -> dict[str, tuple[int, str]]:
    """Each program that exits within ``wait_s``: its exit status and its stderr."""
    programs = {name: Program(command, sandbox=sandbox) for name, command in commands.items()}
    statuses: dict[str, int] = {}
    try:
        deadline = time.monotonic() + wait_s
        for name, program in programs.items():
            status = program.exit_status_within(max(deadline - time.monotonic(), 0))
            if status is not None:
                statuses[name] = status
    finally:
        for program in programs.values():
            program.close()  # reads the rest of its stderr
    return {name: (status, programs[name].stderr.value()) for name, status in statuses.items()}


def _why(status: int, stderr: str) -> str:
    exit_text = "exited at once (code 0) without waiting for its input" if status == 0 else describe_exit(status)
    message = last_line(stderr)
    return f"{message} ({exit_text})" if message else exit_text
