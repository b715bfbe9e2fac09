"""Reading command-line values that every ``arena`` command shares, with click's errors."""

from __future__ import annotations

import click

from .games import UnknownGameError, get_game
from .games.base import GameInfo


def game_argument(name: str) -> GameInfo:
    """The game a GAME argument names; a usage error listing the games otherwise."""
    try:
        return get_game(name)
    except UnknownGameError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None
