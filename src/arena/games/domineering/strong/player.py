"""Domineering's strong player: the compiled engine's search under the whole-game chess clock.

Run it with ``arena bot domineering strong``. It speaks ALPHANO's protocol
itself (values, ``READY``/``OK``, ``TURN``/``MOVE``, ``OPP``, ``FINISH``) on
one bitboard, so a move costs no pure-Python rules.

The clock is 10 s for the whole game. ``TURN`` tells what is left of it; the
player spends at most ``SPEND`` of the whole clock (the rest is the margin for
a busy machine) and shares what it may still spend over the moves it expects
to make, keeping a share for the exact solve of the end, which later moves
then find in the transposition table.
"""

from __future__ import annotations

import sys
import time

from ...time_plan import SPEND, clock_seconds
from . import engine

CLOCK_MS = 10_000       # the game's own (protocol.py); ARENA_CLOCK_MS overrides it
SOLVE_EMPTIES = 36      # go for the exact solve from this many contested cells on (~0.3 s, at worst ~1 s)
ENDGAME_SHARE = 0.30    # of the spendable clock, kept for the exact solve
HARD_SHARE = 0.4        # the most of what is left one long search may take


def budget(left_seconds: float, total_seconds: float, empties: int) -> tuple[float, float]:
    """(soft, hard) seconds for this move, with ``empties`` contested cells on the board."""
    spendable = left_seconds - total_seconds * (1 - SPEND)
    if spendable <= 0.01:
        return 0.002, 0.005  # past the plan: the shallowest answers, the margin is for the machine
    if empties <= SOLVE_EMPTIES:
        return spendable * 0.5, spendable * 0.6
    moves_before_end = max(1, (empties - SOLVE_EMPTIES) // 4 + 1)  # a domino each, two cells a side
    pool = max(spendable - total_seconds * SPEND * ENDGAME_SHARE, spendable * 0.3)
    soft = pool / moves_before_end
    return soft, min(soft * 3, pool * HARD_SHARE)


def own_run_move(occ: int, side: int) -> int:
    """A placement inside a run only ``side`` can still fill that keeps that run's best tiling,
    or -1. Playing one is a pass that scores, and keeps the game from ending on two passes."""
    settled, worth = engine.settled(occ)
    sign = 1 if side == 0 else -1
    left = engine.placements(occ, side) & ~engine.placements(settled, side)
    while left:
        bit = (left & -left).bit_length() - 1
        left &= left - 1
        after, after_worth = engine.settled(occ | engine.cells(side, bit))
        if after == settled and engine.gain(side, bit) + sign * (after_worth - worth) == 0:
            return bit
    return -1


def choose(occ: int, side: int, passed: bool, left_seconds: float, total_seconds: float) -> int:
    """The move to play: a placement's upper-left bit, or -1 to pass."""
    settled, _ = engine.settled(occ)
    empties = 64 - bin(settled).count("1")
    soft, hard = budget(left_seconds, total_seconds, empties)
    move, score, depth, nodes, exact = engine.search(settled, side, passed, soft, hard, SOLVE_EMPTIES)
    print(f"c{empties} d{depth} {'exact' if exact else 'est'} {score:+d} n{nodes} soft {soft:.3f}",
          file=sys.stderr)
    if move == -1:
        return own_run_move(occ, side)
    return move


def move_text(move: int) -> str:
    return "MOVE -1 -1" if move == -1 else f"MOVE {move // 8 + 1} {move % 8 + 1}"


def main(seed: int | None = None) -> None:
    """Play one game on stdin/stdout (the seed is unused: the player is deterministic)."""
    total = clock_seconds(CLOCK_MS)
    values = [int(word) for _ in range(8) for word in sys.stdin.readline().split()]
    engine.set_values(values)
    occ, side, passed = 0, 0, False
    for line in sys.stdin:
        started = time.monotonic()
        words = line.split()
        if not words:
            continue
        if words[0] == "READY":
            side = 0 if words[1] == "FIRST" else 1
            print("OK", flush=True)
        elif words[0] == "OPP":
            x, y = int(words[1]), int(words[2])
            passed = x == -1
            if not passed:
                occ |= engine.cells(1 - side, (x - 1) * 8 + y - 1)
        elif words[0] == "TURN":
            left = int(words[1]) / 1000 - (time.monotonic() - started)
            move = choose(occ, side, passed, left, total)
            if move != -1:
                occ |= engine.cells(side, move)
            passed = move == -1
            sys.stdout.write(move_text(move) + "\n")
            sys.stdout.flush()
        elif words[0] == "FINISH":
            return
