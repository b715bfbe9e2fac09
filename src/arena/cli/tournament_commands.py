"""``arena tournament``, ``arena standings`` and ``arena export``."""

from __future__ import annotations

import io
import re
import sys
from typing import Callable

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TimeElapsedColumn, \
    TimeRemainingColumn
from rich.text import Text

from .shared_arguments import check_judge_file, check_record_path, folder_option, game_argument, given_folders, \
    sandbox_argument, sandbox_options
from ..judge.judge_files import write_new_file
from ..parallel.worker_pool import SchedulerUnreachable, open_workers
from ..refereeing.players import PlayerSpecError, resolve_player
from ..refereeing.referee import new_seed
from ..refereeing.terminal_text import visible
from ..tournament.export import EXPORTERS
from ..tournament.first_faults import FirstFaults
from ..tournament.result_tables import matrix_table, report_console, standings_table
from ..tournament.session import PlayerCannotStart, play_remaining, read_results, remaining_games
from ..tournament.store import StoreError, TournamentIdentity, TournamentStore

NAMED_PLAYER = re.compile(r"^([\w.+-]+)=(.+)$")


class GamesPerSecond(ProgressColumn):
    def render(self, task) -> Text:
        return Text("" if task.speed is None else f"{task.speed:.2f} games/s", style="cyan")


def parse_player(text: str) -> tuple[str, str]:
    """``NAME=PLAYER``; a bare PLAYER is named by itself (``builtin:random``)."""
    match = NAMED_PLAYER.match(text)
    return (match[1], match[2]) if match else (text, text)


def open_store(path: str, must_exist: bool = False) -> TournamentStore:
    try:
        return TournamentStore(path, must_exist=must_exist)
    except StoreError as error:
        raise click.ClickException(str(error)) from None


def print_results(console: Console, store: TournamentStore) -> None:
    results = read_results(store)
    console.print(standings_table(results))
    console.print(matrix_table(results))
    if results.played < results.scheduled:
        console.print(f"[yellow]{results.scheduled - results.played} games still to play: "
                      f"run the same tournament command again to finish.[/]")


@click.command()
@click.argument("game_name", metavar="GAME")
@click.option("--player", "player_texts", multiple=True, required=True, metavar="NAME=PLAYER",
              help="A player and its name in the standings (repeat, at least twice).")
