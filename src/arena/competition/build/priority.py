"""The CPU priority of the work that may wait: builds and admission tests.

The host's work has an order: the games and the site first, builds and admissions after them.
The order is the build process's nice value, which every process it starts inherits (a cgroup's CPU
weight would do it too, where the server has the ``cpu`` controller; the judge's cgroups hold memory
and pids only, so the nice value is what works on every host). Not SCHED_IDLE: an admission game's clock is wall time, and a program that only
ran on idle cores would time out whenever the site is busy; niceness 10 leaves it about a tenth of
a core the games and pages also want (the kernel's weights: 110 against 1024), and all of an idle
one.
"""

from __future__ import annotations

import os

BUILD_NICENESS = 10


def lower_priority(niceness: int) -> None:
    """This process (and whatever it starts after) at ``niceness`` at least; never raised back up."""
    current = os.getpriority(os.PRIO_PROCESS, 0)
    if niceness > current:
        os.setpriority(os.PRIO_PROCESS, 0, niceness)
