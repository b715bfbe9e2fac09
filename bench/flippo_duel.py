"""Two versions of Flippo's strong engine from varied openings, a fixed time a move.

    python bench/flippo_duel.py here rev:main --openings 30 --plies 8 --seconds 0.05

Why: every Flippo game starts from the same position, so games between two
nearly deterministic programs (bench/strength.py) repeat a few lines, and a
change that wins or loses one line looks like a big effect. Here each opening
is ``--plies`` random legal moves (seeded), played twice with the colours
swapped; each engine then searches ``--seconds`` a move and solves the last
14 empty squares, as the player does. A version is ``here`` (this checkout's
engine) or ``rev:<git-rev>`` (that revision, built in a temporary folder by
bench/revision.py). Prints A's mean disc margin with its 95% interval as the
games come in. The opening book and the time plan are not part of a duel.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
from pathlib import Path

from arena.games.flippo.strong import engine as referee_engine
from arena.games.flippo.strong.player import START
from revision import Revisions, RevisionError

HERE = Path(__file__).resolve().parents[1]
# one engine serving searches: "own opp seconds" in, the square out
SERVER = """
import sys
from arena.games.flippo.strong import engine
for line in sys.stdin:
    own, opp, seconds = line.split()
    print(engine.search(int(own), int(opp), float(seconds), 3 * float(seconds), 14)[0], flush=True)
"""


class Engine:
    def __init__(self, source: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env={**os.environ, "PYTHONPATH": str(source)})

    def move(self, own: int, opp: int, seconds: float) -> int:
        self.process.stdin.write(f"{own} {opp} {seconds}\n")
        self.process.stdin.flush()
        return int(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def play(first: Engine, second: Engine, opening: tuple[int, int], seconds: float) -> int:
    """The final margin of the side to move in ``opening`` (played by ``first``)."""
    own, opp = opening
    movers = (first, second)
    empties = 64 - (own | opp).bit_count()
    for ply in range(empties):
        square = movers[ply % 2].move(own, opp, seconds)
        if not referee_engine.legal_moves(own, opp) >> square & 1:
            raise RuntimeError(f"illegal move {square} by {'AB'[ply % 2]}")
        mine, theirs = referee_engine.play(own, opp, square)
        own, opp = theirs, mine
    margin = own.bit_count() - opp.bit_count()  # of the side to move now
    return margin if empties % 2 == 0 else -margin


def random_opening(rng: random.Random, plies: int) -> tuple[int, int]:
    own, opp = START
    for _ in range(plies):
        moves = referee_engine.legal_moves(own, opp)
        mine, theirs = referee_engine.play(own, opp, rng.choice([s for s in range(64) if moves >> s & 1]))
        own, opp = theirs, mine
    return own, opp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="here, or rev:<git-rev>")
    parser.add_argument("b", help="here, or rev:<git-rev>")
    parser.add_argument("--openings", type=int, default=30, help="openings, each played with both colours")
    parser.add_argument("--plies", type=int, default=8, help="random moves of an opening")
    parser.add_argument("--seconds", type=float, default=0.05, help="search time a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with Revisions("flippo") as revisions:
        try:
            sources = [HERE / "src" if text == "here" else revisions.built(text.removeprefix("rev:")) / "src"
                       for text in (args.a, args.b)]
        except RevisionError as error:
            parser.error(str(error))
        a, b = (Engine(source) for source in sources)
        rng = random.Random(args.seed)
        margins = []
        for _ in range(args.openings):
            opening = random_opening(rng, args.plies)
            margins += [play(a, b, opening, args.seconds), -play(b, a, opening, args.seconds)]
            mean = sum(margins) / len(margins)
            spread = math.sqrt(sum((m - mean) ** 2 for m in margins) / max(1, len(margins) - 1))
            print(f"{len(margins)} games: A's mean margin {mean:+.2f} ± {1.96 * spread / math.sqrt(len(margins)):.2f}"
                  f" discs (won {sum(m > 0 for m in margins)}, drawn {margins.count(0)})", flush=True)
        a.close()
        b.close()


if __name__ == "__main__":
    main()
