"""The analysis document's shape, and what is made of it: a job's status, a tournament's report.

One ``TypedDict`` per object (document.py builds the document, losses.py and loss_summary.py fill
it, storage.py keeps it, describe.py and the replay pages read it; jobs.py's status carries it
while it is made; tournament_losses.py gathers the documents of a tournament). They are dicts at
run time: what is written to NAME.analysis.json and answered to a page is the JSON it always was,
each object's keys in the order given here, which is the order they are made in.

A document read from a file is taken as this shape once storage.py has seen its format and
version (as the judge takes a record file as judge/record_types.py gives it); the replay pages still
check each value they show (web_common/replay_analysis.py).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ..games.analyst_contract import AnalystDetail


class FinalValue(TypedDict):
    """The value of the position after the last move (``final``)."""

    to_move: int | None  # None: the game's outcome, from the last mover's view
    value: float
    exact: bool


class PlyAnalysis(TypedDict):
    """One ply (``plies[]``): the position before the move, the move and what it lost."""

    ply: int
    seat: int
    move: str
    value: float | None  # None while the ply is not evaluated yet
    best: str | None
    exact: bool
    played_value: float | None
    loss: float | None  # None while the value after the move is not known
    mistake: bool
    detail: AnalystDetail


class Mistake(TypedDict):
    """One of a side's biggest mistakes (``summary.mistakes[seat][]``)."""

    ply: int
    move: str
    best: str | None
    loss: float


class TurningPoint(TypedDict):
    """The move after which the loser never recovered (``summary.turning_point``)."""

    ply: int
    seat: int
    loser: int


class PhaseLosses(TypedDict):
    """A third of the game (``summary.phases[]``): its plies and each side's mean loss in them."""

    name: str
    first: int
    last: int
    mean_loss: list[float | None]


class Summary(TypedDict):
    """What a person reads first (``summary``, once the document is complete)."""

    mean_loss: list[float | None]
    moves: list[int]
    mistakes: list[list[Mistake]]
    turning_point: TurningPoint | None
    phases: list[PhaseLosses]


class AnalysisDocument(TypedDict):
    """A game's analysis (NAME.analysis.json; the key order is document.new_document's)."""

    format: str
    version: int
    game: str
    units: str
    mistake: float  # the loss from which a move is a mistake, in ``units``
    seconds_per_ply: float
    record: str  # document.record_digest of the game analysed
    players: list[str | None]
    seats: list[str]
    complete: bool
    analysed: int
    total: int
    final: FinalValue | None
    plies: list[PlyAnalysis]
    summary: Summary | None


JobState = Literal["queued", "running", "done", "failed"]


class JobStatus(TypedDict):
    """Where an analysis asked for from a page is (jobs.py), with its document so far."""

    state: JobState
    analysed: int | None
    total: int | None
    error: str | None
    analysis: AnalysisDocument | None


class WorstGame(TypedDict):
    """One of a player's worst games of a tournament (highest mean loss)."""

    slot: int
    opponent: str
    seat: int
    mean_loss: float
    loss: float  # the biggest loss of the game
    ply: int  # where it was


class PhaseMeanLoss(TypedDict):
    name: str
    mean_loss: float | None


class PlayerLosses(TypedDict):
    """A player's losses over a tournament's analysed games."""

    name: str
    games: int
    moves: int
    mean_loss: float | None
    phases: list[PhaseMeanLoss]
    worst: list[WorstGame]


class TournamentReport(TypedDict):
    """Every player's losses over a tournament (tournament_losses.py), best player first."""

    games: int
    analysed: int
    units: str | None  # None before any game is analysed
    players: list[PlayerLosses]
