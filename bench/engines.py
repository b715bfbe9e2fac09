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
import importlib
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from engine_builds import FLAVOURS, build_engine

from arena.games import game_names
from arena.games.contract import ENGINE_BENCH, has_part

REPOSITORY = Path(__file__).resolve().parents[1]


def engine_benches() -> dict[str, ModuleType]:
    """Each game with a strong player (games/contract.py's ``strong`` part, a compiled engine) and
    its bench, bench/engines_<game>.py; a game without one is an error naming the missing file."""
    benches = {}
    for name in game_names():
        if has_part(name, "strong"):
            bench = REPOSITORY / ENGINE_BENCH.format(game=name)
            if not bench.is_file():
                raise SystemExit(f"{name} has a compiled engine but no {bench} to measure it")
            benches[name] = importlib.import_module(bench.stem)
    return benches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    benches = engine_benches()
    with tempfile.TemporaryDirectory(prefix="arena-engines-") as builds:
        for name, bench in benches.items():
            if hasattr(bench, "C_REFERENCE"):  # built both ways and set against its C reference
                print(f"building {name}'s engine: {', '.join(FLAVOURS)}", file=sys.stderr, flush=True)
                engines = {flavour: build_engine(name, flavour, Path(builds)) for flavour in FLAVOURS}
                print(bench.report(args.games, args.reps, engines), flush=True)
    for bench in benches.values():
        if not hasattr(bench, "C_REFERENCE"):  # measured as installed, after the others as before
            print(bench.report(args.games, args.reps), flush=True)


if __name__ == "__main__":
    main()
