"""The engine against its C reference, side by side (for bench/engines.py).

The C program, compiled with the same flags as the engine it is compared with
(engine_builds.py: baseline, or native), gets a data file and a repetition count
as its arguments and prints the seconds it spent and its checksum. The engine's
kernel runs on the same data in turn.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType

from engine_builds import compiler, compiler_flags

ROUNDS = 5  # alternate and keep each one's best: a busy machine slows both at random


@contextmanager
def compiled(source: str, data: bytes, flavour: str) -> Iterator[Callable[[int], tuple[float, int]]]:
    """A function running the C program ``source`` (built with ``flavour``'s flags) on ``data``
    ``reps`` times: (seconds, checksum)."""
    with tempfile.TemporaryDirectory() as tmp:
        source_path, binary, data_path = (os.path.join(tmp, n) for n in ("ref.c", "ref", "data.bin"))
        with open(source_path, "w") as f:
            f.write(source)
        subprocess.run([compiler(), *compiler_flags(flavour), "-o", binary, source_path], check=True)
        with open(data_path, "wb") as f:
            f.write(data)

        def run(reps: int) -> tuple[float, int]:
            seconds, total = subprocess.run([binary, data_path, str(reps)], capture_output=True, text=True,
                                            check=True).stdout.split()
            return float(seconds), int(total)

        yield run


def engine_and_c_rates(kernel: Callable[[array], int], source: str, data: array, words_per_position: int,
                       reps: int, flavour: str) -> tuple[float, float]:
    """The best positions/s of ``kernel`` and of the C reference over ``ROUNDS`` alternating rounds.

    Their checksums over the same positions must agree, or the two did different work.
    """
    positions = reps * len(data) / words_per_position
    engine_best = c_best = 0.0
    with compiled(source, data.tobytes(), flavour) as run_c:
        for _ in range(ROUNDS):
            started = time.perf_counter()
            for _ in range(reps):
                checksum = kernel(data)
            engine_best = max(engine_best, positions / (time.perf_counter() - started))
            seconds, total = run_c(reps)
            c_best = max(c_best, positions / seconds)
            assert checksum == total // reps, "the engine and the C reference disagree"
    return engine_best, c_best


def flavour_rows(name: str, engines: dict[str, ModuleType], source: str, data: array, words_per_position: int,
                 reps: int, prepare: Callable[[ModuleType], None] = lambda engine: None) -> list[str]:
    """One line per flavour: the engine built that way against the C reference built the same way."""
    rows = []
    for flavour, engine in engines.items():
        prepare(engine)
        eng, ref = engine_and_c_rates(engine.count_positions, source, data, words_per_position, reps, flavour)
        rows.append(f"{name:<11} {flavour:<8} engine {eng:>12,.0f} pos/s   C {ref:>12,.0f} pos/s   "
                    f"engine/C {eng / ref:.2f}x")
    return rows
