"""Positions per second: each compiled engine vs its pure-Python rules.py vs a C reference.

    python bench/engines.py [--games 400] [--reps 20]

A "position" is one full expansion: generate the legal moves and make every
child position. All three expand the same positions (from random games). The
C reference is the same move generator written in plain C (in the game's
bench/engines_<game>.py), compiled at run time with the machine's ``cc -O3``;
the goal is engine/C >= 1.0 in the median of three runs. Lucky Words has no moves to expand: its figures are
grid scores and placements per second (bench/engines_luckywords.py).
"""

from __future__ import annotations

import argparse

import engines_blackhole
import engines_domineering
import engines_flippo
import engines_luckywords
import engines_turnright


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    for game in (engines_flippo, engines_blackhole, engines_turnright, engines_luckywords, engines_domineering):
        print(game.report(args.games, args.reps), flush=True)


if __name__ == "__main__":
    main()
