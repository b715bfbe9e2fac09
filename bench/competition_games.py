"""bench/competition.py's games: a competition of generated contestants, played by the real conductor.

Every measurement makes a fresh competition folder, starts the real conductor (store, games
loop, sandbox ``isolate``; programs shipped to the workers on Dask), starts a final or a test
round, and times a SAMPLE of its games after a warm-up. While it times, it also reads how
busy the machine's cores were (/proc/stat): a configuration that keeps every core busy
cannot go faster there, whatever its ratio to --jobs 1 says.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from arena.competition.conductor.conductor import Conductor
from arena.competition.folder import CompetitionFolder
from arena.competition.store.database import CompetitionStore
from arena.toolkit.starter import template_source


def final_games(entrants: int, swiss_rounds: int, top: int, games_per_pair: int) -> tuple[int, int]:
    """(Swiss games, robin games) of a final (each Swiss pairing plays one seed in both seats)."""
    return swiss_rounds * (entrants // 2) * 2, top * (top - 1) // 2 * games_per_pair


def competition_with(root: Path, game: str, commands: list[str | None]) -> tuple[CompetitionFolder, CompetitionStore]:
    """A competition whose contestants' admitted submissions run ``commands`` (None: the game's
    Python starter bot, a random mover, written into the submission's build folder)."""
    folder = CompetitionFolder(root)
    root.mkdir(mode=0o700)
    store = CompetitionStore(folder.database, must_exist=False)
    store.create(game, "benchmark")
    source = template_source(game, "python")
    for number, command in enumerate(commands):
        user = store.add_user(f"bot{number:02d}", None, "contestant")
        submission = store.add_submission(user, "python", "bot.py", status="admitted")
        if command is None:
            build = folder.build(submission)
            build.mkdir(parents=True)
            (build / "bot.py").write_text(source)
            command = f"{sys.executable} {build / 'bot.py'}"
        store.update_submission(submission, command=command)
    return folder, store


def played(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM games WHERE record IS NOT NULL").fetchone()[0]


def busy_jiffies() -> tuple[int, int]:
    """(busy, all) CPU time of the whole machine so far, in clock ticks (/proc/stat)."""
    with open("/proc/stat") as stat:
        fields = [int(value) for value in stat.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle and iowait
    return sum(fields) - idle, sum(fields)


def games_per_second(game: str, commands: list[str | None], start: str, sample: int, warm_up: int,
                     jobs: int | None, scheduler: str | None, options: dict) -> tuple[float, float]:
    """(games/s, share of the machine's CPU busy) over ``sample`` games after ``warm_up``."""
    with tempfile.TemporaryDirectory(prefix="arena-bench-") as scratch:
        folder, store = competition_with(Path(scratch) / "competition", game, commands)
        conductor = Conductor(folder, store, jobs=jobs, scheduler=scheduler, debut=False, tick_s=0.1, **options)
        conductor.start()
        try:
            conductor.start_final() if start == "final" else conductor.start_round()
            _wait_until(conductor, lambda: played(folder.database) >= warm_up)
            began, first, cpu = time.perf_counter(), played(folder.database), busy_jiffies()
            _wait_until(conductor, lambda: played(folder.database) >= first + sample)
            elapsed, cpu_end = time.perf_counter() - began, busy_jiffies()
            busy = (cpu_end[0] - cpu[0]) / max(1, cpu_end[1] - cpu[1])
            return (played(folder.database) - first) / elapsed, busy
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
