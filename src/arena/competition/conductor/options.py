"""What an organiser (or a test) may tune in the conductor: ``Conductor(..., **options)``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class ConductorOptions:
    time_scale: float = 1.0  # the games' clocks, scaled (as --time-scale)
    sandbox: str = "isolate"  # every contestant's program, and every build, runs isolated
    build: Callable | None = None  # build_submission(job, on_checking) to use instead of one_build.py's
    build_jobs: int | None = None  # builds and admissions at once (--build-jobs); None: one per core
    debut: bool = True  # a newly admitted submission plays every other entrant at once
    round_every_s: float | None = None  # a test round this often while the entrants change; None: never
    bench_after: int = 5  # a program whose last N games were all irregular losses is benched; 0: never
    unrated_games: int = 4  # games a contestant may ask for against a chosen opponent
    unrated_every_s: float = 600  # how often a contestant may ask for them
    max_attempts: int = 3  # a game whose worker died or refused is given out this many times
    tick_s: float = 1.0  # how often the games loop looks at the clock when nothing happens
    final_robin_max: int = 20  # a field this small plays the final as one double round robin
    final_swiss_rounds: int = 11
    final_top: int = 20  # the Swiss field's best N then play a double round robin
    final_swiss_seeds_per_pair: int = 1  # every seed is played in both seats
    final_robin_seeds_per_pair: int = 1

    def __post_init__(self) -> None:
        if self.time_scale <= 0:
            raise ValueError(f"time_scale must be positive, got {self.time_scale}")
        if self.round_every_s is not None and self.round_every_s <= 0:
            raise ValueError(f"round_every_s must be positive, got {self.round_every_s}")
        if self.final_top < 2 or self.final_robin_max < 2:
            raise ValueError("the final's robin needs at least 2 players")
        if self.build_jobs is not None and self.build_jobs < 1:
            raise ValueError(f"build_jobs must be at least 1, got {self.build_jobs}")
        if min(self.unrated_games, self.max_attempts, self.final_swiss_rounds) < 1:
            raise ValueError("unrated_games, max_attempts and final_swiss_rounds must be at least 1")
