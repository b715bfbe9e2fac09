"""The data the API returns and the pages show, made in one place so the two never disagree.

Each kind of line is a ``TypedDict`` (a dict at run time: the API's JSON is what it always was,
its keys in the order each function makes them).
"""

from __future__ import annotations

from typing import TypedDict

from ...judge.record_types import Verdict
from ..privacy import may_read_admission, may_read_build_log
from ..rounds.crosstable import crosstable
from ..rounds.numbering import RoundLabel, round_labels
from ..rounds.ranking import is_ranked, round_ranking
from ..rounds.ranking_types import CrossTable, RoundRanking
from ..store.database import CompetitionStore, GameLine, Round, Submission, User
from ..store.rows import RoundDetails


class _Readable(TypedDict, total=False):
    build_log: str  # as far as privacy.py lets the reader read them
    admission: str


class SubmissionView(_Readable):
    id: int
    user: str
    created: float
    language: str
    filename: str
    status: str
    benched: bool


class _Played(TypedDict, total=False):
    # a played game's, from its record
    scores: list[float] | None
    winner: str | None  # the account
    verdicts: list[Verdict] | None
    reason: str | None
    moves: int


class GameView(_Played):
    id: int
    round: int
    slot: int
    players: list[str]
    submissions: list[int]
    seed: int
    rated: bool
    finished: float | None
    played: bool


class VoidView(TypedDict):
    reason: str
    voided: float
    replay: int  # the replay's game id


class ApiGameView(GameView):
    void: VoidView | None
    disqualified: list[str]


class PageGameView(ApiGameView):
    round_title: str | None


class UserView(TypedDict):
    id: int
    name: str
    role: str
    created: float
    disabled: bool


class RoundView(TypedDict):
    id: int
    number: int | None
    title: str
    kind: str
    status: str
    created: float
    finished: float | None
    details: RoundDetails
    games: int
    played: int
    voided: int


class RoundDetail(RoundView, total=False):
    # a ranked round's
    ranking: RoundRanking
    crosstable: CrossTable


def submission_view(submission: Submission, reader: User | None = None) -> SubmissionView:
    """A submission's line; with ``reader`` (a submission's own page), its build log and admission
    report too, each as far as privacy.py lets ``reader`` read it. The lists pass no reader: their
    lines are short."""
    view: SubmissionView = {
        "id": submission.id,
        "user": submission.user_name,
        "created": submission.created,
        "language": submission.language,
        "filename": submission.filename,
        "status": submission.status,
        "benched": submission.benched,
    }
    if reader is not None and may_read_build_log(reader, submission):
        view["build_log"] = submission.build_log
    if reader is not None and may_read_admission(reader, submission):
        view["admission"] = submission.admission
    return view


def game_view(game: GameLine) -> GameView:
    """A game's public line: everything but its programs' stderr."""
    view: GameView = {
        "id": game.id,
        "round": game.round_id,
        "slot": game.slot,
        "players": list(game.players),
        "submissions": list(game.submissions),
        "seed": game.seed,
        "rated": game.rated,
        "finished": game.finished,
        "played": game.played,
    }
    if game.played:
        result = game.result
        winner = None if result is None else result.get("winner")
        view.update({
            "scores": None if result is None else result.get("scores"),
            "winner": None if winner is None else game.players[winner],
            "verdicts": None if result is None else result.get("verdicts"),
            "reason": None if result is None else result.get("reason"),
            "moves": game.moves,
        })
    return view


def round_view(round_: Round, games: int, played: int, label: RoundLabel, voided: int = 0) -> RoundView:
    """A round's line: ``games`` it holds and how many are ``played`` (voided ones included: they
    were played), ``voided`` how many of those are void (replayed, counted nowhere), its ``number``
    and ``title`` as contestants say them (numbering.py)."""
    return {
        "id": round_.id,
        "number": label.number,
        "title": label.title,
        "kind": round_.kind,
        "status": round_.status,
        "created": round_.created,
        "finished": round_.finished,
        "details": round_.details,
        "games": games,
        "played": played,
        "voided": voided,
    }


def round_views(store: CompetitionStore, rounds: list[Round]) -> list[RoundView]:
    """Lines of many rounds, their games counted in one query."""
    counts = store.round_counts()
    voided = store.voided_counts()
    labels = round_labels(store)
    return [round_view(r, *counts.get(r.id, (0, 0)), labels[r.id], voided.get(r.id, 0)) for r in rounds]


def void_view(store: CompetitionStore, games: list[GameLine]) -> dict[int, VoidView]:
    """``{"reason", "voided", "replay"}`` of each voided game among ``games``, by id."""
    return {game_id: {"reason": v.reason, "voided": v.voided, "replay": v.replay}
            for game_id, v in store.voids([g.id for g in games]).items()}


def api_game_views(store: CompetitionStore, games: list[GameLine]) -> list[ApiGameView]:
    """Games' lines as the API gives them: each with ``void`` (null, or why it was voided and its
    replay's id) and ``disqualified`` (its players who are: the game ranks nowhere)."""
    voids = void_view(store, games)
    out = store.disqualified_names()
    return [{**game_view(g), "void": voids.get(g.id), "disqualified": [p for p in g.players if p in out]}
            for g in games]


def game_views(store: CompetitionStore, games: list[GameLine]) -> list[PageGameView]:
    """Games' lines as the pages show them: as the API's, each with its round's ``round_title``
    ("Test round 3")."""
    labels = round_labels(store)
    return [{**view, "round_title": labels[view["round"]].title if view["round"] in labels else None}
            for view in api_game_views(store, games)]


def user_view(user: User) -> UserView:
    return {"id": user.id, "name": user.name, "role": user.role, "created": user.created, "disabled": user.disabled}


def round_detail(store: CompetitionStore, round_: Round) -> RoundDetail:
    """A round's own view: its line, and for a ranked round (a test round, a round of the final) its
    ``ranking`` (``{"rows"}``, over its games alone) and ``crosstable`` in the ranking's order."""
    view: RoundDetail = {**round_view(round_, *store.round_counts().get(round_.id, (0, 0)),
                                      round_labels(store)[round_.id], store.voided_counts().get(round_.id, 0))}
    if is_ranked(round_.kind):
        rows = round_ranking(store, round_)
        view["ranking"] = {"rows": rows}
        view["crosstable"] = crosstable(store, round_, [row["name"] for row in rows])
    return view
