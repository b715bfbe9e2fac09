"""How long ``arena analyse`` takes on a whole game, at each game's default time per ply.

    python bench/analysis.py [--games flippo,blackhole] [--jobs N] [--seeds 2]

For each game: a game of builtin:greedy against builtin:strong is played (clocks ×0.3), then
analysed with ``arena.analysis.analyse`` at the game's DEFAULT_SECONDS on every core (or --jobs).
Printed per game: the plies, the wall time of the whole analysis, wall and CPU seconds per ply,
how many plies came out exact. The issue's goal: a 60-ply Flippo game and a 30-ply Black Hole
game each under 15 s on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arena.analysis import analyse
from arena.games import game_names, get_analyst

ARENA = str(Path(sys.executable).with_name("arena"))


def played_record(game: str, seed: int, folder: Path) -> dict:
    path = folder / f"{game}-{seed}.json"
    subprocess.run([ARENA, "play", game, "builtin:greedy", "builtin:strong", "--seed", str(seed),
                    "--record", str(path), "--time-scale", "0.3"], check=True, capture_output=True)
    return json.loads(path.read_text())


def measure(record: dict, jobs: int | None) -> dict:
    start = time.perf_counter()
    document = analyse(record, jobs=jobs)
    return {"plies": document["total"], "wall": time.perf_counter() - start,
            "exact": sum(p["exact"] for p in document["plies"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(game_names()))
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seeds", type=int, default=2, help="games analysed per game (different seeds)")
    args = parser.parse_args()
    jobs = args.jobs or os.cpu_count() or 1
    print(f"{os.cpu_count()} cores, {jobs} worker processes; core-s/ply = wall × workers / plies (the cost of a ply,"
          f" start-up and idle cores included)")
    print(f"{'game':<12} {'seed':>4} {'plies':>5} {'default s/ply':>13} {'wall s':>7} {'core-s/ply':>10} {'exact':>5}")
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            for seed in range(1, args.seeds + 1):
                figures = measure(played_record(game, seed, Path(folder)), args.jobs)
                plies = figures["plies"]
                print(f"{game:<12} {seed:>4} {plies:>5} {get_analyst(game).DEFAULT_SECONDS:>13.2f} "
                      f"{figures['wall']:>7.1f} {figures['wall'] * jobs / plies:>10.3f} {figures['exact']:>5}",
                      flush=True)


if __name__ == "__main__":
    main()
