"""Games beside arena's own, for the tests of the game contract: the sixth game's folder (or a
copy of it, changed) put on the games package's search path for one test, then taken off."""

import shutil
import sys
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
