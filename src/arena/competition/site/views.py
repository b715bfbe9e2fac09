"""The data the API returns and the pages show, made in one place so the two never disagree."""

from __future__ import annotations

from typing import Any

from ..privacy import may_read_admission, may_read_build_log
from ..rounds.crosstable import crosstable
from ..rounds.numbering import RoundLabel, round_labels
from ..rounds.ranking import is_ranked, round_ranking
from ..store.database import CompetitionStore, Round, StoredGame, Submission, User


def submission_view(submission: Submission, reader: User | None = None) -> dict[str, Any]:
    """A submission's line; with ``reader`` (a submission's own page), its build log and admission
    report too, each as far as privacy.py lets ``reader`` read it. The lists pass no reader: their
    lines are short."""
    view: dict[str, Any] = {
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


def game_view(game: StoredGame) -> dict[str, Any]:
    """A game's public line: everything but its programs' stderr."""
    view: dict[str, Any] = {
        "id": game.id,
        "round": game.round_id,
        "slot": game.slot,
        "players": list(game.players),
        "submissions": list(game.submissions),
        "seed": game.seed,
        "rated": game.rated,
        "finished": game.finished,
        "played": game.record is not None,
    }
    if game.record is not None:
        result = game.record.get("result", {})
        winner = result.get("winner")
        view.update({
            "scores": result.get("scores"),
            "winner": None if winner is None else game.players[winner],
            "verdicts": result.get("verdicts"),
            "reason": result.get("reason"),
            "moves": len(game.record.get("moves", [])),
        })
    return view


def round_view(round_: Round, games: int, played: int, label: RoundLabel, voided: int = 0) -> dict[str, Any]:
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


def round_views(store: CompetitionStore, rounds: list[Round]) -> list[dict[str, Any]]:
    """Lines of many rounds, their games counted in one query."""
    counts = store.round_counts()
    voided = store.voided_counts()
    labels = round_labels(store)
    return [round_view(r, *counts.get(r.id, (0, 0)), labels[r.id], voided.get(r.id, 0)) for r in rounds]


def void_view(store: CompetitionStore, games: list[StoredGame]) -> dict[int, dict[str, Any]]:
    """``{"reason", "voided", "replay"}`` of each voided game among ``games``, by id."""
    return {game_id: {"reason": v.reason, "voided": v.voided, "replay": v.replay}
            for game_id, v in store.voids([g.id for g in games]).items()}


def api_game_views(store: CompetitionStore, games: list[StoredGame]) -> list[dict[str, Any]]:
    """Games' lines as the API gives them: each with ``void`` (null, or why it was voided and its
    replay's id) and ``disqualified`` (its players who are: the game ranks nowhere)."""
    voids = void_view(store, games)
    out = store.disqualified_names()
    return [{**game_view(g), "void": voids.get(g.id), "disqualified": [p for p in g.players if p in out]}
            for g in games]


def game_views(store: CompetitionStore, games: list[StoredGame]) -> list[dict[str, Any]]:
    """Games' lines as the pages show them: as the API's, each with its round's ``round_title``
    ("Test round 3")."""
    labels = round_labels(store)
    return [{**view, "round_title": labels[view["round"]].title if view["round"] in labels else None}
            for view in api_game_views(store, games)]


def user_view(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "role": user.role, "created": user.created, "disabled": user.disabled}


def round_detail(store: CompetitionStore, round_: Round) -> dict[str, Any]:
    """A round's own view: its line, and for a ranked round (a test round, a round of the final) its
    ``ranking`` (``{"rows"}``, over its games alone) and ``crosstable`` in the ranking's order."""
    view = round_view(round_, *store.round_counts().get(round_.id, (0, 0)), round_labels(store)[round_.id],
                      store.voided_counts().get(round_.id, 0))
    if is_ranked(round_.kind):
        rows = round_ranking(store, round_)
        view["ranking"] = {"rows": rows}
        view["crosstable"] = crosstable(store, round_, [row["name"] for row in rows])
    return view
