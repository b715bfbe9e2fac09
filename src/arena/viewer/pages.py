"""The HTML pages: tournaments, standings, games, replays, records. Each is filled from the
same data the JSON API returns, so a page and ``/api/...`` never disagree."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ..web_common.replay_analysis import AnalysedReplayView, AnalysisView
from ..web_common.replay_boards import PageReplayView
from .analysis_routes import game_place, page_analysis, record_place
from .viewer_state import viewer_of
from .games_list import games_view
from .library import NotFound
from .play import game_choices
from .standings_view import standings_view, tournament_summary

router = APIRouter()


def _page(request: Request, template: str, **context) -> HTMLResponse:
    return HTMLResponse(viewer_of(request).render(template, **context))


@router.get("/", include_in_schema=False)
def home(request: Request):
    return RedirectResponse(viewer_of(request).home, status_code=307)


@router.get("/tournaments", response_class=HTMLResponse)
def tournaments(request: Request):
    library = viewer_of(request).library
    return _page(request, "tournaments.html", tournaments=[tournament_summary(t) for t in library.tournaments],
                 records=library.record_names()[:20])


@router.get("/t/{index}", response_class=HTMLResponse)
def standings(request: Request, index: int):
    snapshot = viewer_of(request).library.tournament(index).snapshot()
    return _page(request, "standings.html", index=index, view=standings_view(snapshot))


def filters(player: str | None, seat: str | None, verdict: str | None) -> tuple:
    """Query values as the games list takes them (an empty select means no filter)."""
    return player or None, int(seat) if seat in ("0", "1") else None, verdict or None


@router.get("/t/{index}/games", response_class=HTMLResponse)
def games(request: Request, index: int, player: str | None = None, seat: str | None = None,
          verdict: str | None = None):
    snapshot = viewer_of(request).library.tournament(index).snapshot()
    return _page(request, "games.html", index=index, view=games_view(snapshot, *filters(player, seat, verdict)))


@router.get("/t/{index}/games/{slot}", response_class=HTMLResponse)
def tournament_replay(request: Request, index: int, slot: int):
    viewer = viewer_of(request)
    summary, replay = viewer.tournament_replay(index, slot)
    names = " vs ".join(summary.players)
    view = replay.page_view(f"/api/t/{index}/games/{slot}/replay/svg")
    analysis = page_analysis(viewer, game_place(viewer, index, slot), view["players"])
    return _page(request, "replay.html", view=_with_analysis(view, analysis), analysis=analysis,
                 back=f"/t/{index}/games", heading=f"Game {slot}, round {summary.round}: {names}")


@router.get("/records", response_class=HTMLResponse)
def records(request: Request):
    return _page(request, "records.html", records=viewer_of(request).library.record_names())


@router.get("/records/{name}", response_class=HTMLResponse)
def record_replay(request: Request, name: str):
    viewer = viewer_of(request)
    view = viewer.record_replay(name).page_view(f"/api/records/{quote(name)}/replay/svg")
    analysis = page_analysis(viewer, record_place(viewer, name), view["players"])
    return _page(request, "replay.html", view=_with_analysis(view, analysis), analysis=analysis, back="/records",
                 heading=name)


def _with_analysis(view: PageReplayView, analysis: AnalysisView) -> AnalysedReplayView:
    """The page's data with what its script needs of the analysis (the document, where to poll)."""
    return {**view, "analysis": analysis["doc"], "analysis_url": analysis["url"]}


@router.get("/play", response_class=HTMLResponse)
def play_form(request: Request):
    return _page(request, "play_new.html", games=game_choices(),
                 opponents=sorted(viewer_of(request).plays.opponents))


@router.get("/play/{session_id}", response_class=HTMLResponse)
def play_page(request: Request, session_id: str):
    session = viewer_of(request).plays.get(session_id)
    if session is None:
        raise NotFound(f"no game {session_id} is being played here")
    return _page(request, "play.html", session_id=session_id, view=session.view())
