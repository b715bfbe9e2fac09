"""Black Hole's strong player: the compiled engine's searches under a whole-game time plan.

Run it with ``arena bot blackhole strong``. It reads the five brown tiles, then
speaks the CodeCup protocol (``Start``, ``A3=6`` moves, ``Quit``) itself.

The clock is 5 s per game, start-up included; games/time_plan.py shares it.

Until 13 plies from the end it grows a tree by playouts (tree.pxi); from there on
it solves the end exactly by alpha-beta (search.pxi). The tree replaced
alpha-beta on an estimate in the middle game: against the CodeCup 2018 winner it
raised the mean margin from level (+0.08 ± 0.33 over 400 games) to +0.73 ± 0.14
over 1,000 (docs/strength.md gives the figures). ``ARENA_TREE=off`` in the environment
plays the middle game by alpha-beta again, to measure the difference.

Against an opponent seen to play the one-ply greedy policy it searches against
that policy instead of a perfect opponent (opponent_model.py says why and when);
``ARENA_OPPONENT_MODEL=off`` in the environment turns that off, to measure the
minimax player alone.
"""

from __future__ import annotations

import os
import sys
import time

from ...time_plan import Stopwatch, TimePlan, clock_seconds
from . import engine
from .opponent_model import GreedyWatch

SOLVE_PLIES = 13        # search to the end from here on when the time allows
# Estimated iterations before the exact solve: if the solve runs out of time, the
# move falls back on this depth (at 13 plies the solve mostly takes under 0.4 s,
# but a few positions take 2 s).
SEARCH_BEFORE_SOLVE = 4
# Of the 5 s clock: the longest game then thinks 3.7-4.1 s. The time plan's
# default (0.74) left about 2 s unused, because the exact solve of the end
# rarely needs the share held back for it.
SPEND = 0.84
LETTERS = "ABCDEFGH"
TILES = [LETTERS[u] + str(v + 1) for u in range(8) for v in range(8 - u)]
INDEX = {label: i for i, label in enumerate(TILES)}


def parse(text: str) -> tuple[int, int]:
    label, number = text.split("=")
    return INDEX[label], int(number)


def choose(plan: TimePlan, against_greedy: bool) -> tuple[int, int]:
    plies = 30 - engine.turns()
    soft, hard = plan.limits(plies)
    started = time.monotonic()
    if plies > SOLVE_PLIES and not against_greedy and os.environ.get("ARENA_TREE") != "off":
        tree = engine.tree_search(soft)
        if tree is not None:  # None in the filling phase: the search below plays it exactly
            tile, number, mean, iterations, nodes = tree
            print(f"p{plies} tree {mean / 100:+.2f} i{iterations} n{nodes} soft {soft:.3f}", file=sys.stderr)
            return tile, number
    if against_greedy:
        tile, number, score, depth, nodes, exact = engine.search_vs_greedy(soft, hard)
    else:
        tile, number, score, depth, nodes, exact = engine.search(soft, hard, SOLVE_PLIES, 30, SEARCH_BEFORE_SOLVE)
    model = "greedy-model " if against_greedy else ""
    print(f"p{plies} {model}d{depth} {'exact' if exact else 'est'} {score / 100:+.2f} n{nodes} soft {soft:.3f}",
          file=sys.stderr)
    left = soft - (time.monotonic() - started)
    if exact and not against_greedy and left > 0 and os.environ.get("ARENA_ENTICE") != "off":
        # solved: of the moves that keep the value, the one most replies go wrong after (entice.pxi)
        # int(): the score is search()'s, an int already (search_vs_greedy's, a float, is not enticed from)
        tile, number, kept, mistakes, replies = engine.entice(tile, number, int(score), left)
        after = "out of time" if replies < 0 else f"{mistakes}/{replies} replies lose after the one played"
        print(f"  entice: {kept} moves keep {score / 100:+.2f}; {after}", file=sys.stderr)
    return tile, number


def main(seed: int | None = None) -> None:
    plan = TimePlan(clock_seconds(5000), solve_from=SOLVE_PLIES, endgame_share=0.3, hard_share=0.5, spend=SPEND)
    watch = GreedyWatch() if os.environ.get("ARENA_OPPONENT_MODEL") != "off" else None
    brown = [INDEX[sys.stdin.readline().strip()] for _ in range(5)]
    engine.new_game(brown)
    engine.seed_tree(seed if seed is not None else time.monotonic_ns())
    move_time = Stopwatch()
    for line in sys.stdin:
        move_time.restart()
        line = line.strip()
        if line == "Quit":
            return
        if line != "Start":
            tile, number = parse(line)
            if watch is not None:
                watch.observe(tile, number)
            engine.play(tile, number)
        tile, number = choose(plan, watch is not None and watch.opponent_is_greedy)
        engine.play(tile, number)
        # counted before the reply goes out: the judge may suspend us as soon as it reads
        # it, and time spent stopped after that is the opponent's, not ours
        plan.spent(move_time.seconds())
        sys.stdout.write(f"{TILES[tile]}={number}\n")
        sys.stdout.flush()
