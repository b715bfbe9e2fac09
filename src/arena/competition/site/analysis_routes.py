"""A competition game's analysis: its status (public, like the game), and "Analyse" for any
logged-in account (a token, or the session cookie with the page's CSRF token in the JSON body).

The analysis is made of the game's public record (saved without stderr) and kept in the
competition's database, so it is computed once and never holds a program's stderr.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from ...analysis.document import is_document
from ...analysis.document_types import AnalysisDocument
from ...web_common.replay_analysis import AnalysisView, StatusAnswer, analysis_context, status_payload
from ..store.database import StoredGame, User
from .site_state import Site, site_of
from .security.auth import bearer_user, session_user
from .api.bodies import json_object
from .security.csrf import FIELD, check_csrf
from .games_access import played_game
from .ids import Id
from .refusal import Refusal

router = APIRouter(prefix="/api")


def _key(game: StoredGame) -> tuple:
    return ("competition-game", game.id)


def stored(site: Site, game: StoredGame) -> tuple[AnalysisDocument | None, str | None]:
    """The finished analysis kept for the game, and why it could not be read (None: no problem)."""
    try:
        doc = site.store.analysis(game.id)
    except ValueError as problem:
        return None, f"the stored analysis cannot be read ({problem}); analysing again replaces it"
    if doc is None:
        return None, None
    if not (is_document(doc) and doc.get("complete") is True):
        return None, "the stored analysis is not a finished arena analysis; analysing again replaces it"
    return doc, None


# The competition's games run under clocks on this machine: an analysis gets one core at the
# lowest priority, and a bounded queue, so no account can starve the rounds.
ANALYSIS_WORKERS = 1
ANALYSIS_NICENESS = 19
MAX_QUEUED = 16


def jobs_of(site: Site):
    """The site's analyses, made when first asked for."""
    if site.analyses is None:
        from ...analysis.jobs import AnalysisJobs

        site.analyses = AnalysisJobs(jobs=ANALYSIS_WORKERS, niceness=ANALYSIS_NICENESS, max_queued=MAX_QUEUED)
    return site.analyses


def page_analysis(site: Site, game: StoredGame, user: User | None, csrf: str) -> AnalysisView:
    """The replay page's analysis; ``Analyse`` only for a logged-in account."""
    doc, problem = stored(site, game)
    if doc is None and site.analyses is not None:
        status = site.analyses.status(_key(game))
        doc = status.get("analysis") if status else None
    context = analysis_context(doc, f"/api/games/{game.id}/analysis", list(game.players), problem)
    return {**context, "can_start": user is not None, "post_body": {FIELD: csrf}}


def _status(site: Site, game: StoredGame) -> StatusAnswer:
    running = site.analyses.status(_key(game)) if site.analyses is not None else None
    doc, problem = (None, None) if running and running["state"] != "done" else stored(site, game)
    return {**status_payload(running, doc), "problem": problem}


@router.get("/games/{game_id}/analysis")
def analysis_status(request: Request, game_id: Id):
    return _status(site_of(request), played_game(request, game_id))


@router.post("/games/{game_id}/analysis")
async def analyse(request: Request, game_id: Id):
    data = await json_object(request)
    if bearer_user(request) is None:
        if session_user(request) is None:
            raise Refusal(401, "log in first to analyse a game")
        check_csrf(request, data)  # a page's request: its session's token
    site = site_of(request)
    game = played_game(request, game_id)
    doc, _ = stored(site, game)
    if doc is None:  # computed once
        from ...analysis.jobs import QueueFull

        try:
            jobs_of(site).start(_key(game), game.record, lambda document: site.store.save_analysis(game.id, document))
        except QueueFull as full:
            raise Refusal(429, str(full)) from None
    return _status(site, game)
