"""Reading command-line values that every ``arena`` command shares, with click's errors."""

from __future__ import annotations

import os
from pathlib import Path

import click

from .games import UnknownGameError, get_game
from .games.base import GameInfo


def game_argument(name: str) -> GameInfo:
    """The game a GAME argument names; a usage error listing the games otherwise."""
    try:
        return get_game(name)
    except UnknownGameError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None


def check_record_path(path: str | None) -> None:
    """Refuse a ``--record`` file that could not be written, before any game is played."""
    if path is None:
        return
    folder = Path(path).parent
    if not folder.is_dir():
        raise click.BadParameter(f"the folder {str(folder)!r} does not exist", param_hint="--record")
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(f"cannot write in the folder {str(folder)!r}", param_hint="--record")
