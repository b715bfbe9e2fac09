"""Black Hole's strong player: the compiled engine's search under a whole-game time plan.

Run it with ``arena bot blackhole strong``. It reads the five brown tiles, then
speaks the CodeCup protocol (``Start``, ``A3=6`` moves, ``Quit``) itself.

The clock is 5 s per game, start-up included; the plan spends at most
``SPEND`` of it and keeps the rest as a margin for a loaded machine.
``ARENA_CLOCK_MS`` tells it a scaled clock (bench/strength.py --time-scale).
"""

from __future__ import annotations

import os
import sys
import time

from . import engine

SPEND = 0.74            # of the clock; the rest absorbs start-up, I/O and a busy machine
STARTUP_GUESS = 0.12    # seconds of interpreter start-up already on the clock at move 1
SOLVE_PLIES = 11        # search to the end from here on when the time allows
ENDGAME_SHARE = 0.25    # of the budget kept for the exact end
LETTERS = "ABCDEFGH"
TILES = [LETTERS[u] + str(v + 1) for u in range(8) for v in range(8 - u)]
INDEX = {label: i for i, label in enumerate(TILES)}


class TimePlan:
    """Shares the thinking time over the moves still to play."""

    def __init__(self, clock_seconds: float) -> None:
        self.total = clock_seconds * SPEND - STARTUP_GUESS * clock_seconds / 5.0
        self.left = self.total

    def limits(self, plies: int) -> tuple[float, float]:
        """(soft, hard) seconds for the move with ``plies`` plies left in the game."""
        left = max(self.left, 0.005)
        if plies <= SOLVE_PLIES:
            return left * 0.5, left * 0.6
        my_moves_before_end = max(1, (plies - SOLVE_PLIES + 1) // 2)
        pool = max(left - self.total * ENDGAME_SHARE, left * 0.3)
        soft = pool / my_moves_before_end
        return soft, min(soft * 3, pool * 0.5)

    def spent(self, seconds: float) -> None:
        self.left -= seconds


def parse(text: str) -> tuple[int, int]:
    label, number = text.split("=")
    return INDEX[label], int(number)


def main(seed: int | None = None) -> None:
    clock = float(os.environ.get("ARENA_CLOCK_MS", "5000")) / 1000
    plan = TimePlan(clock)
    brown = [INDEX[sys.stdin.readline().strip()] for _ in range(5)]
    engine.new_game(brown)
    for line in sys.stdin:
        started = time.monotonic()
        line = line.strip()
        if line == "Quit":
            return
        if line != "Start":
            engine.play(*parse(line))
        plies = 30 - engine.turns()
        soft, hard = plan.limits(plies)
        tile, number, score, depth, nodes, exact = engine.search(soft, hard, SOLVE_PLIES)
        engine.play(tile, number)
        sys.stdout.write(f"{TILES[tile]}={number}\n")
        sys.stdout.flush()
        plan.spent(time.monotonic() - started)
        print(f"p{plies} d{depth} {'exact' if exact else 'est'} {score / 100:+.2f} n{nodes} soft {soft:.3f}",
              file=sys.stderr)
