"""How a strong built-in player shares its game clock over the moves still to play.

The plan spends at most ``SPEND`` of the clock (or the player's own ``spend``)
and keeps the rest as a margin for start-up, I/O and a busy machine; a share
of the budget is held back for the exact solve of the end. The judge tells built-in players their (possibly
scaled) clock in the ``ARENA_CLOCK_MS`` environment variable.
"""

from __future__ import annotations

import os
import time

from ..judge.fair_clock import charged_ms, own_wait_ns

SPEND = 0.74            # of the clock; the rest absorbs start-up, I/O and a busy machine
STARTUP_GUESS = 0.12    # seconds of interpreter start-up already on a 5 s clock at move 1


def clock_seconds(default_ms: float) -> float:
    """The game clock the judge announced, else the game's own."""
    return float(os.environ.get("ARENA_CLOCK_MS", default_ms)) / 1000


class Stopwatch:
    """A move's time as arena's judge charges it (judge/fair_clock.py): the wall time less what this
    thread waited for a core, never less than this process's CPU time. On a busy host a plan kept
    in wall time would save the time the judge does not charge, and play weaker for nothing."""

    def __init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        self._wall, self._cpu, self._queued_ns = time.monotonic(), time.process_time(), own_wait_ns()

    def seconds(self) -> float:
        """The time charged since the last restart."""
        return charged_ms((time.monotonic() - self._wall) * 1000, (time.process_time() - self._cpu) * 1000,
                          (own_wait_ns() - self._queued_ns) / 1e6) / 1000


class TimePlan:
    def __init__(self, clock_seconds: float, solve_from: int, endgame_share: float, hard_share: float,
                 spend: float = SPEND, ramp: float = 0.0) -> None:
        """``solve_from``: plies (or empties) left from which the end is solved exactly;
        ``endgame_share``: the budget kept for that; ``hard_share``: the most of the
        pool one move may take when its search runs long; ``spend``: the share of
        the clock to use (a player whose every search stops at its deadline may
        take more than ``SPEND``); ``ramp``: how much more a move just before the
        solve gets than the first move (0: all alike; 3: four times as much)."""
        self.total = clock_seconds * spend - STARTUP_GUESS * clock_seconds / 5.0
        self.left = self.total
        self.solve_from = solve_from
        self.endgame_share = endgame_share
        self.hard_share = hard_share
        self.ramp = ramp
        self.first_plies_left: int | None = None

    def limits(self, plies_left: int) -> tuple[float, float]:
        """(soft, hard) seconds for the move with ``plies_left`` plies still to play."""
        left = max(self.left, 0.005)
        if plies_left <= self.solve_from:
            # the first exact solve is the expensive one; later ones reuse its table
            return left * 0.5, left * 0.6
        if self.first_plies_left is None:
            self.first_plies_left = plies_left
        pool = max(left - self.total * self.endgame_share, left * 0.3)  # the end's share stays put
        # this move's weight over the weights of all my moves before the solve
        weights = [self._weight(p) for p in range(plies_left, self.solve_from, -2)]
        soft = pool * weights[0] / sum(weights)
        return soft, min(soft * 3, pool * self.hard_share)

    def _weight(self, plies_left: int) -> float:
        assert self.first_plies_left is not None  # set by the first move's plan, before any weight
        span = max(1, self.first_plies_left - self.solve_from)
        return 1 + self.ramp * (self.first_plies_left - plies_left) / span

    def spent(self, seconds: float) -> None:
        self.left -= seconds
