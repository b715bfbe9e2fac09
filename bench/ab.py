"""Which of several versions does best against one opponent? Interleaved on the same seeds.

    python bench/ab.py blackhole ./winner rev:main:strong builtin:strong --pairs 100 --jobs 2

Every seed is played by each version in both seats against OPPONENT, the
versions taking turns seed by seed, so a machine that grows busy weighs on all
of them alike. Prints each version's summary (as bench/strength.py does) and,
for each version after the first, the mean difference of its margin from the
first one's game by game (same seed, same seat) with a 95% interval: in games
as noisy as Black Hole, pairing the games is what lets half a point show.
Players are given as bench/strength.py takes them (``rev:<git-rev>:<name>`` too);
``--records FILE`` appends every game's record, a JSON line each.
"""

from __future__ import annotations

import argparse
import random

from revision import Revisions
from strength import check_records_path, interval, play_all, players, summarise


def paired_difference(games: list[dict], first: list[dict]) -> tuple[float, float, int]:
    """Mean and 95% half-width of (margin in ``games`` − margin in ``first``) over the
    games both played on the same seed and seat; and how many those are."""
    base = {(g["seed"], g["a_seat"]): g["a_points"] - g["b_points"] for g in first}
    differences = [g["a_points"] - g["b_points"] - base[(g["seed"], g["a_seat"])]
                   for g in games if (g["seed"], g["a_seat"]) in base]
    if not differences:
        return float("nan"), float("nan"), 0
    return (*interval(differences), len(differences))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("opponent")
    parser.add_argument("versions", nargs="+", help="the players to compare (two or more)")
    parser.add_argument("--pairs", type=int, default=20, help="seeds, each played in both seats by every version")
    parser.add_argument("--jobs", type=int, default=1, help="games at once")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: random)")
    parser.add_argument("--records", default=None, help="append every game's record to this file (JSON lines)")
    args = parser.parse_args(argv)
    if len(args.versions) < 2:
        parser.error("give at least two versions to compare")
    if args.pairs < 1 or args.jobs < 1:
        parser.error("--pairs and --jobs must be at least 1")
    check_records_path(parser, args.records)
    first = random.SystemRandom().randrange(2**30) if args.seed is None else args.seed
    with Revisions(args.game) as revisions:
        opponent, *versions = players(parser, revisions, args.game, [args.opponent, *args.versions])
        order, jobs = [], []
        for pair in range(args.pairs):
            turn = pair % len(versions)  # who goes first rotates, seed by seed
            for index in [*range(turn, len(versions)), *range(turn)]:
                for a_seat in (0, 1):
                    specs = (versions[index], opponent) if a_seat == 0 else (opponent, versions[index])
                    order.append(index)
                    jobs.append((args.game, specs, first + pair, a_seat, 1.0))
        games: list[list[dict]] = [[] for _ in versions]
        for index, result in zip(order, play_all(jobs, args.jobs, args.records)):
            games[index].append(result)
    for version, played in zip(versions, games):
        print(summarise(version.text, opponent.text, played))
    for version, played in zip(versions[1:], games[1:]):
        mean, half, count = paired_difference(played, games[0])
        print(f"{version.text} − {versions[0].text}: mean margin {mean:+.2f} ± {half:.2f} a game"
              f" over {count} paired games")


if __name__ == "__main__":
    main()
