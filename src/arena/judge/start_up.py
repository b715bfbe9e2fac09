"""A program's start-up, side by side with its opponent's first turn.

Both programs of a game are started together. Until its first turn a program
runs on during the first START_UP_WINDOW_S of its opponent's first turn
(match.py), then is suspended until its own; so the two start-ups overlap
instead of adding up. What it ran
before its first turn still counts on its clock: at that turn it is charged
its CPU time so far (every thread and process), but never more than the wall
time it ran, which is what a start-up made on its own turn would have cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class StartUp:
    """The start-up of one seat's program, from its start to its first turn."""

    started: float
    """time.monotonic() when the program was started."""
    paused: float | None = None
    """When it was suspended, its first turn still to come (None: running still)."""

    def pause(self, player: Any, now: float) -> None:
        """Suspend the program until its first turn (its opponent's first move is made)."""
        if self.paused is None:
            player.suspend()
            self.paused = now

    def charge(self, player: Any, now: float) -> tuple[float, float]:
        """At its first turn: the ms to charge on its clock for its start-up so far, and its CPU ms.

        Reads the program's CPU time, so the CPU time of its first move starts from here.
        """
        ran_ms = ((self.paused or now) - self.started) * 1000
        cpu_ms = player.cpu_seconds_since_last_call() * 1000
        return min(cpu_ms, ran_ms), cpu_ms
