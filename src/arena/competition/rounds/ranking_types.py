"""A competition's results as the API answers them and the pages show them: a ranking's rows, the
ranking of a competition, the list of competitions, and a round's cross table.

One ``TypedDict`` per object (ranking.py and crosstable.py make them; the site's views, its kept
results, its CSVs and its pages read them). They are dicts at run time: the API's JSON is what it
always was, each object's keys in the order they are made in (the order given here).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ...judge.record_types import Verdict


class RankingRowExtras(TypedDict, total=False):
    """What the game's ranking rule adds to a row (ranking.py's _row), after the others."""

    game_points: float  # game_points
    margin: float  # wins_then_margin ranks by it; points and points_subcompetition show it last (WITH_MARGIN)
    tiebreak: float  # points_subcompetition


class RankingRow(RankingRowExtras):
    """One line of a ranking; each total an int when whole (12, not 12.0)."""

    rank: int  # shared by ties
    name: str  # the account
    games: int
    wins: int
    draws: int
    losses: int
    points: float
    irregular_losses: int


class RankingExtras(TypedDict, total=False):
    rounds: list[int]  # the final's: every round of it so far
    games_per_pair: int  # the final's
    number: int | None  # a round's: its number as contestants say it


class CompetitionRanking(RankingExtras):
    """What /api/ranking answers (ranking.competition_ranking): the final's or a round's ranking."""

    round: int  # the round, or the final's latest
    kind: str
    title: str
    status: str
    live: bool
    created: float
    finished: float | None
    rows: list[RankingRow]


class RoundRanking(TypedDict):
    """A ranked round's ranking as its view carries it (site/views.py's round_detail)."""

    rows: list[RankingRow]


class Competition(TypedDict):
    """A competition as ranking.competitions lists it: a test round, or the final as one."""

    kind: str
    title: str
    round: int
    rounds: list[int]
    status: str
    created: float


Outcome = Literal["win", "draw", "loss"]


class CrossGame(TypedDict):
    """One game of a cross table's cell, from the row's player's view."""

    id: int
    seat: int
    scores: list[float]
    points: float  # the row's player's score
    outcome: Outcome
    verdict: Verdict


class CrossCell(TypedDict):
    """A cross table's cell (row A, column B): A's games against B and their totals."""

    opponent: str
    games: list[CrossGame]
    wins: int
    draws: int
    losses: int
    points: float


class CrossRow(TypedDict):
    name: str
    cells: list[CrossCell | None]  # one a column, None on the diagonal


class CrossTable(TypedDict):
    """A round's cross table (crosstable.py): its players in the ranking's order, a row each."""

    players: list[str]
    rows: list[CrossRow]
