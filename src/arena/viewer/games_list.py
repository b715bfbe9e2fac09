"""A tournament's games, filtered by player, colour (seat) and verdict."""

from __future__ import annotations

from typing import TypedDict

from ..games import get_game
from ..judge.match import VERDICTS
from ..judge.record_types import Verdict
from ..tournament.store import GameSummary
from .library import Snapshot


class GameRow(TypedDict):
    """A game's line of the list."""

    slot: int
    round: int
    players: list[str]
    seats: list[str]
    scores: list[float]
    winner: str | None  # the player's name, None for a draw
    verdicts: list[Verdict]
    reason: str
    moves: int
    seed: int


class Filters(TypedDict):
    player: str | None
    seat: int | None
    verdict: str | None


class GamesView(TypedDict):
    """The games page's data (the API returns it as it is)."""

    game: str
    players: list[str]
    seats: list[str]
    verdicts: list[Verdict]
    filters: Filters
    stamp: list[int]
    total: int
    finished: bool
    games: list[GameRow]


def game_row(stored: GameSummary, seats: list[str]) -> GameRow:
    result = stored.record["result"]
    winner = result["winner"]
    return {
        "slot": stored.slot,
        "round": stored.round,
        "players": list(stored.players),
        "seats": seats,
        "scores": result["scores"],
        "winner": None if winner is None else stored.players[winner],
        "verdicts": result["verdicts"],
        "reason": result["reason"],
        "moves": len(stored.record["moves"]),
        "seed": stored.seed,
    }


def matches(stored: GameSummary, player: str | None, seat: int | None, verdict: str | None) -> bool:
    """``player`` played (in ``seat`` if given); ``verdict``: some seat (that player's, if given) got it."""
    verdicts = stored.record["result"]["verdicts"]
    seats = [0, 1] if seat is None else [seat]
    if player:
        seats = [s for s in seats if stored.players[s] == player]
    elif seat is not None and verdict is None:
        return True  # a seat alone says nothing: every game has both
    if not seats:
        return False
    return verdict is None or any(verdicts[s] == verdict for s in seats)


def games_view(snapshot: Snapshot, player: str | None = None, seat: int | None = None,
               verdict: str | None = None) -> GamesView:
    seats = list(get_game(snapshot.identity.game).seats)
    rows = [game_row(stored, seats) for stored in snapshot.games if matches(stored, player, seat, verdict)]
    return {
        "game": snapshot.identity.game,
        "players": snapshot.identity.names,
        "seats": seats,
        "verdicts": list(VERDICTS),
        "filters": {"player": player, "seat": seat, "verdict": verdict},
        "stamp": list(snapshot.stamp),
        "total": len(snapshot.games),
        "finished": 0 < snapshot.results.scheduled <= snapshot.results.played,
        "games": rows,
    }
