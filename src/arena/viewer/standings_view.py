"""A tournament's standings and result matrix as the viewer shows them.

The cells are exactly those ``arena standings`` prints (tournament/result_tables.py
makes both), so the terminal and the browser never disagree.
"""

from __future__ import annotations

from typing import TypedDict

from ..games import get_game
from ..tournament.result_tables import matrix_heading, matrix_rows, standings_caption, standings_rows, standings_title
from .library import NotFound, Snapshot, Tournament
from ..web_common.record_check import BadRecord


class _Shown(TypedDict, total=False):
    # a tournament that can be read: absent from the line of one that cannot
    game: str
    title: str
    players: list[str]
    played: int
    scheduled: int
    leader: str | None


class TournamentLine(_Shown):
    """One line of the tournaments list."""

    id: int
    path: str
    error: str | None  # why the database cannot be shown, None when it can


class StandingsTable(TypedDict):
    headers: list[str]
    rows: list[list[str]]
    caption: str


class ResultMatrix(TypedDict):
    heading: str
    names: list[str]
    rows: list[list[str]]


class Rating(TypedDict):
    elo: float
    low: float  # the 95% interval
    high: float


class StandingsView(TypedDict):
    """Everything the standings page shows (the API returns it as it is)."""

    title: str
    game: str
    game_title: str
    played: int
    scheduled: int
    finished: bool
    stamp: list[int]
    standings: StandingsTable
    matrix: ResultMatrix
    ratings: dict[str, Rating]  # by player


def tournament_summary(tournament: Tournament) -> TournamentLine:
    """One line of the tournaments list; a database that cannot be shown says why on its line."""
    try:
        snapshot = tournament.snapshot()
    except (NotFound, BadRecord) as error:
        return {"id": tournament.index, "path": tournament.path, "error": str(error)}
    identity = snapshot.identity
    results = snapshot.results
    return {
        "id": tournament.index,
        "path": tournament.path,
        "game": identity.game,
        "title": get_game(identity.game).title,
        "players": identity.names,
        "played": results.played,
        "scheduled": results.scheduled,
        "leader": results.standings[0].name if results.played else None,
        "error": None,
    }


def standings_view(snapshot: Snapshot) -> StandingsView:
    """Everything the standings page shows, as plain data (the API returns it as it is)."""
    results = snapshot.results
    headers, rows = standings_rows(results)
    names, matrix = matrix_rows(results)
    return {
        "title": standings_title(results),
        "game": results.identity.game,
        "game_title": get_game(results.identity.game).title,
        "played": results.played,
        "scheduled": results.scheduled,
        "finished": 0 < results.scheduled <= results.played,  # the page then holds no live stream open
        "stamp": list(snapshot.stamp),
        "standings": {"headers": headers, "rows": rows, "caption": standings_caption(results)},
        "matrix": {"heading": matrix_heading(results.ranking), "names": names, "rows": matrix},
        "ratings": {name: {"elo": r.elo, "low": r.low, "high": r.high} for name, r in results.ratings.items()},
    }
