"""Records of real games for the analysis tests, played once per session by the real ``arena``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ARENA = str(Path(sys.executable).with_name("arena"))


def play_record(folder: Path, game: str, first: str, second: str, seed: int, time_scale: float = 0.3) -> Path:
    path = folder / f"{game}-{seed}.json"
    subprocess.run([ARENA, "play", game, first, second, "--seed", str(seed), "--record", str(path),
                    "--time-scale", str(time_scale)], check=True, capture_output=True, timeout=120)
    return path


@pytest.fixture(scope="session")
def flippo_records(once) -> list[Path]:
    """Three Flippo games of builtin:greedy (White) against builtin:strong."""
    def fill(folder: Path) -> None:
        for seed in (1, 2, 3):
            play_record(folder, "flippo", "builtin:greedy", "builtin:strong", seed)
    folder = once("flippo-records", fill)
    return [folder / f"flippo-{seed}.json" for seed in (1, 2, 3)]


@pytest.fixture
def load():
    return lambda path: json.loads(Path(path).read_text())


@pytest.fixture
def flippo_brute():
    """Plain negamax over Flippo's rules.py: the exact disc margin for the side to move."""
    from arena.games import get_analyst

    outcome = get_analyst("flippo").outcome

    def brute_value(state) -> float:
        if state.is_over():
            return outcome(state, state.to_move)
        best = None
        for move in state.legal_moves():
            child = state.copy()
            child.play(move)
            value = -brute_value(child)
            best = value if best is None else max(best, value)
        return best
    return brute_value
