"""The JSON API under /api/: everything the pages show, as data."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request, Response

from .viewer_state import viewer_of
from .games_list import games_view
from .library import NotFound
from .pages import filters
from .play import game_choices
from ..web_common.replay_boards import Replay
from .standings_view import standings_view, tournament_summary

router = APIRouter(prefix="/api")


@router.get("/games")
def games_known():
    """The games, their seats and built-in players (what the play form offers)."""
    return game_choices()


@router.get("/tournaments")
def tournaments(request: Request):
    return [tournament_summary(t) for t in viewer_of(request).library.tournaments]


@router.get("/t/{index}")
def standings(request: Request, index: int):
    return standings_view(viewer_of(request).library.tournament(index).snapshot())


@router.get("/t/{index}/games")
def games(request: Request, index: int, player: str | None = None, seat: str | None = None,
          verdict: str | None = None):
    snapshot = viewer_of(request).library.tournament(index).snapshot()
    return games_view(snapshot, *filters(player, seat, verdict))


@router.get("/t/{index}/games/{slot}")
def tournament_game(request: Request, index: int, slot: int):
    return viewer_of(request).library.tournament(index).game(slot)[1]


@router.get("/t/{index}/games/{slot}/replay")
def tournament_replay(request: Request, index: int, slot: int):
    return viewer_of(request).tournament_replay(index, slot)[1].full_view()


@router.get("/records")
def records(request: Request):
    return viewer_of(request).library.record_names()


@router.get("/records/{name}")
def record(request: Request, name: str):
    return viewer_of(request).library.record(name)


@router.get("/records/{name}/replay")
def record_replay(request: Request, name: str):
    return viewer_of(request).record_replay(name).full_view()


# ?hint=MOVE: a move to draw on the board (the page asks for the analysis's best move)
Hint = Query(None, max_length=200, description="a move in the game's notation, drawn as the best move")


def _svg(replay: Replay, ply: int, hint: str | None = None) -> Response:
    try:
        svg = replay.svg(ply, hint)
    except LookupError as error:
        raise NotFound(str(error)) from None
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=600"})


@router.get("/t/{index}/games/{slot}/replay/svg/{ply}")
def tournament_svg(request: Request, index: int, slot: int, ply: int, hint: str | None = Hint):
    """The board after ``ply`` moves of a tournament game (the replay page's images)."""
    return _svg(viewer_of(request).tournament_replay(index, slot)[1], ply, hint)


@router.get("/records/{name}/replay/svg/{ply}")
def record_svg(request: Request, name: str, ply: int, hint: str | None = Hint):
    return _svg(viewer_of(request).record_replay(name), ply, hint)
