"""Analysis in the viewer: start a game's analysis, poll it, and read where it is kept.

A record's analysis is kept beside it (NAME.analysis.json), a tournament game's in the
tournament's database (analysis/storage.py), so each game is analysed once. Analyses run in
the background one game at a time (analysis/jobs.py); a page polls the status, which carries
the partial document and its graph drawn afresh.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Callable, Hashable
from urllib.parse import quote

from fastapi import APIRouter, Request

from ..analysis import storage
from ..analysis.document_types import AnalysisDocument
from ..judge.record_types import Record
from ..web_common.replay_analysis import AnalysisView, StatusAnswer, StatusPayload, analysis_context, status_payload
from .viewer_state import Viewer, viewer_of

router = APIRouter()


@dataclass
class Place:
    """Where one game's record and its analysis are: how to read and keep them."""

    key: Hashable  # the job's key: changes when the game does
    record: Callable[[], Record]
    load: Callable[[Record], AnalysisDocument | None]
    save: Callable[[AnalysisDocument], object]  # what it returns (a path) is not used
    url: str  # the status endpoint


def record_place(viewer: Viewer, name: str) -> Place:
    """A record of the records folder (NotFound naming it if there is none)."""
    path = viewer.library.record_path(name)
    return Place(("record", *viewer.library.record_version(name)), lambda: viewer.library.record(name),
                 lambda record: storage.load_beside(path, record), lambda doc: storage.save_beside(path, doc),
                 f"/api/records/{quote(name)}/analysis")


def game_place(viewer: Viewer, index: int, slot: int) -> Place:
    """A game of a tournament (NotFound naming the tournament or the slot if there is none)."""
    tournament = viewer.library.tournament(index)
    tournament.game(slot)  # refuses an unknown slot now, not in the background
    return Place(("game", tournament.path, slot), lambda: tournament.game(slot)[1],
                 lambda record: storage.load_from_tournament(tournament.path, slot),
                 lambda doc: storage.save_to_tournament(tournament.path, slot, doc),
                 f"/api/t/{index}/games/{slot}/analysis")


def stored(place: Place) -> tuple[AnalysisDocument | None, str | None]:
    """The finished analysis kept for the game, and why it could not be read (None: no problem)."""
    try:
        return place.load(place.record()), None
    except (storage.AnalysisFileError, sqlite3.Error, OSError) as problem:
        return None, f"the stored analysis cannot be read ({problem}); analysing again replaces it"


def jobs_of(viewer: Viewer):
    """The viewer's analyses, made when first asked for (most servers never analyse)."""
    if viewer.analyses is None:
        from ..analysis.jobs import AnalysisJobs

        viewer.analyses = AnalysisJobs(seconds=viewer.analysis_seconds)
    return viewer.analyses


def page_analysis(viewer: Viewer, place: Place, players: list[str]) -> AnalysisView:
    """The replay page's analysis: the stored one, else the running one's partial document."""
    doc, problem = stored(place)
    if doc is None and viewer.analyses is not None:
        status = viewer.analyses.status(place.key)
        doc = status.get("analysis") if status else None
    return analysis_context(doc, place.url, players, problem)


def _status(viewer: Viewer, place: Place) -> StatusAnswer:
    running = viewer.analyses.status(place.key) if viewer.analyses is not None else None
    doc, problem = (None, None) if running and running["state"] != "done" else stored(place)
    payload = status_payload(running, doc)
    return {**payload, "problem": problem}


def _start(viewer: Viewer, place: Place) -> StatusPayload | StatusAnswer:
    doc, _ = stored(place)
    if doc is not None:  # computed once
        return status_payload(None, doc)
    jobs_of(viewer).start(place.key, place.record(), place.save)
    return _status(viewer, place)


@router.get("/api/records/{name}/analysis")
def record_status(request: Request, name: str):
    viewer = viewer_of(request)
    return _status(viewer, record_place(viewer, name))


@router.post("/api/records/{name}/analysis")
def record_start(request: Request, name: str):
    viewer = viewer_of(request)
    return _start(viewer, record_place(viewer, name))


@router.get("/api/t/{index}/games/{slot}/analysis")
def game_status(request: Request, index: int, slot: int):
    viewer = viewer_of(request)
    return _status(viewer, game_place(viewer, index, slot))


@router.post("/api/t/{index}/games/{slot}/analysis")
def game_start(request: Request, index: int, slot: int):
    viewer = viewer_of(request)
    return _start(viewer, game_place(viewer, index, slot))
