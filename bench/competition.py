"""How fast the competition server works: a CodeCup-sized final, test rounds, builds and pages.

Every figure comes from the real server's parts (bench/competition_*.py say how):

- ``--final``: the final of CodeCup 2025's size, 60 entrants, 11 Swiss rounds, then the top
  58 play 10 games per pair (16,530 games); a SAMPLE of its games is played, timed after a
  warm-up, and EXTRAPOLATED to games per hour and hours for the final;
- ``--rounds``: test rounds among generated contestants, games/s, two kinds of games:
  start-up-bound ones (the Domineering Python starter bot, a random mover: the figure is
  the server's machinery and program start-up) and ones where programs think (8 entrants,
  Flippo's builtin:strong and builtin:greedy, at a 0.2 clock scale, the whole round timed
  after its warm-up; the goal is --jobs 2 and 2 Dask workers at least 1.8x --jobs 1);
- ``--builds``: build and admission time per submission (C++ and Python starter bots);
- ``--pages``: the ranking and a contestant's pages with 5,000 games in the store (goal < 300 ms).

Games are measured at --jobs 1, --jobs 2 and on a local 2-worker Dask cluster, side by
side in one run, each with the share of the machine's CPU that was busy meanwhile (a
start-up-bound game keeps more than one core busy at --jobs 1: both programs start at
once, so no ratio can reach 2 there). With none of the four flags, all of them run.
Prints figures, not pass/fail: run it on a quiet machine (``--quick`` only shows it works).

    python bench/competition.py [--final] [--rounds] [--builds] [--pages] [--sample N] [--quick]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

SOURCE = str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, SOURCE)
sys.path.insert(1, str(Path(__file__).resolve().parent))
# the Dask workers import this checkout's arena too (they unpickle its work: play_shipped, run_task)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [SOURCE, os.environ.get("PYTHONPATH")]))

from arena.parallel.local_cluster import local_cluster  # noqa: E402
from competition_builds import print_builds  # noqa: E402
from competition_games import final_games, games_per_second  # noqa: E402
from competition_pages import print_pages  # noqa: E402

FINAL = {"final_robin_max": 20, "final_swiss_rounds": 11, "final_top": 58, "final_robin_seeds_per_pair": 5}
QUICK_FINAL = {**FINAL, "final_robin_max": 4, "final_swiss_rounds": 2, "final_top": 4}
THINKING = ("flippo", "builtin:strong", "builtin:greedy", 0.2)  # game, two programs, clock scale


def configurations(address: str) -> tuple[tuple[str, int | None, str | None], ...]:
    return (("local pool, --jobs 1", 1, None), ("local pool, --jobs 2", 2, None),
            ("Dask, 2 workers x 1 thread", None, address))


def measure_final(address: str, quick: bool, sample: int, warm_up: int) -> None:
    entrants, options = (6, QUICK_FINAL) if quick else (60, FINAL)
    swiss, robin = final_games(entrants, options["final_swiss_rounds"], options["final_top"],
                               2 * options["final_robin_seeds_per_pair"])
    total = swiss + robin
    print(f"\nfinal: {entrants} entrants, {options['final_swiss_rounds']} Swiss rounds ({swiss} games), then the "
          f"top {options['final_top']} play {2 * options['final_robin_seeds_per_pair']} games per pair "
          f"({robin} games): {total} games; {sample} played per measurement (after {warm_up}), extrapolated",
          flush=True)
    print(f"{'domineering, Python starter bots':<34}{'games/hour':>12}{'hours':>8}{'vs jobs 1':>11}{'CPU busy':>10}",
          flush=True)
    base = None
    for label, jobs, scheduler in configurations(address):
        rate, busy = games_per_second("domineering", [None] * entrants, "final", sample, warm_up, jobs, scheduler,
                                      options)
        base = base or rate
        print(f"{label:<34}{rate * 3600:>12.0f}{total / rate / 3600:>8.2f}{rate / base:>10.2f}x{busy:>9.0%}",
              flush=True)


def measure_rounds(address: str, quick: bool, sample: int | None, warm_up: int) -> None:
    entrants = 4 if quick else 50
    game, strong, greedy, scale = THINKING
    thinkers = 4 if quick else 8  # a round of n(n-1) games: 56 for 8
    kinds = ((f"start-up-bound: domineering, {entrants} Python starter bots", "domineering", [None] * entrants, {},
              sample or (4 if quick else 200)),
             (f"thinking: {game} {strong} vs {greedy}, clocks x{scale}", game,
              [strong if n % 2 else greedy for n in range(thinkers)], {"time_scale": scale},
              # the whole round after its warm-up: its pairs mix strong and greedy in every way,
              # and each configuration must time the same games
              min(sample or 10**6, thinkers * (thinkers - 1) - warm_up) if not quick else 3))
    for title, game_name, commands, options, sample in kinds:
        print(f"\ntest round, {title} ({len(commands) * (len(commands) - 1)} games; {sample} timed)", flush=True)
        print(f"{'':<34}{'games/s':>10}{'vs jobs 1':>11}{'CPU busy':>10}", flush=True)
        base = None
        for label, jobs, scheduler in configurations(address):
            rate, busy = games_per_second(game_name, commands, "test", sample, warm_up, jobs, scheduler, options)
            base = base or rate
            print(f"{label:<34}{rate:>10.2f}{rate / base:>10.2f}x{busy:>9.0%}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for piece in ("final", "rounds", "builds", "pages"):
        parser.add_argument(f"--{piece}", action="store_true", help=f"measure the {piece} (default: everything)")
    parser.add_argument("--sample", type=int, default=None, help="games timed per measurement (default: 200; "
                                                                  "all but the warm-up of the thinking round)")
    parser.add_argument("--quick", action="store_true", help="a tiny run that only shows the benchmark works")
    args = parser.parse_args()
    everything = not (args.final or args.rounds or args.builds or args.pages)
    print(f"arena competition server, sandbox isolate, {os.cpu_count()} cores"
          + (" (--quick: figures mean nothing)" if args.quick else ""), flush=True)
    if everything or args.final or args.rounds:
        with local_cluster(workers=2) as address:
            if everything or args.final:
                sample = args.sample or (4 if args.quick else 200)
                measure_final(address, args.quick, sample, 2 if args.quick else 8)
            if everything or args.rounds:
                measure_rounds(address, args.quick, args.sample, 2 if args.quick else 4)
    if everything or args.builds:
        print_builds("domineering", 1 if args.quick else 3)
    if everything or args.pages:
        print_pages("domineering", 10 if args.quick else 50, 500 if args.quick else 5000, 2 if args.quick else 10)


if __name__ == "__main__":
    main()
