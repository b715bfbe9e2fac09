"""The registry of games. Adding a game means adding its folder and one line here.

Each entry is imported only when used, so that a built-in player starting under a
game clock loads its own game and nothing else.
"""

from __future__ import annotations

import importlib
TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing costs a player ~7 ms of its clock

if TYPE_CHECKING:
    from types import ModuleType

    from .base import GameInfo

GAME_MODULES = {
    "flippo": "arena.games.flippo",
    "turnright": "arena.games.turnright",
    "luckywords": "arena.games.luckywords",
    "blackhole": "arena.games.blackhole",
    "domineering": "arena.games.domineering",
}


class UnknownGameError(ValueError):
    pass


def game_names() -> list[str]:
    return list(GAME_MODULES)


def get_game(name: str) -> "GameInfo":
    try:
        module = GAME_MODULES[name]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {name!r}; the games are: {', '.join(GAME_MODULES)}"
        ) from None
    return importlib.import_module(f"{module}.game").GAME


def as_game(game: "GameInfo | str") -> "GameInfo":
    """A game given by name or already looked up: the layers above resolve a GAME argument once,
    at the edge (the command line, a record), and pass the GameInfo down."""
    return get_game(game) if isinstance(game, str) else game


def get_svg(name: str) -> ModuleType:
    """The game's drawing module (``board(state, *, before=None, size=None) -> str``)."""
    if name not in GAME_MODULES:
        get_game(name)  # raises UnknownGameError naming the games
    return importlib.import_module(f"{GAME_MODULES[name]}.svg")


def get_analyst(name: str) -> ModuleType:
    """The game's analyst (``evaluate(state, played, seconds)``; arena/games/analyst_contract.py)."""
    if name not in GAME_MODULES:
        get_game(name)  # raises UnknownGameError naming the games
    return importlib.import_module(f"{GAME_MODULES[name]}.analyst")
