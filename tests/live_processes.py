"""Whether a process a test watches still runs: psutil answers each question of a process apart, and
the process may end between two of them (a NoSuchProcess from the second was a failed test on a
busy machine)."""

import psutil


def alive(process: psutil.Process) -> bool:
    """Whether this very process (not another given its pid since) still runs: not ended, not a zombie."""
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def alive_pid(pid: int) -> bool:
    """Whether a process of this pid runs now (a zombie does not)."""
    try:
        return alive(psutil.Process(pid))
    except psutil.NoSuchProcess:
        return False
