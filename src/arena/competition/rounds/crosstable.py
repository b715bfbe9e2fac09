"""A round's cross table: how each entrant did against each other one, game by game, in both seats.

Rows and columns are the round's entrants in its ranking's order. A cell (row A, column B) holds
A's games against B (A first or second), each with A's points in it, and their totals: what a
contestant looks up to see where they lost.
"""

from __future__ import annotations

from ..store.database import CompetitionStore, Round
from .ranking_types import CrossCell, CrossTable, Outcome


def _outcome(result: dict, seat: int) -> Outcome:
    winner = result.get("winner")
    return "draw" if winner is None else "win" if winner == seat else "loss"


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 3)


def crosstable(store: CompetitionStore, round_: Round, order: list[str]) -> CrossTable:
    """``{"players": order, "rows": [{"name", "cells": [cell or None per column]}]}``: a cell is
    ``{"opponent", "games": [{"id", "seat", "scores", "points", "outcome", "verdict"}], "wins",
    "draws", "losses", "points"}`` (``points``: the row's own, summed); None on the diagonal."""
    cells: dict[tuple[str, str], CrossCell] = {}
    for players, game in store.results(rated_only=False, round_id=round_.id, with_moves=False):
        result = game["result"]
        for seat in (0, 1):
            me, them = players[seat], players[1 - seat]
            cell = cells.setdefault((me, them), {"opponent": them, "games": [], "wins": 0, "draws": 0,
                                                 "losses": 0, "points": 0.0})
            outcome = _outcome(result, seat)
            if outcome == "win":
                cell["wins"] += 1
            elif outcome == "draw":
                cell["draws"] += 1
            else:
                cell["losses"] += 1
            cell["points"] += result["scores"][seat]
            cell["games"].append({"id": game["id"], "seat": seat, "scores": result["scores"],
                                  "points": _number(result["scores"][seat]), "outcome": outcome,
                                  "verdict": result["verdicts"][seat]})
    for cell in cells.values():
        cell["points"] = _number(cell["points"])
    names = list(order) + sorted({name for pair in cells for name in pair} - set(order))
    return {"players": names,
            "rows": [{"name": me, "cells": [None if me == them else cells.get((me, them),
                                            {"opponent": them, "games": [], "wins": 0, "draws": 0,
                                             "losses": 0, "points": 0})
                                            for them in names]} for me in names]}
