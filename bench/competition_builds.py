"""bench/competition.py's builds: the time from an upload to its admission, per submission.

The C++ and the Python starter bots of ``arena new`` are built by building.build_submission
(the compile under the sandbox, then the admission test: ``arena check`` in both seats, its
default number of games), each a few times in a fresh competition folder. The compile and
the admission are timed apart (build_submission says when the admission starts).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from arena.competition.build.one_build import BuildJob, build_submission
from arena.competition.build.languages import write_default_table
from arena.toolkit.starter import template_source

STARTERS = (("cpp", "bot.cpp"), ("python", "bot.py"))


def time_builds(game: str, count: int) -> dict[str, list[tuple[float, float, str]]]:
    """language -> [(compile s, admission s, status)] for ``count`` builds of its starter bot."""
    timings: dict[str, list[tuple[float, float, str]]] = {}
    with tempfile.TemporaryDirectory(prefix="arena-bench-builds-") as scratch:
        root = Path(scratch) / "competition"
        root.mkdir(mode=0o700)
        write_default_table(root / "languages.json")
        number = 0
        for language, filename in STARTERS:
            for _ in range(count):
                number += 1
                upload = root / "uploads" / str(number) / filename
                upload.parent.mkdir(parents=True)
                upload.write_text(template_source(game, language))
                job = BuildJob(submission_id=number, game=game, upload=str(upload),
                               build_folder=str(root / "builds" / str(number)), language=language,
                               table_path=str(root / "languages.json"), hidden=(str(root),))
                checking: list[float] = []
                began = time.perf_counter()
                outcome = build_submission(job, on_checking=lambda: checking.append(time.perf_counter()))
                ended = time.perf_counter()
                compiled = (checking[0] if checking else ended) - began
                timings.setdefault(language, []).append((compiled, ended - began - compiled, outcome.status))
    return timings


def print_builds(game: str, count: int) -> None:
    print(f"\nbuild and admission per submission ({game} starter bots, {count} of each, "
          f"{os.cpu_count()} cores)", flush=True)
    print(f"{'language':<10}{'compile s':>11}{'admission s':>13}{'total s':>9}  statuses", flush=True)
    for language, runs in time_builds(game, count).items():
        compiles, admissions = [run[0] for run in runs], [run[1] for run in runs]
        statuses = ", ".join(sorted({run[2] for run in runs}))
        print(f"{language:<10}{statistics.median(compiles):>11.2f}{statistics.median(admissions):>13.2f}"
              f"{statistics.median([c + a for c, a in zip(compiles, admissions)]):>9.2f}  {statuses} "
              f"(medians)", flush=True)
