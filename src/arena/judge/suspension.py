"""A program held still between its turns: SIGSTOP for one process, the whole of it for more.

While its opponent thinks, a program gets no CPU: neither its main process nor any
process it started, even one that left its process group with ``setsid()`` or its tree
with a double fork. Most programs are one process, and for them SIGSTOP to the process
group is all it takes (about 10 µs with the SIGCONT after it), where freezing a cgroup
costs 200–400 µs on cgroup v1. So the group is always stopped first, and only a
program that then shows more than one process is held whole:

- in a PID namespace of its own (pid_namespace.py, wherever the kernel allows one): by its
  init, which stops every other process of the namespace with one ``kill(-1, SIGSTOP)``;
  from the first time it shows more than one process (an orphan under the init, a thread or
  a child of its main process) to the end of its game, whatever it does since. No cgroup
  is frozen and no tree walked: the kernel finds every process of the namespace itself.

Where no namespace can be made (the fallback):

- with a cgroup that can be frozen (cgroup.py): the cgroup is frozen, every task in
  it wherever it went, and the judge waits until they all are; but only when one of
  its processes is outside the group (``setsid``), which the SIGSTOP missed:
  ``isolate``'s bwrap, its init and the program share it, and need no freezing;
- without: every process of its tree under /proc (process_tree.py) is stopped one by one,
  and so is every orphan of it that came to the judge (subreaper.Adoptions), with its tree.

Stopping the group first closes the race with a fork: once SIGSTOP is sent, a process
forks no more, so the count made after it sees every process there will be. A program
resumes the other way round: thawed (a v1-frozen task runs nothing, not even its
SIGCONT, until thawed), then continued.
"""

from __future__ import annotations

import os
import signal

from typing import Callable

from .pid_namespace import Init
from .sandbox.cgroups.cgroup import Cgroup
from .process_tree import MainProcess, signal_each, stop_tree


def signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass  # the whole group is gone already


class Suspension:
    """How one program, its main process ``pid`` (leader of its own group), is suspended."""

    def __init__(self, pid: int, cgroup: Cgroup | None, orphans: Callable[[], list[int]] | None = None,
                 stopped: Callable[[list[int]], None] | None = None, init: Init | None = None) -> None:
        """``init``: the program's init, where it has a PID namespace of its own (then nothing else is
        used). Else ``orphans``: the program's processes that came to the judge (subreaper.Adoptions.check),
        where no cgroup holds them; ``stopped`` is told the processes stopped one by one at each suspension."""
        self.pid = pid
        self.init = init
        self.whole = False  # in a namespace: it has shown more than one process, and is held whole since
        self._orphans = orphans
        self._told = stopped
        self.cgroup = cgroup if cgroup is not None and cgroup.freezable else None
        self._main: MainProcess | None = None  # opened at the first suspension that needs it
        self._frozen = False  # its cgroup frozen at this suspension
        self._stopped: list[int] = []  # its processes stopped one by one at this suspension

    def suspend(self) -> None:
        if self.whole:
            assert self.init is not None  # only a program with an init is held whole
            self.init.stop_all()
            return
        signal_group(self.pid, signal.SIGSTOP)
        if self.init is not None:
            # stopped first, then looked at: a process it was forking is either undone or seen now
            if self.init.has_orphans() or not self._alone():
                self.whole = True
                self.init.stop_all()
        elif self.cgroup is not None:
            self._frozen = self.cgroup.outside_group(self.pid) and self.cgroup.freeze()
        else:
            orphans = self._orphans() if self._orphans is not None else []
            if orphans or not self._alone():
                self._stopped = stop_tree(self.pid)
                for orphan in orphans:
                    self._stopped += stop_tree(orphan)
                if self._told is not None:
                    self._told(self._stopped)

    def resume(self) -> None:
        if self.whole:
            assert self.init is not None  # only a program with an init is held whole
            self.init.continue_all()
            return
        if self._frozen:
            assert self.cgroup is not None  # only a cgroup is frozen
            self.cgroup.thaw()
            self._frozen = False
        signal_each(self._stopped, signal.SIGCONT)
        self._stopped = []
        signal_group(self.pid, signal.SIGCONT)

    def _alone(self) -> bool:
        if self._main is None:
            try:
                self._main = MainProcess(self.pid)
            except OSError:
                return True  # gone: its group is all there is to stop
        return self._main.alone()

    def close(self) -> None:
        if self._main is not None:
            self._main.close()
            self._main = None
