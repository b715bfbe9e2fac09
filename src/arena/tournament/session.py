"""One tournament from start (or resumption) to its last game, and its results read back.

Ties the pieces together: the schedule says which games, the store says which
of them are already played, the runner plays the rest, and each record is
saved the moment its game ends.
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Callable, Sequence

from ..games import get_game
from ..judge.record_types import Record
from ..refereeing.players import PlayerSpec, resolve_player
from ..judge.sandbox.settings import Sandbox
from .ratings import Rating, fit_elo
from .parallel_games import play_games
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
    executor: Executor,
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
    for game, record in play_games(executor, identity.game, specs, games, identity.time_scale, in_flight,
                                   sandbox, stop_at_failed_start="ended"):
        store.save_game(game, record)
        on_game_saved(game, record)


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
