"""The ``arena`` click group: its own commands (games, play, bot, policy-bot), and every other
command (the ``*_command(s).py`` modules beside this one) registered on it by name, its module
imported only when that command runs (or the help lists them all)."""

from __future__ import annotations

import importlib

import click

from ..games import game_names, get_game
from ..games.base import SetupError
from ..judge.match import ProgramCannotStart
from ..refereeing.players import PlayerSpecError, resolve_player
from ..refereeing.terminal_text import visible
from .shared_arguments import check_record_path, folder_option, game_argument, given_folders, sandbox_argument, \
    sandbox_options

LAZY_COMMANDS = {
    "tournament": "tournament_commands", "sprt": "sprt_command", "standings": "tournament_commands",
    "export": "tournament_commands", "serve": "viewer_commands", "view": "viewer_commands",
    "check": "check_command", "new": "new_command", "competition": "competition_commands",
    "submit": "submit_command", "analyse": "analyse_command",
}
"""Each command declared in a module beside this one, by the module that declares it (under the
command's own name). Importing them all took 0.4 s of every ``arena play`` (the server, the
analysis, Dask, the SPRT tables): a command's module is imported when it runs, or when the help
lists every command."""


class _LazyGroup(click.Group):
    def list_commands(self, context: click.Context) -> list[str]:
        return sorted({*super().list_commands(context), *LAZY_COMMANDS})

    def get_command(self, context: click.Context, name: str) -> click.Command | None:
        if name not in LAZY_COMMANDS:
            return super().get_command(context, name)
        module = importlib.import_module(f"{__package__}.{LAZY_COMMANDS[name]}")
        command = getattr(module, name)
        assert isinstance(command, click.Command) and command.name == name, (LAZY_COMMANDS[name], name)
        return command


def _print_version(context: click.Context, _parameter: click.Parameter, asked: bool) -> None:
    """``arena --version``: the package's version, and the commit in a git checkout (asked only then)."""
    if asked and not context.resilient_parsing:
        from ..web_common.release import release

        click.echo(f"arena {release()}")
        context.exit(0)


@click.group(cls=_LazyGroup)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Print arena's version (and, in a git checkout, its commit), then exit.")
def cli() -> None:
    """arena: play, judge and rank programs for five CodeCup-style games."""


@cli.command()
def games() -> None:
    """List the games, their seats, clocks, memory limits and built-in players."""
    for name in game_names():
        game = get_game(name)
        click.echo(
            f"{name:<12} {game.title}; seats {game.seats[0]} / {game.seats[1]}; "
            f"{game.clock_ms / 1000:g} s per program, {game.memory_mb} MB of memory; built-in: {', '.join(game.bots)}"
        )