@click.option("--rounds", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many times every pair plays its colour-swapped games.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Games at once (default: the number of cores, or the Dask cluster's threads).")
@click.option("--db", "db_path", default=None, help="The results database (default: tournament-GAME.db).")
@click.option("--seed", type=int, default=None,
              help="Seed of the whole tournament (default: the stored one when resuming, else drawn).")
@click.option("--time-scale", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Multiply every clock by this factor.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Run the games on this Dask cluster instead of local processes.")
@folder_option("its NAME", "NAME")
@sandbox_options
def tournament(game_name, player_texts, rounds, jobs, db_path, seed, time_scale, scheduler, folder_texts,
               sandbox_mode, memory_mb) -> None:
    """Double round robin: every pair plays colour-swapped games on shared seeds.

    Every game is saved as it ends; run the same command again to resume. A command reads its
    own folder whole: see --folder.
    """
    game = game_argument(game_name)
    players = [parse_player(text) for text in player_texts]
    names = [name for name, _ in players]
    if len(players) < 2:
        raise click.BadParameter("a tournament needs at least two players", param_hint="--player")
    if len(set(names)) != len(names):
        raise click.BadParameter(f"player names must differ: {', '.join(map(visible, names))}",
                                 param_hint="--player")
    specs = {}
    for name, text in players:
        try:
            specs[name] = resolve_player(game, text)
        except PlayerSpecError as error:
            raise click.BadParameter(str(error), param_hint="--player") from None
        if text == "human":
            raise click.BadParameter("a tournament has no place for a human player", param_hint="--player")
    specs = given_folders(specs, folder_texts, sandbox_mode, "tournament")
    db_path = db_path or f"tournament-{game.name}.db"
    check_record_path(db_path, param_hint="--db")
    sandbox = sandbox_argument(sandbox_mode, memory_mb, [(spec.text, spec.folder) for spec in specs.values()],
                               (("--db", db_path),))  # and its -wal and -shm beside it (judge/sandbox/bubblewrap.py)

    console = report_console()
    with open_store(db_path) as store:
        stored = store.identity()
        if seed is None:
            seed = stored.seed if stored is not None else new_seed()
        identity = TournamentIdentity(game.name, tuple(sorted(players)), rounds, seed, time_scale)
        try:
            games, scheduled = remaining_games(store, identity)
        except StoreError as error:
            raise click.ClickException(str(error)) from None
        if games:
            _play_with_progress(console, store, identity, specs, games, scheduled, jobs, scheduler, sandbox)
        print_results(console, store)


def _play_with_progress(console, store, identity, specs, games, scheduled, jobs, scheduler, sandbox) -> None:
    done_before = scheduled - len(games)
    progress = Progress(BarColumn(), MofNCompleteColumn(), GamesPerSecond(), TimeElapsedColumn(),
                        TimeRemainingColumn(), console=console)
    task = progress.add_task("games", total=scheduled, completed=done_before)
    first_faults = FirstFaults(progress.console)  # printed above the progress bar

    def on_game_saved(game, record) -> None:
        progress.advance(task)
        first_faults(game, record)

    try:
        with open_workers(jobs, scheduler) as workers:
            with progress:
                # twice the slots in flight, so a worker never idles while the next game is sent
                play_remaining(store, identity, games, workers, 2 * workers.slots, on_game_saved=on_game_saved,
                               sandbox=sandbox, specs=specs)
    except SchedulerUnreachable as error:
        raise click.ClickException(str(error)) from None
    except PlayerCannotStart as refused:  # told from its first game, which is not saved
        text = dict(identity.players)[refused.player]
        raise click.ClickException(f"player {visible(refused.player)} ({visible(text)}) cannot start: "
                                   f"{visible(refused.reason)}") from None
    except KeyboardInterrupt:
        saved = len(store.finished_slots())
        console.print(f"[yellow]Stopped: {saved} of {scheduled} games are saved in {store.path}; "
                      f"run the same command again to resume.[/]")
        sys.exit(130)


@click.command()
@click.option("--db", "db_path", required=True, help="The tournament database.")
def standings(db_path) -> None:
    """Standings and result matrix of a finished or interrupted tournament."""
    with open_store(db_path, must_exist=True) as store:
        if store.identity() is None:
            raise click.ClickException(f"{db_path} holds no tournament yet")
        print_results(report_console(), store)


@click.command()
@click.option("--db", "db_path", required=True, help="The tournament database.")
@click.option("--format", "format_name", type=click.Choice(sorted(EXPORTERS)), default="csv", show_default=True)
@click.option("--output", default="-", metavar="FILE", help="Where to write (default: standard output).")
def export(db_path, format_name, output) -> None:
    """Every game of a tournament: CSV, one line per game, or JSON with the full records."""
    if output != "-":
        check_judge_file("--output", output)  # as root: refused before the database is read
    with open_store(db_path, must_exist=True) as store:
        if output == "-":
            # a terminal gets the players' text with its control characters written out
            stdout = sys.stdout  # not click.get_text_stream: deprecated in Click 8.5, gone in 9.0
            shown: Callable[[str], str] = visible if stdout.isatty() else str
            EXPORTERS[format_name](store, stdout, shown)
            return
        # a file gets it as it is, written whole and never through a link planted where it goes
        text = io.StringIO(newline="")
        EXPORTERS[format_name](store, text, str)
    try:
        write_new_file(output, text.getvalue().encode())
    except OSError as error:
        raise click.BadParameter(f"cannot write {output!r}: {error.strerror or error}", param_hint="--output") from None
