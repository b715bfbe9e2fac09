"""Lucky Words' part of bench/engines.py: the compiled engine vs scoring.py and the greedy player.

Two figures, on the grids of random games (every stage, empty cells included):

- grid scores/s: the exact word points of a grid, the engine vs scoring.grid_points;
- placements/s: valuing every empty cell for one letter (a player's whole decision),
  the engine's expected line values vs the greedy player's pure-Python line values
  (bots.Greedy), each starting with an empty cache for every grid.
"""

from __future__ import annotations

import random
import sys
import time

from arena.games.luckywords.greedy import Greedy, Grid
from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.rules import LETTERS, LuckyWordsState
from arena.games.luckywords.scoring import grid_points
from arena.games.luckywords.strong.engine import Engine, grid_bytes


def random_grids(games: int, rng: random.Random) -> list[str]:
    grids = []
    for _ in range(games):
        state = LuckyWordsState(rng.choice(LETTERS), frozenset())
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
            grids.append(state.grid_text(0))
    return grids


def rate(work, items) -> float:
    started = time.perf_counter()
    for item in items:
        work(item)
    return len(items) / (time.perf_counter() - started)


def report(games: int, reps: int) -> str:
    rng = random.Random(1)
    words = load_words()
    engine = Engine(words)
    grids = random_grids(games, rng)
    as_bytes = [grid_bytes(grid) for grid in grids]
    print(f"Lucky Words: {len(grids)} grids from {games} random games", file=sys.stderr)
    py_scores = rate(lambda grid: grid_points(grid, words), grids[: max(1, len(grids) // 10)])
    eng_scores = rate(engine.grid_points, as_bytes * reps)

    open_grids = [g for g in as_bytes if 0 in g][: max(1, len(as_bytes) // 10)]

    def engine_placement(grid: bytes) -> None:
        engine.set_odds([0.15] * 26, 0.7)  # empties the cache, as a new position would
        engine.placement_gains(grid, rng.randint(1, 26))

    greedy = Greedy(words, rng)

    def greedy_placement(grid: bytes) -> None:
        greedy.line_value.cache_clear()
        board = Grid("A")
        board.cells = ["." if c == 0 else chr(c + 64) for c in grid]
        greedy.place(board, rng.choice(LETTERS))

    py_places = rate(greedy_placement, open_grids[: max(1, len(open_grids) // 10)])
    eng_places = rate(engine_placement, open_grids)
    return (f"luckywords grid scores: scoring.py {py_scores:>10,.0f}/s   engine {eng_scores:>10,.0f}/s"
            f"   engine/python {eng_scores / py_scores:6.0f}x\n"
            f"luckywords placements:  greedy    {py_places:>10,.0f}/s   engine {eng_places:>10,.0f}/s"
            f"   engine/python {eng_places / py_places:6.0f}x")
