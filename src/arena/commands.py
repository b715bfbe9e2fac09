"""The click commands behind ``arena``: games, play, bot, and the tournament commands."""

from __future__ import annotations

import click

from .cli_params import game_argument
from .games import game_names, get_game
from .games.base import SetupError
from .judge.players import PlayerSpecError, resolve_player
from .tournament.commands import export, standings, tournament
from .tournament.sprt_command import sprt
from .web.commands import serve, view


@click.group()
def cli() -> None:
    """arena: play, judge and rank programs for five CodeCup-style games."""


@cli.command()
def games() -> None:
    """List the games, their seats, clocks and built-in players."""
    for name in game_names():
        game = get_game(name)
        click.echo(
            f"{name:<12} {game.title}; seats {game.seats[0]} / {game.seats[1]}; "
            f"{game.clock_ms / 1000:g} s per program; built-in: {', '.join(game.bots)}"
        )


@cli.command()
@click.argument("game_name", metavar="GAME")
@click.argument("players", nargs=2, metavar="PLAYER PLAYER")
@click.option("--seed", type=int, default=None, help="Seed of every random element (default: drawn).")
@click.option("--setup", "setup_text", default=None, help="Fix the game's random setup instead of the seed.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the complete game record (JSON) here.")
@click.option("--time-scale", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Multiply every clock by this factor.")
@click.option("--words", "words_path", type=click.Path(dir_okay=False), default=None,
              help="Lucky Words: score with this word list (words.dat format) instead of the default.")
def play(game_name, players, seed, setup_text, record_path, time_scale, words_path) -> None:
    """Play one game. A PLAYER is a shell command, builtin:NAME or human.

    The first PLAYER takes the first seat (Flippo White).
    """
    from .judge.record import describe_result, write_record
    from .judge.referee import play_game

    game = game_argument(game_name)
    try:
        specs = [resolve_player(game.name, p) for p in players]
    except PlayerSpecError as error:
        raise click.BadParameter(str(error), param_hint="PLAYER") from None
    setup = None
    if setup_text is not None:
        if game.parse_setup is None:
            raise click.BadParameter(f"{game.name} has no random setup to fix", param_hint="--setup")
        try:
            setup = game.parse_setup(setup_text)
        except SetupError as error:
            raise click.BadParameter(str(error), param_hint="--setup") from None
    if words_path is not None:
        setup, seed = _with_words(game, setup, seed, words_path)
    record = play_game(game.name, specs, seed=seed, setup=setup, time_scale=time_scale)
    click.echo(f"{game.title}, seed {record['seed']}, {len(record['moves'])} moves")
    click.echo(describe_result(record))
    if record_path:
        write_record(record, record_path)
        click.echo(f"record written to {record_path}")


def _with_words(game, setup, seed, words_path):
    """Put a checked word list into the setup (drawn from the seed as play_game would)."""
    import random
    from pathlib import Path

    from .games.luckywords.dictionary import DictionaryError, load_words
    from .judge.referee import new_seed

    if game.name != "luckywords":
        raise click.BadParameter(f"only luckywords uses a word list, not {game.name}", param_hint="--words")
    path = str(Path(words_path).resolve())
    try:
        load_words(path)
    except DictionaryError as error:
        raise click.BadParameter(str(error), param_hint="--words") from None
    seed = new_seed() if seed is None else seed
    return {**(setup or game.make_setup(random.Random(seed))), "words": path}, seed


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("game_name", metavar="GAME")
@click.argument("name", metavar="NAME")
@click.option("--seed", type=int, default=None)
def bot(game_name, name, seed) -> None:
    """Run a built-in player as a stdin/stdout program."""
    from .bot import run_bot

    run_bot(game_name, name, seed)


cli.add_command(tournament)
cli.add_command(sprt)
cli.add_command(standings)
cli.add_command(export)
cli.add_command(serve)
cli.add_command(view)
