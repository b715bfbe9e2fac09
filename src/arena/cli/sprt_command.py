"""``arena sprt GAME A B``: colour-swapped pairs until the GSPRT decides whether B beats A."""

from __future__ import annotations

import itertools
from typing import Iterator

import click
from rich.console import Console
from rich.live import Live

from ..judge.record_types import Record
from .shared_arguments import folder_option, game_argument, given_folders, sandbox_argument, sandbox_options
from ..parallel.worker_pool import SchedulerUnreachable, open_workers
from ..refereeing.players import PlayerSpecError, resolve_player
from ..refereeing.referee import new_seed
from ..refereeing.terminal_text import visible
from ..tournament.result_tables import signed_text
from ..tournament.schedule import ScheduledGame, derive_seed
from ..tournament.session import play_games
from ..tournament.sprt import Sprt


def sprt_pairs(seed: int, max_pairs: int | None) -> Iterator[ScheduledGame]:
    """Pair k: A then B in the first seat, on one seed drawn from ``seed`` and k."""
    for pair in itertools.count() if max_pairs is None else range(max_pairs):
        game_seed = derive_seed(seed, "sprt", pair)
        yield ScheduledGame(2 * pair, pair + 1, ("A", "B"), game_seed, None)
        yield ScheduledGame(2 * pair + 1, pair + 1, ("B", "A"), game_seed, None)


def b_points(game: ScheduledGame, record: Record) -> float:
    winner = record["result"]["winner"]
    if winner is None:
        return 0.5
    return 1.0 if game.players[winner] == "B" else 0.0


def status_line(test: Sprt, wins: int, draws: int, losses: int) -> str:
    return (f"pairs {test.pairs}  B +{wins} ={draws} -{losses}  Elo {signed_text(test.elo_estimate(), 1)}  "
            f"LLR {test.llr():+.2f} in [{test.lower_bound:.2f}, {test.upper_bound:.2f}]")


@click.command()
@click.argument("game_name", metavar="GAME")
@click.argument("a_text", metavar="A")
@click.argument("b_text", metavar="B")
@click.option("--elo0", type=float, default=0.0, show_default=True, help="H0: B is this much stronger than A.")
@click.option("--elo1", type=float, default=10.0, show_default=True, help="H1: B is this much stronger than A.")
@click.option("--alpha", type=float, default=0.05, show_default=True, help="False-positive rate.")
@click.option("--beta", type=float, default=0.05, show_default=True, help="False-negative rate.")
@click.option("--max-pairs", type=click.IntRange(min=1), default=None, help="Give up undecided after this many pairs.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Games at once (default: the cores).")
@click.option("--seed", type=int, default=None, help="Seed of the whole test (default: drawn).")
@click.option("--time-scale", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True)
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Run the games on this Dask cluster.")
@folder_option("A or B", "A")
@sandbox_options
def sprt(game_name, a_text, b_text, elo0, elo1, alpha, beta, max_pairs, jobs, seed, time_scale, scheduler,
         folder_texts, sandbox_mode, memory_mb) -> None:
    """Is B better than A? Play colour-swapped pairs until the GSPRT decides.

    A and B are PLAYERs (shell commands or builtin:NAME). A command reads its own folder whole:
    see --folder.
    """
    game = game_argument(game_name)
    try:
        specs = {"A": resolve_player(game, a_text), "B": resolve_player(game, b_text)}
        test = Sprt(elo0, elo1, alpha, beta)
    except (PlayerSpecError, ValueError) as error:
        raise click.UsageError(str(error)) from None
    specs = given_folders(specs, folder_texts, sandbox_mode, "sprt")
    sandbox = sandbox_argument(sandbox_mode, memory_mb, [(spec.text, spec.folder) for spec in specs.values()])
    seed = new_seed() if seed is None else seed
    console = Console()
    # the players as plain text: neither their control characters nor rich's markup reach the terminal
    console.print(f"SPRT on {game.name}, seed {seed}: is B = {visible(b_text)} better than A = {visible(a_text)}? "
                  f"H0: {elo0:+g} Elo, H1: {elo1:+g} Elo, alpha {alpha}, beta {beta}", markup=False, highlight=False)
    try:
        _play_until_decided(console, test, game.name, specs, seed, max_pairs, jobs, scheduler, time_scale, sandbox)
    except SchedulerUnreachable as error:
        raise click.ClickException(str(error)) from None
    verdict = {
        "H1": f"H1 accepted: B is better than A (by {elo1:+g} Elo rather than {elo0:+g}).",
        "H0": f"H0 accepted: B is not better than A by {elo1:+g} Elo.",
        None: "No decision: the pair limit came first.",
    }[test.decision()]
    console.print(verdict)


class PairTally:
    """Games joined into colour-swapped pairs as they finish, in any order.

    Only whole pairs count, in the test and in the wins, draws and losses shown:
    a game whose twin is still being played is held back, so the games shown
    are always twice the pairs.
    """

    def __init__(self) -> None:
        self.waiting: dict[int, float] = {}  # a pair's first finished game (B's points), by pair
        self.counts = {1.0: 0, 0.5: 0, 0.0: 0}  # B's wins, draws, losses in whole pairs

    def add(self, pair: int, points: float) -> float | None:
        """Note one game; return B's points over the pair once both games are in."""
        first = self.waiting.pop(pair, None)
        if first is None:
            self.waiting[pair] = points
            return None
        self.counts[first] += 1
        self.counts[points] += 1
        return first + points

    def status(self, test: Sprt) -> str:
        return status_line(test, self.counts[1.0], self.counts[0.5], self.counts[0.0])


def _play_until_decided(console, test, game_name, specs, seed, max_pairs, jobs, scheduler, time_scale,
                        sandbox) -> None:
    tally = PairTally()
    with open_workers(jobs, scheduler) as workers, Live(console=console, transient=True) as live:
        live.update(tally.status(test))
        games = play_games(workers, game_name, specs, sprt_pairs(seed, max_pairs), time_scale, 2 * workers.slots,
                           sandbox)
        for scheduled, record in games:
            pair_points = tally.add(scheduled.round, b_points(scheduled, record))
            if pair_points is None:
                continue
            test.add_pair(pair_points)
            live.update(tally.status(test))
            if test.decision():
                games.close()  # cancels the games still queued
                break
    console.print(tally.status(test))
    console.print(f"pair results (B's points 0, ½, 1, 1½, 2): {test.pentanomial}")
