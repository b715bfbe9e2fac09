"""A program held still between its turns: all of it, from its first move to its last.

While its opponent thinks, a program gets no CPU: neither its main process nor any process it
started, however it forks, orphans or hides behind zombies. In namespaces of its own
(pid_namespace.py; ``limits`` and ``isolate`` run nowhere else) its init stops every other
process of the namespace with one ``kill(-1, SIGSTOP)``, which the kernel makes atomic against a
concurrent fork, and answers once it has; the judge waits for that answer (a bounded wait) before
any other program's clock starts. No heuristic decides when a program is "more than one process":
it is always held whole. Without a namespace (``--sandbox none`` only, on a kernel that allows
none), its process group is stopped, and nothing else is promised.
"""

from __future__ import annotations

import os
import signal

from .pid_namespace import Init


def signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass  # the whole group is gone already


class Suspension:
    """How one program, its main process ``pid`` (leader of its own group), is suspended."""

    def __init__(self, pid: int, init: Init | None) -> None:
        self.pid = pid
        self.init = init

    def suspend(self) -> None:
        self.begin_suspend()
        self.end_suspend()

    def begin_suspend(self) -> None:
        """Its init told to stop all of it (without one, its process group stopped)."""
        if self.init is not None:
            self.init.begin_stop()
        else:
            signal_group(self.pid, signal.SIGSTOP)

    def end_suspend(self) -> None:
        """Known stopped whole (or ended) once this returns: the init's answer, awaited with a deadline."""
        if self.init is not None:
            self.init.end_stop()

    def resume(self) -> None:
        # its main process group first, straight from the judge (no wake-up of the init on the way to
        # its reply), then every other process of its namespace by its init
        signal_group(self.pid, signal.SIGCONT)
        if self.init is not None:
            self.init.continue_all()
