"""Games beside arena's own, for the tests of the game contract: the sixth game's folder (or a
copy of it, changed) put on the games package's search path for one test, then taken off."""

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import arena.games

SIXTH_GAME = Path(__file__).resolve().parent / "sixth_game"
"""The folder that holds the sixth game's folder, noughts/: what the games' search path gets."""


def _forget(name: str, folder: Path) -> None:
    """Drop the modules of the game ``name`` imported from ``folder``, no longer on the path.

    Only those: a test may put an impostor of one of arena's own games there (one that the
    import system never reaches, arena's folder coming first), and dropping arena's own modules
    would leave the next tests of this process with two copies of that game's classes."""
    for module_name in [module_name for module_name in sys.modules if module_name == f"arena.games.{name}"
                        or module_name.startswith(f"arena.games.{name}.")]:
        where = getattr(sys.modules[module_name], "__file__", None) or ""
        if Path(where).resolve().is_relative_to(folder.resolve()):
            del sys.modules[module_name]


@pytest.fixture
def games_on_path() -> Iterator[Callable[[Path], None]]:
    """``add(folder)``: ``folder``'s game folders are games until the test ends."""
    added: list[str] = []

    def add(folder: Path) -> None:
        arena.games.__path__.append(str(folder))
        added.append(str(folder))

    yield add
    for folder in added:
        arena.games.__path__.remove(folder)
        for game in Path(folder).iterdir():
            _forget(game.name, Path(folder))


@pytest.fixture
def sixth_game(games_on_path: Callable[[Path], None]) -> str:
    """The sixth game registered by its folder alone; its name."""
    games_on_path(SIXTH_GAME)
    return "noughts"


@pytest.fixture
def sixth_game_copy(tmp_path: Path, games_on_path: Callable[[Path], None]) -> Path:
    """A copy of the sixth game's folder on the games' search path, for a test to break: its folder."""
    folder = tmp_path / "noughts"
    shutil.copytree(SIXTH_GAME / "noughts", folder, ignore=shutil.ignore_patterns("__pycache__"))
    games_on_path(tmp_path)
    return folder


@pytest.fixture
def start_up_seconds() -> Callable[[str, str], tuple[float, float]]:
    """``start_up_seconds(game, input)``: a strong player started and fed ``input`` three times;
    the least CPU time it used (every thread, read on reaping it) and the least wall time. The CPU
    time is what its start-up costs on any host; the wall time also holds what a busy host made it
    wait, so it gets only a loose bound (a player that slept would still show in it)."""
    def measure(game: str, given: str) -> tuple[float, float]:
        best_cpu = best_wall = float("inf")
        for _ in range(3):
            started = time.monotonic()
            child = subprocess.Popen([sys.executable, "-m", "arena.toolkit.builtin_player", game, "strong"],
                                     stdin=subprocess.PIPE, text=True, env=os.environ.copy())
            assert child.stdin is not None
            child.stdin.write(given)
            child.stdin.close()
            _, status, usage = os.wait4(child.pid, 0)  # reaped here, for its rusage
            child.returncode = os.waitstatus_to_exitcode(status)
            wall = time.monotonic() - started
            assert child.returncode == 0, "the player failed"
            best_cpu = min(best_cpu, usage.ru_utime + usage.ru_stime)
            best_wall = min(best_wall, wall)
        return best_cpu, best_wall
    return measure
