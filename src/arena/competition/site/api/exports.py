"""Results to take home: a round's ranking and cross table, and the final's (or the latest) ranking, as
CSV (``text/csv``, a header row, the rows the JSON has). A cell of text that a spreadsheet would run
as a formula (it begins with ``=``, ``+``, ``-``, ``@``, a tab or a return) is written with a ``'``
first: an account's name is the contestant's to choose."""

from __future__ import annotations

import csv
import io
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ...rounds.ranking import FINAL, is_ranked
from ...rounds.ranking_types import RankingRow
from ...store.database import Round
from ..ids import Id
from ..refusal import Refusal
from ..site_state import site_of

router = APIRouter(prefix="/api")
RANKING_COLUMNS = ("rank", "name", "games", "wins", "draws", "losses", "points", "irregular_losses")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return "" if value is None else value


def csv_response(header: list[str], rows: list[list[Any]], filename: str) -> Response:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")  # RFC 4180's line ends
    writer.writerow([_cell(h) for h in header])
    writer.writerows([[_cell(v) for v in row] for row in rows])
    return Response(buffer.getvalue(), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def ranking_csv(rows: list[RankingRow], filename: str) -> Response:
    """One line a ranking row: its columns in the JSON's order (the rule's own ones, as margin, last)."""
    header = list(RANKING_COLUMNS) + ([key for key in rows[0] if key not in RANKING_COLUMNS] if rows else [])
    return csv_response(header, [[row.get(key) for key in header] for row in rows], filename)


def _ranked_round(request: Request, round_id: int) -> Round:
    found = site_of(request).store.round(round_id)
    if found is None:
        raise Refusal(404, f"there is no round {round_id}")
    if not is_ranked(found.kind):
        raise Refusal(404, f"round {round_id} has no ranking (only test rounds and the final's rounds have one)")
    return found


@router.get("/rounds/{round_id}/ranking.csv")
def round_ranking_csv(request: Request, round_id: Id):
    site = site_of(request)
    ranking = site.kept.ranking(site.store, _ranked_round(request, round_id))
    assert ranking is not None  # a round's ranking is never None (competition_ranking)
    rows = ranking["rows"]
    return ranking_csv(rows, f"round-{round_id}-ranking.csv")


@router.get("/rounds/{round_id}/crosstable.csv")
def round_crosstable_csv(request: Request, round_id: Id):
    """One line a player: its points against each column's player, summed over their games (empty
    on the diagonal and where they have not met yet), then its wins, draws and losses in all."""
    site = site_of(request)
    table = site.kept.round(site.store, _ranked_round(request, round_id))["crosstable"]
    lines = []
    for row in table["rows"]:
        cells = [cell for cell in row["cells"] if cell is not None]
        points = [None if cell is None or not cell["games"] else cell["points"] for cell in row["cells"]]
        lines.append([row["name"], *points, sum(c["wins"] for c in cells), sum(c["draws"] for c in cells),
                      sum(c["losses"] for c in cells)])
    return csv_response(["name", *table["players"], "wins", "draws", "losses"], lines,
                        f"round-{round_id}-crosstable.csv")


@router.get("/ranking.csv")
def ranking_csv_of(request: Request, round: int | None = None, kind: str | None = None):
    """``GET /api/ranking``'s rows as CSV: ``kind=final`` the final's, ``round=ID`` a round's, neither
    the latest finished competition's."""
    site = site_of(request)
    if round is not None:
        if not 1 <= round <= 2 ** 62:
            raise Refusal(400, "round is an id")
        ranking = site.kept.ranking(site.store, _ranked_round(request, round))
        assert ranking is not None  # a round's ranking is never None (competition_ranking)
        return ranking_csv(ranking["rows"], f"round-{round}-ranking.csv")
    if kind not in (None, "", FINAL):
        raise Refusal(400, "kind is final (or leave it out for the latest finished competition)")
    answer = site.kept.ranking(site.store, final=kind == FINAL)
    if answer is None:
        raise Refusal(404, "the final has not begun" if kind == FINAL else "no competition has been played yet")
    return ranking_csv(answer["rows"], "final-ranking.csv" if answer["kind"] == FINAL
                       else f"round-{answer['round']}-ranking.csv")
