"""How fast the competition server plays: a CodeCup-sized final and a test round, through the conductor.

Generated contestants are the Domineering Python starter bot (a random mover: fast, so the
figure is the server's machinery and program start-up, not thinking), each an admitted
submission in a fresh competition folder. Every measurement runs the real conductor
(store, games loop, sandbox ``isolate``; programs shipped to the workers on Dask) and
PLAYS A SAMPLE of the games, timed after a warm-up, then EXTRAPOLATES to the whole:

- the final of CodeCup 2025's size: 60 entrants, 11 Swiss rounds, then the top 58 play
  10 games per pair (16,530 games), printed as games per hour and hours for the final;
- a test round among 50 contestants (2,450 games): games/s.

Each at --jobs 1, --jobs 2 and on a local 2-worker Dask cluster. Build and admission time
per submission is building.py's to measure (not here). Prints figures, not pass/fail;
run it on a quiet machine.

    python bench/competition.py [--sample N] [--quick]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

SOURCE = str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, SOURCE)
# the Dask workers import this checkout's arena too (they unpickle its play_shipped)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [SOURCE, os.environ.get("PYTHONPATH")]))

from arena.competition.conductor import Conductor  # noqa: E402
from arena.competition.folder import CompetitionFolder  # noqa: E402
from arena.competition.store import CompetitionStore  # noqa: E402
from arena.starter import template_source  # noqa: E402
from arena.tournament.local_cluster import local_cluster  # noqa: E402

GAME = "domineering"
FINAL = {"final_robin_max": 20, "final_swiss_rounds": 11, "final_top": 58, "final_robin_seeds_per_pair": 5}


def final_games(entrants: int, swiss_rounds: int, top: int, games_per_pair: int) -> tuple[int, int]:
    """(Swiss games, robin games) of a final (each Swiss pairing plays one seed in both seats)."""
    return swiss_rounds * (entrants // 2) * 2, top * (top - 1) // 2 * games_per_pair


def competition_with(root: Path, entrants: int) -> tuple[CompetitionFolder, CompetitionStore]:
    folder = CompetitionFolder(root)
    root.mkdir(mode=0o700)
    store = CompetitionStore(folder.database, must_exist=False)
    store.create(GAME, "benchmark")
    source = template_source(GAME, "python")
    for number in range(entrants):
        user = store.add_user(f"bot{number:02d}", None, "contestant")
        submission = store.add_submission(user, "python", "bot.py", status="admitted")
        build = folder.build(submission)
        build.mkdir(parents=True)
        (build / "bot.py").write_text(source)
        store.update_submission(submission, command=f"{sys.executable} {build / 'bot.py'}")
    return folder, store


def played(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM games WHERE record IS NOT NULL").fetchone()[0]


def games_per_second(entrants: int, start: str, sample: int, warm_up: int, jobs: int | None,
                     scheduler: str | None, options: dict) -> float:
    """Start a final or a test round among ``entrants`` and time ``sample`` games after ``warm_up``."""
    with tempfile.TemporaryDirectory(prefix="arena-bench-") as scratch:
        folder, store = competition_with(Path(scratch) / "competition", entrants)
        conductor = Conductor(folder, store, jobs=jobs, scheduler=scheduler, debut=False, tick_s=0.1, **options)
        conductor.start()
        try:
            conductor.start_final() if start == "final" else conductor.start_round()
            _wait_until(conductor, lambda: played(folder.database) >= warm_up)
            began, first = time.perf_counter(), played(folder.database)
            _wait_until(conductor, lambda: played(folder.database) >= first + sample)
            return (played(folder.database) - first) / (time.perf_counter() - began)
        finally:
            conductor.stop()
            store.close()


def _wait_until(conductor: Conductor, condition, timeout_s: float = 3600) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        status = conductor.status()
        if status["games"]["given_up"] or time.monotonic() > deadline:
            problems = [r["problem"] for r in status["rounds"] if r["problem"]] or [status["games"]["problem"]]
            raise SystemExit(f"the benchmark's games stalled: {problems[0]}")
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200, help="games timed per measurement")
    parser.add_argument("--quick", action="store_true", help="a tiny run that only shows the benchmark works")
    args = parser.parse_args()
    final_entrants, round_entrants, sample, warm_up = 60, 50, args.sample, 8
    final_options = dict(FINAL)
    if args.quick:
        final_entrants, round_entrants, sample, warm_up = 6, 4, 4, 2
        final_options.update(final_robin_max=4, final_swiss_rounds=2, final_top=4)
    swiss, robin = final_games(final_entrants, final_options["final_swiss_rounds"], final_options["final_top"],
                               2 * final_options["final_robin_seeds_per_pair"])
    total = swiss + robin
    print(f"{GAME}, generated contestants (the Python starter bot), sandbox isolate, {os.cpu_count()} cores")
    print(f"final: {final_entrants} entrants, {final_options['final_swiss_rounds']} Swiss rounds ({swiss} games), "
          f"then the top {final_options['final_top']} play {2 * final_options['final_robin_seeds_per_pair']} "
          f"games per pair ({robin} games): {total} games")
    print(f"a sample of {sample} games is played per measurement (after {warm_up} to warm up) and extrapolated",
          flush=True)
    with local_cluster(workers=2) as address:
        configurations = (("local pool, --jobs 1", 1, None), ("local pool, --jobs 2", 2, None),
                          ("Dask, 2 workers x 1 thread", None, address))
        print(f"\n{'final':<30}{'games/hour':>12}{'hours for the final':>22}{'vs jobs 1':>11}", flush=True)
        base = None
        for label, jobs, scheduler in configurations:
            rate = games_per_second(final_entrants, "final", sample, warm_up, jobs, scheduler, final_options)
            base = base or rate
            print(f"{label:<30}{rate * 3600:>12.0f}{total / rate / 3600:>22.2f}{rate / base:>10.2f}x", flush=True)
        round_games = round_entrants * (round_entrants - 1)
        print(f"\n{f'test round, {round_entrants} entrants ({round_games} games)':<42}{'games/s':>10}"
              f"{'vs jobs 1':>11}", flush=True)
        base = None
        for label, jobs, scheduler in configurations:
            rate = games_per_second(round_entrants, "test", sample, warm_up, jobs, scheduler, {})
            base = base or rate
            print(f"{label:<42}{rate:>10.2f}{rate / base:>10.2f}x", flush=True)


if __name__ == "__main__":
    main()
