"""The analysis document: what is stored as NAME.analysis.json and what the viewer draws.

It is filled ply by ply as the evaluations come back (parallel_plies.py), so a partial document is
shown while an analysis runs: plies not yet evaluated have ``value`` None. Each move's loss is
the value before it minus the value after it from the mover's view, so it needs the ply after
it too; losses.py derives them, loss_summary.py what a person reads first.
"""

from __future__ import annotations

import hashlib
import json
from types import ModuleType
from typing import TypeGuard

from ..games import get_game
from ..games.analyst_contract import Evaluation
from ..judge.record_types import Record
from .document_types import AnalysisDocument, PlyAnalysis
from .losses import fill_losses
from .plies import Ply
from .loss_summary import summarise

FORMAT = "arena-analysis"
VERSION = 1


def record_digest(record: Record) -> str:
    """What identifies the game analysed: its game, setup and moves (a record file rewritten with
    another game must not keep the old analysis)."""
    moves = [move.get("text") for move in record.get("moves", []) if isinstance(move, dict)]
    text = json.dumps([record.get("game"), record.get("setup"), moves], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def new_document(record: Record, plies: list[Ply], analyst: ModuleType, seconds: float) -> AnalysisDocument:
    game = get_game(record["game"])
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "units": analyst.UNITS,
        "mistake": analyst.MISTAKE,
        "seconds_per_ply": seconds,
        "record": record_digest(record),
        "players": [player.get("name") for player in record.get("players", [{}, {}])],
        "seats": list(game.seats),
        "complete": False,
        "analysed": 0,
        "total": len(plies),
        "final": None,
        "plies": [{"ply": ply.index, "seat": ply.seat, "move": ply.move, "value": None, "best": None,
                   "exact": False, "played_value": None, "loss": None, "mistake": False, "detail": {}}
                  for ply in plies],
        "summary": None,
    }


def set_final(document: AnalysisDocument, to_move: int | None, value: float, exact: bool) -> None:
    """The value of the position after the last move: the game's outcome (``to_move`` None, value from
    the last mover's view) or an evaluation of a game that stopped early (from ``to_move``'s view)."""
    document["final"] = {"to_move": to_move, "value": value, "exact": exact}
    _refresh(document)


def set_evaluation(document: AnalysisDocument, index: int, evaluation: Evaluation) -> None:
    entry = document["plies"][index]
    if entry["value"] is None:
        document["analysed"] += 1
    entry.update({"value": round(evaluation.value, 3), "best": evaluation.best, "exact": evaluation.exact,
                  "played_value": None if evaluation.played_value is None else round(evaluation.played_value, 3),
                  "detail": evaluation.detail})
    _refresh(document)


def _refresh(document: AnalysisDocument) -> None:
    fill_losses(document)
    done = document["analysed"] == document["total"] and document["final"] is not None
    document["complete"] = done
    document["summary"] = summarise(document) if done else None


def is_document(value: object) -> TypeGuard[AnalysisDocument]:
    """Is ``value`` an analysis document of this format and version (as read from a file)?"""
    return (isinstance(value, dict) and value.get("format") == FORMAT and value.get("version") == VERSION
            and isinstance(value.get("plies"), list))
