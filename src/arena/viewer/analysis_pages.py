"""A tournament's analysis: each player's mean loss per move, by phase, and their worst games
(analysis/tournament_losses.py), as a page and as JSON; "Analyse all" queues every game not analysed yet."""

from __future__ import annotations

import sqlite3
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ..analysis import storage
from ..analysis.document_types import TournamentReport
from ..analysis.tournament_losses import tournament_report
from .analysis_routes import jobs_of
from .viewer_state import Viewer, viewer_of
from .library import NotFound

router = APIRouter()


class ReportView(TournamentReport):
    pending: int  # games of the tournament queued or running here


def _report(viewer: Viewer, index: int) -> ReportView:
    """The report, with how many games are still queued or running here."""
    tournament = viewer.library.tournament(index)
    tournament.snapshot()  # NotFound / BadRecord for a database that holds no readable tournament
    try:
        report = tournament_report(tournament.path)
    except (sqlite3.Error, OSError) as problem:
        raise NotFound(f"tournament {index}'s analyses cannot be read: {problem}") from None
    pending = 0
    if viewer.analyses is not None:
        for game in tournament.snapshot().games:
            status = viewer.analyses.status(("game", tournament.path, game.slot))
            pending += status is not None and status["state"] in ("queued", "running")
    return {**report, "pending": pending}


@router.get("/t/{index}/analysis", response_class=HTMLResponse)
def analysis_page(request: Request, index: int):
    viewer = viewer_of(request)
    return HTMLResponse(viewer.render("tournament_analysis.html", index=index, report=_report(viewer, index)))


@router.get("/api/t/{index}/analysis")
def analysis_report(request: Request, index: int):
    return _report(viewer_of(request), index)


@router.post("/api/t/{index}/analysis")
def analyse_all(request: Request, index: int):
    """Queue every finished game of the tournament that has no analysis yet (one at a time)."""
    viewer = viewer_of(request)
    tournament = viewer.library.tournament(index)
    done = storage.tournament_analyses(tournament.path)
    jobs = jobs_of(viewer)
    queued = 0
    for game in tournament.snapshot().games:
        if game.slot in done:
            continue
        slot = game.slot
        record = tournament.game(slot)[1]
        jobs.start(("game", tournament.path, slot), record,
                   lambda doc, slot=slot: storage.save_to_tournament(tournament.path, slot, doc))
        queued += 1
    return {**_report(viewer, index), "queued": queued}
