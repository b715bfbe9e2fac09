"""What a replay page shows of a game's analysis: the graph (inline SVG), each side's biggest
mistakes and mean loss, the turning point; and the JSON a page polls while an analysis runs.

Shared by the viewer (``arena serve``) and the competition server's game pages. The document
may come from a file beside a record: the graph escapes every text, the templates escape the
rest, and only numbers that are numbers are shown.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from markupsafe import Markup

from ..analysis.document_types import AnalysisDocument, JobState, JobStatus
from ..analysis.graph import eval_graph_svg, finite_number
from .replay_boards import PageReplayView


class MistakeLine(TypedDict):
    """One of the biggest mistakes as the page lists it."""

    ply: int
    seat: str
    player: str
    move: str
    best: str
    loss: str  # as written: ``−6.0 disc margin``
    size: float  # what the lines are sorted by, biggest first


class TurningPointLine(TypedDict):
    ply: int
    move: str
    seat: str


class AnalysisView(TypedDict):
    """What templates/_analysis.html needs (analysis_context)."""

    doc: AnalysisDocument | None
    url: str | None
    problem: str | None
    can_start: bool
    post_body: dict[str, str]
    graph: Markup | None
    mistakes: list[MistakeLine]
    means: list[str]
    turning_point: TurningPointLine | None
    units: str


class _AnalysisBody(TypedDict, total=False):
    analysis_body: dict[str, str]  # what the Analyse button posts (the competition's: its CSRF token)


class AnalysedReplayView(PageReplayView, _AnalysisBody):
    """The replay page's data with what its script needs of the analysis (the document, where to poll)."""

    analysis: AnalysisDocument | None
    analysis_url: str | None


class StatusPayload(TypedDict):
    """The JSON a page polls (status_payload): a JobStatus, ``none`` when none was asked for, and its graph."""

    state: JobState | Literal["none"]
    analysed: int | None
    total: int | None
    error: str | None
    analysis: AnalysisDocument | None
    graph: str | None


class StatusAnswer(StatusPayload):
    """What a server's status endpoint answers: the payload, and why a stored analysis could not be read."""

    problem: str | None


def loss_text(loss: object, units: str) -> str:
    """``−6.0 disc margin``: a loss is what the move gave away, so it is written negative."""
    number = finite_number(loss)
    return "" if number is None else f"−{number:.1f} {units}".rstrip()


def _from_summary(doc: AnalysisDocument, key: str) -> object:
    """An item of the document's summary, None when it has none (a file may hold anything)."""
    summary = doc.get("summary")
    return summary.get(key) if isinstance(summary, dict) else None


def _list(value: object, length: int = 2) -> list[object]:
    """``value`` as a list of at least ``length`` items (None filling in): a file may hold anything."""
    items = list(value) if isinstance(value, list) else []
    return items + [None] * (length - len(items))


def _seat_name(doc: AnalysisDocument, seat: object) -> str:
    seats = _list(doc.get("seats"))
    return str(seats[seat]) if isinstance(seat, int) and seat in (0, 1) and seats[seat] is not None else ""


def _mistakes(doc: AnalysisDocument, players: list[str]) -> list[MistakeLine]:
    """Each side's biggest mistakes as lines to show, the biggest first."""
    units = str(doc.get("units", ""))
    lines: list[MistakeLine] = []
    for seat, found in enumerate(_list(_from_summary(doc, "mistakes"))[:2]):
        for item in _list(found, 0):
            if isinstance(item, dict) and isinstance(item.get("ply"), int):
                lines.append({"ply": item["ply"], "seat": _seat_name(doc, seat), "player": _player(players, seat),
                              "move": str(item.get("move")), "best": str(item.get("best")),
                              "loss": loss_text(item.get("loss"), units), "size": finite_number(item.get("loss")) or 0.0})
    return sorted(lines, key=lambda line: -line["size"])


def _player(players: list[str], seat: int) -> str:
    return (players[seat] if seat < len(players) else None) or ""


def _mean_losses(doc: AnalysisDocument, players: list[str]) -> list[str]:
    """``White (greedy): 2.13`` for each side."""
    means = _list(_from_summary(doc, "mean_loss"))
    shown = [finite_number(means[seat]) for seat in (0, 1)]
    names = [name or "" for name in _list(players)]
    return [f"{_seat_name(doc, seat)} ({names[seat]}): " + ("–" if shown[seat] is None else f"{shown[seat]:.2f}")
            for seat in (0, 1)]


def _turning_point(doc: AnalysisDocument) -> TurningPointLine | None:
    """The move after which the loser never recovered, with its text, or None."""
    point = _from_summary(doc, "turning_point")
    if not isinstance(point, dict) or not isinstance(point.get("ply"), int):
        return None
    plies = _list(doc.get("plies"), 0)
    entry = plies[point["ply"]] if 0 <= point["ply"] < len(plies) else None
    move = str(entry.get("move", "")) if isinstance(entry, dict) else ""
    return {"ply": point["ply"], "move": move, "seat": _seat_name(doc, point.get("seat"))}


def analysis_context(doc: AnalysisDocument | None, url: str | None, players: list[str],
                     problem: str | None = None) -> AnalysisView:
    """What templates/_analysis.html needs: ``url`` the status endpoint (None: no Analyse button),
    ``problem`` why a stored analysis could not be read. ``can_start`` (the visitor may press
    Analyse) and ``post_body`` (what the press sends) are the server's to change."""
    if doc is None:
        return {"doc": None, "url": url, "problem": problem, "can_start": url is not None, "post_body": {},
                "graph": None, "mistakes": [], "means": [], "turning_point": None, "units": ""}
    return {"doc": doc, "url": url, "problem": problem, "can_start": url is not None, "post_body": {},
            "graph": Markup(eval_graph_svg(doc)), "mistakes": _mistakes(doc, players),
            "means": _mean_losses(doc, players), "turning_point": _turning_point(doc),
            "units": str(doc.get("units", ""))}


def status_payload(status: JobStatus | None, stored: AnalysisDocument | None) -> StatusPayload:
    """The JSON a page polls: the job's state (``none`` when never asked for), its progress, the
    partial or final document and the graph drawn from it."""
    if stored is not None and (status is None or status["state"] != "running"):
        status = {"state": "done", "analysed": stored.get("analysed"), "total": stored.get("total"),
                  "error": None, "analysis": stored}
    if status is None:
        return {"state": "none", "analysed": 0, "total": None, "error": None, "analysis": None, "graph": None}
    doc = status.get("analysis")
    return {**status, "graph": eval_graph_svg(doc) if isinstance(doc, dict) else None}
