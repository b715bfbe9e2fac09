"""Can this worker run programs as the conductor asks? Tried once, by running one."""

from __future__ import annotations

import functools
import os

from ...judge.sandbox.settings import Sandbox


@functools.lru_cache(maxsize=None)
def sandbox_problem(mode: str) -> str | None:
    """Why this process cannot run a program under ``--sandbox mode`` (None: it can); tried once."""
    from ...judge.exit_reason import describe_exit, last_line
    from ...judge.process import Program
    from ...judge.sandbox.errors import SandboxError

    try:
        Sandbox(mode).check_available()
        program = Program(["true"], sandbox=Sandbox(mode))
        status = program.exit_status_within(10)
        program.close()
    except SandboxError as error:
        return str(error)
    except OSError as error:
        return f"cannot start a program here: {error}"
    if status != 0:
        why = "did not end within 10 s" if status is None else describe_exit(status)
        return f"a test program under --sandbox {mode} {why}: {last_line(program.stderr.value())}"
    return None


def worker_name() -> str:
    from distributed import get_worker

    try:
        return get_worker().address
    except ValueError:  # "No worker found": not in a Dask worker (a test, a local run)
        return f"{os.uname().nodename} (pid {os.getpid()})"
