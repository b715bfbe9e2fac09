"""One tournament from start (or resumption) to its last game, and its results read back.

Ties the pieces together: the schedule says which games, the store says which
of them are already played, the workers (parallel/worker_pool.py: a local pool or a Dask
cluster) play the rest, a few at a time (play_games), and each record is saved the
moment its game ends.
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from typing import Callable, Generator, Iterable, Sequence

from ..games import get_game
from ..judge.match import ProgramCannotStart
from ..judge.record_types import Record
from ..parallel.worker_pool import Workers
from ..refereeing.players import PlayerSpec, resolve_player
from ..refereeing.referee import play_game
from ..judge.sandbox.settings import Sandbox
from .ratings import Rating, fit_elo
from .schedule import ScheduledGame, double_round_robin
from .standings import GameResult, Standing, Tally, compute_standings, tally_pairs
from .store import TournamentIdentity, TournamentStore


def schedule_for(identity: TournamentIdentity) -> list[ScheduledGame]:
    game = get_game(identity.game)
    setups = game.tournament_setups() if game.tournament_setups else None
    return double_round_robin(identity.names, identity.rounds, identity.seed, setups)


def remaining_games(store: TournamentStore, identity: TournamentIdentity) -> tuple[list[ScheduledGame], int]:
    """Bind the store to this tournament; return the games still to play and the total scheduled."""
    schedule = schedule_for(identity)
    store.bind(identity, len(schedule))
    finished = store.finished_slots()
    return [game for game in schedule if game.slot not in finished], len(schedule)


def play_remaining(
    store: TournamentStore,
    identity: TournamentIdentity,
    games: list[ScheduledGame],
    workers: Workers,
    in_flight: int,
    on_game_saved: Callable[[ScheduledGame, Record], None] = lambda game, record: None,
    sandbox: Sandbox | None = None,
    specs: dict[str, PlayerSpec] | None = None,
) -> None:
    """Play the games, saving each as it ends. A program that cannot start (the shell or the sandbox
    refuses it, or it ends before its first line, as it would in every game) stops the run at its
    first game, unsaved: PlayerCannotStart. ``specs``: the players as the caller resolved them, by
    name (their folders named or shown there); by default resolved from the identity's PLAYERs."""
    if specs is None:
        specs = {name: resolve_player(identity.game, text) for name, text in identity.players}
    for game, record in play_games(workers, identity.game, specs, games, identity.time_scale, in_flight,
                                   sandbox, stop_at_failed_start="ended"):
        store.save_game(game, record)
        on_game_saved(game, record)


class PlayerCannotStart(Exception):
    """A player's program could not start in one of its games (the judge's ProgramCannotStart,
    named by the player): the run stops there, that game unsaved."""

    def __init__(self, player: str, reason: str) -> None:
        super().__init__(player, reason)
        self.player = player
        self.reason = reason


def play_games(
    workers: Workers,
    game_name: str,
    specs: dict[str, PlayerSpec],
    games: Iterable[ScheduledGame],
    time_scale: float,
    in_flight: int,
    sandbox: Sandbox | None = None,
    stop_at_failed_start: str | None = None,
) -> Generator[tuple[ScheduledGame, Record], None, None]:
    """Yield ``(game, record)`` as games end, keeping ``in_flight`` of them running on ``workers``.

    Games are taken from ``games`` lazily, so a caller may stop early (the SPRT
    does once it decides); closing the generator cancels what has not started.
    A game that raises (a judge bug, a lost worker) stops the run with that error;
    with ``stop_at_failed_start`` (play_game's), a program that cannot start raises
    PlayerCannotStart from the first game it is in.
    """
    pending: dict[Future[Record], ScheduledGame] = {}
    todo = iter(games)

    def top_up() -> None:
        while len(pending) < in_flight:
            game = next(todo, None)
            if game is None:
                return
            seats = [specs[name] for name in game.players]
            future = workers.submit(play_game, game_name, seats, game.seed, game.setup, time_scale, sandbox=sandbox,
                                    stop_at_failed_start=stop_at_failed_start)
            pending[future] = game

    try:
        top_up()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                game = pending.pop(future)
                try:
                    record = future.result()
                except ProgramCannotStart as refused:
                    raise PlayerCannotStart(game.players[refused.seat], refused.reason) from None
                yield game, record
            top_up()
    finally:
        for future in pending:
            future.cancel()


@dataclass
class Results:
    identity: TournamentIdentity
    ranking: str
    played: int
    scheduled: int
    standings: list[Standing]
    matrix: dict[tuple[str, str], Tally]
    ratings: dict[str, Rating]


def read_results(store: TournamentStore) -> Results:
    identity = store.identity()
    if identity is None:
        raise ValueError(f"{store.path} holds no tournament yet")
    games = [(stored.players, stored.record) for stored in store.games()]
    return results_of(identity, store.scheduled(), games)


def results_of(identity: TournamentIdentity, scheduled: int, games: Sequence[GameResult]) -> Results:
    """The standings, matrix and ratings of these games (the web viewer reads the games once for all)."""
    ranking = get_game(identity.game).ranking
    names = identity.names
    matrix = tally_pairs(names, games)
    ratings = fit_elo(names, {pair: (t.wins + t.draws / 2, t.games) for pair, t in matrix.items() if t.games})
    return Results(
        identity=identity,
        ranking=ranking,
        played=len(games),
        scheduled=scheduled,
        standings=compute_standings(ranking, names, games),
        matrix=matrix,
        ratings={rating.name: rating for rating in ratings},
    )
