"""The CPU priority of the work that may wait: builds and admission tests.

The host's work has an order: the games and the site first, builds and admissions after them.
The order is the build process's nice value, which every process it starts inherits (a cgroup's CPU
weight would do it too, where the server has the ``cpu`` controller; the judge's cgroups hold memory
and pids only, so the nice value is what works on every host). Not SCHED_IDLE: an admission
game's clock leaves out the time its programs wait for a core (judge/fair_clock.py), but one that
only ran on idle cores could wait as long as the site stays busy, and the judge ends a turn that
lasts ten times its clock (HOST_STRETCH); niceness 10 leaves it about a tenth of a core the games
and pages also want (the kernel's weights: 110 against 1024), and all of an idle one. The build's
worker process takes it as it starts (parallel/on_worker.py's lower_priority), never raised back up.
"""

from __future__ import annotations

BUILD_NICENESS = 10

