"""Flippo's strong player: the compiled engine's search under a whole-game time plan.

Run it with ``arena bot flippo strong``. It speaks the CodeCup protocol itself
(``Start``, moves, ``Quit``) on bitboards, so a move costs no pure-Python rules.

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
SOLVE_EMPTIES = 14      # solve exactly from here on when the time allows
ENDGAME_SHARE = 0.30    # of the budget kept for the exact end
START_WHITE = (1 << 27) | (1 << 36)   # D4, E5
START_BLACK = (1 << 28) | (1 << 35)   # D5, E4


def square_index(text: str) -> int:
    return (ord(text[0]) - ord("A")) * 8 + int(text[1]) - 1


def square_text(index: int) -> str:
    return "ABCDEFGH"[index // 8] + str(index % 8 + 1)


class TimePlan:
    """Shares the thinking time over the moves still to play."""

    def __init__(self, clock_seconds: float) -> None:
        self.total = clock_seconds * SPEND - STARTUP_GUESS * clock_seconds / 5.0
        self.left = self.total

    def limits(self, empties: int) -> tuple[float, float]:
        """(soft, hard) seconds for the move at ``empties`` empty squares."""
        left = max(self.left, 0.005)
        if empties <= SOLVE_EMPTIES:
            # the first exact solve is the expensive one; later ones reuse its table
            return left * 0.5, left * 0.6
        my_moves_before_end = max(1, (empties - SOLVE_EMPTIES + 1) // 2)
        pool = max(left - self.total * ENDGAME_SHARE, left * 0.3)  # the end's share stays put
        soft = pool / my_moves_before_end
        return soft, min(soft * 3, pool * 0.4)

    def spent(self, seconds: float) -> None:
        self.left -= seconds


def choose(own: int, opp: int, plan: TimePlan) -> int:
    empties = 64 - bin(own | opp).count("1")
    soft, hard = plan.limits(empties)
    square, score, depth, nodes, exact = engine.search(own, opp, soft, hard, SOLVE_EMPTIES)
    print(f"e{empties} d{depth} {'exact' if exact else 'est'} {score / 100:+.2f} "
          f"n{nodes} soft {soft:.3f}", file=sys.stderr)
    return square


def main(seed: int | None = None) -> None:
    clock = float(os.environ.get("ARENA_CLOCK_MS", "5000")) / 1000
    plan = TimePlan(clock)
    boards = [START_WHITE, START_BLACK]  # White, Black
    played = 0
    for line in sys.stdin:
        started = time.monotonic()
        line = line.strip()
        if line == "Quit":
            return
        if line != "Start":
            mover = played % 2
            boards[mover], boards[1 - mover] = engine.play(boards[mover], boards[1 - mover], square_index(line))
            played += 1
        mover = played % 2
        square = choose(boards[mover], boards[1 - mover], plan)
        boards[mover], boards[1 - mover] = engine.play(boards[mover], boards[1 - mover], square)
        played += 1
        sys.stdout.write(square_text(square) + "\n")
        sys.stdout.flush()
        plan.spent(time.monotonic() - started)