@cli.command()
@click.argument("game_name", metavar="GAME")
@click.argument("players", nargs=-1, metavar="PLAYER PLAYER")
@click.option("--seed", type=int, default=None, help="Seed of every random element (default: drawn).")
@click.option("--setup", "setup_text", default=None, help="Fix the game's random setup instead of the seed.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the complete game record (JSON) here.")
@click.option("--time-scale", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Multiply every clock by this factor.")
@click.option("--words", "words_path", type=click.Path(dir_okay=False), default=None,
              help="Lucky Words: score with this word list (words.dat format) instead of the default.")
@folder_option("its seat (1 or 2, or the seat's name: White)", "SEAT")
@sandbox_options
def play(game_name, players, seed, setup_text, record_path, time_scale, words_path, folder_texts, sandbox_mode,
         memory_mb) -> None:
    """Play one game. A PLAYER is a shell command, builtin:NAME or human.

    The first PLAYER takes the first seat (Flippo White). A command reads its own folder
    whole: see --folder.
    """
    from ..refereeing.game_record import describe_result
    from ..refereeing.referee import play_game
    from .check_command import echo_faults

    if len(players) != 2:
        # click's own message for nargs=2 ("takes 2 values") does not say what is missing
        raise click.UsageError(f"a game needs two players, got {len(players)}: arena play GAME PLAYER PLAYER")
    game = game_argument(game_name)
    check_record_path(record_path)
    try:
        seated = {seat: resolve_player(game, text) for seat, text in zip(game.seats, players)}
    except PlayerSpecError as error:
        raise click.BadParameter(str(error), param_hint="PLAYER") from None
    # a seat by its number too: "--folder 1=DIR" whatever the game calls its seats
    by_number = {str(number): seat for number, seat in enumerate(game.seats, start=1)}
    seated = given_folders(seated, tuple(_seat_by_name(text, by_number) for text in folder_texts), sandbox_mode,
                           "play")
    specs = list(seated.values())
    sandbox = sandbox_argument(sandbox_mode, memory_mb, [(spec.text, spec.folder) for spec in specs],
                               (("--record", record_path),) if record_path else ())
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
    # a program the shell cannot run would fault at once and the jury play the whole game for
    # it: no game, but the reason (exit status 1, as arena tournament; 0 is for games played),
    # told from its one start. One that runs and quits at once plays its game, whose record
    # says what it did.
    try:
        record = play_game(game, specs, seed=seed, setup=setup, time_scale=time_scale, sandbox=sandbox,
                           stop_at_failed_start="refused")
    except ProgramCannotStart as refused:
        raise click.ClickException(f"{game.seats[refused.seat]} ({visible(specs[refused.seat].text)}) "
                                   f"cannot start: {visible(refused.reason)}") from None
    saved = _save(record, record_path) if record_path else None  # first: nothing below may lose it
    try:
        click.echo(f"{game.title}, seed {record['seed']}, {len(record['moves'])} moves")
        click.echo(describe_result(record))
        echo_faults(record)
    except Exception:
        if saved is None:
            click.echo("the result could not be shown; the record is kept", err=True)
            _save(record, None)
        raise
    if saved is not None:
        click.echo(saved)


def _seat_by_name(text: str, by_number: dict[str, str]) -> str:
    """``--folder 1=DIR`` as ``--folder White=DIR``: a seat's number read as its name."""
    who, equals, folder = text.partition("=")
    return f"{by_number[who]}={folder}" if equals and who in by_number else text


def _save(record, record_path) -> str:
    """Write the record (elsewhere if it must, saying where); the line to show when all is done."""
    import json

    from ..judge.record import save_record

    where, problem = save_record(record, record_path)
    if problem is not None:
        click.echo(f"arena play: {problem}", err=True)
    if where is None:
        click.echo(json.dumps(record), err=True)  # no file could be written: the JSON itself
        return "record printed above (no file could be written)"
    if where != record_path:
        click.echo(f"record written to {where} instead", err=True)
    return f"record written to {where}"


def _with_words(game, setup, seed, words_path):
    """Put a checked word list into the setup (drawn from the seed as play_game would)."""
    import random
    from pathlib import Path

    from ..refereeing.referee import new_seed

    if game.word_list is None:  # the games that score words say so in their declaration
        scoring = [name for name in game_names() if get_game(name).word_list is not None]
        raise click.BadParameter(f"only {', '.join(scoring)} uses a word list, not {game.name}", param_hint="--words")
    path = str(Path(words_path).resolve())
    seed = new_seed() if seed is None else seed
    try:
        return game.word_list(setup or game.make_setup(random.Random(seed)), path), seed
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--words") from None


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("game_name", metavar="GAME")
@click.argument("name", metavar="NAME")
@click.option("--seed", type=int, default=None)
def bot(game_name, name, seed) -> None:
    """Run a built-in player as a stdin/stdout program."""
    from ..toolkit.builtin_player import run_bot

    run_bot(game_name, name, seed)


@cli.command("policy-bot", context_settings={"ignore_unknown_options": True})
@click.argument("game_name", metavar="GAME")
@click.argument("policy", metavar="POLICY")
@click.option("--function", default=None, help="The policy's function (default: act).")
@click.option("--seed", type=int, default=None)
def policy_bot(game_name, policy, function, seed) -> None:
    """Run a trained policy (path/to/policy.py, its function act or --function's, or
    file.py:function, module:function; called with an observation and an action mask,
    docs/envs.md) as a stdin/stdout program. Needs the envs extra (numpy)."""
    from ..envs.policy_bot import main as policy_bot_main  # `arena policy-bot` itself skips click

    policy_bot_main([game_name, policy] + ([] if function is None else ["--function", function])
                    + ([] if seed is None else ["--seed", str(seed)]))
