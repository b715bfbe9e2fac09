"""Positions per second: each compiled engine vs its pure-Python rules.py vs a C reference.

    python bench/engines.py [--games 400] [--reps 20]

A "position" is one full expansion: generate the legal moves and make every
child position. All three expand the same positions (from random games). The
C reference is the same move generator written in plain C (in the game's
bench/engines_<game>.py). Each engine is compared with its C reference compiled
the same way, in two columns (engine_builds.py builds both here): **baseline**,
Python's own compiler flags as a portable ``pip install`` uses them, and
**native**, the same with ``-march=native`` (``ARENA_NATIVE=1``'s build); the
goal is engine/C >= 1.0 in both, in the median of three runs. Lucky Words has no
C reference: its figures are grid scores and placements per second
(bench/engines_luckywords.py), for the engine as installed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import engines_blackhole
import engines_domineering
import engines_flippo
import engines_luckywords
import engines_turnright
from engine_builds import FLAVOURS, build_engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arena-engines-") as builds:
        for name, game in (("flippo", engines_flippo), ("blackhole", engines_blackhole),
                           ("turnright", engines_turnright), ("domineering", engines_domineering)):
            print(f"building {name}'s engine: {', '.join(FLAVOURS)}", file=sys.stderr, flush=True)
            engines = {flavour: build_engine(name, flavour, Path(builds)) for flavour in FLAVOURS}
            print(game.report(args.games, args.reps, engines), flush=True)
    print(engines_luckywords.report(args.games, args.reps), flush=True)


if __name__ == "__main__":
    main()
