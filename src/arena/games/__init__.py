"""The registry of games: every folder here that holds a game's parts is a game (contract.py
lists them and loads them; adding a game is adding its folder).

Each game is imported only when used, so that a built-in player starting under a game clock
loads its own game and nothing else.
"""

from __future__ import annotations

from .contract import UnknownGameError, games_found, need_part

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing costs a player ~7 ms of its clock

if TYPE_CHECKING:
    from types import ModuleType

    from .base import GameInfo

__all__ = ["UnknownGameError", "game_names", "get_game", "as_game", "get_svg", "get_analyst"]


def game_names() -> list[str]:
    return list(games_found())


def get_game(name: str) -> "GameInfo":
    """The game's declaration (``GAME`` in its ``game.py``); an UnknownGameError naming the games."""
    return need_part(name, "game").GAME


def as_game(game: "GameInfo | str") -> "GameInfo":
    """A game given by name or already looked up: the layers above resolve a GAME argument once,
    at the edge (the command line, a record), and pass the GameInfo down."""
    return get_game(game) if isinstance(game, str) else game


def get_svg(name: str) -> ModuleType:
    """The game's drawing module (``board(state, *, before=None, size=None) -> str``)."""
    return need_part(name, "svg")


def get_analyst(name: str) -> ModuleType:
    """The game's analyst (``evaluate(state, played, seconds)``; arena/games/analyst_contract.py)."""
    return need_part(name, "analyst")
