import subprocess
import sys
from pathlib import Path

import pytest

ARENA = str(Path(sys.executable).with_name("arena"))


def record(scores, winner, verdicts=("ok", "ok"), game_points=None, move_ms=()):
    """A hand-built game record with just what the standings read.

    ``move_ms``: (seat, wall_ms, cpu_ms) per timed move.
    """
    result = {"scores": list(scores), "winner": winner, "verdicts": list(verdicts),
              "faults": [None, None], "reason": "hand-built"}
    if game_points is not None:
        result["game_points"] = list(game_points)
    moves = [{"seat": seat, "text": "m", "wall_ms": wall, "cpu_ms": cpu} for seat, wall, cpu in move_ms]
    return {"result": result, "moves": moves}


@pytest.fixture
def make_record():
    return record


def run_arena(*args, cwd, timeout=120, check=True):
    """Run the real ``arena`` command line; return the finished process."""
    done = subprocess.run([ARENA, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(f"arena {' '.join(map(str, args))} failed:\n{done.stdout}\n{done.stderr}")
    return done


@pytest.fixture
def arena():
    return run_arena


@pytest.fixture
def arena_bin():
    """The installed ``arena`` script, for tests that drive the process themselves."""
    return ARENA

