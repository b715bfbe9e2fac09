"""``arena new GAME DIR``: write a small starter bot for a game into DIR (toolkit/starter.py writes it)."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from ..toolkit.starter import COMPILES, SOURCES, check_target, player_argument, write_starter
from .shared_arguments import game_argument


@click.command()
@click.argument("game_name", metavar="GAME")
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--lang", type=click.Choice(list(SOURCES)), default="python", show_default=True,
              help="The language of the starter bot.")
@click.option("--force", is_flag=True, help="Write into DIR even when it is not empty (its starter files are replaced).")
def new(game_name, directory, lang, force) -> None:
    """Write a starter bot for GAME into DIR: a legal random player to make your own."""
    game = game_argument(game_name)
    check_target(directory, force)
    written = write_starter(game.name, game.title, directory, lang)
    click.echo(f"wrote {', '.join(str(directory / name) for name in written)}")
    player = player_argument(directory)
    steps = [f"make -C {shlex.quote(str(directory))}"] if lang in COMPILES else []
    steps += [f"arena check {game.name} {player}", f"arena play {game.name} {player} builtin:greedy"]
    click.echo("next:\n" + "\n".join(f"  {step}" for step in steps))
    click.echo(f"then change the function marked CHANGE THIS FUNCTION FIRST in {directory / SOURCES[lang]}")
