"""Playing in the browser: start a game, follow it (long polling), move by text or by a click, resign.

Anyone who knows a game's id may follow it; only the visitor who started it may move, click or resign.
"""

from __future__ import annotations

import re
import secrets

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from ..games.contract import load_part
from .viewer_state import viewer_of
from .library import NotFound
from .play import PlayError, PlaySession
from .play_manager import PlayBusy, Visitor

router = APIRouter(prefix="/api/play")

LONG_POLL_S = 2  # short: a stopping server never waits long for a poll to end
VISITOR_COOKIE = "arena_visitor"  # tells one browser's games from another's (play_manager.py's shares)


class NewGame(BaseModel):
    game: str
    opponent: str = "builtin:random"
    seat: int = 0  # the person's seat
    seed: int | None = None
    time_scale: float = 1.0


class Move(BaseModel):
    text: str


class Click(BaseModel):
    x: float  # in the drawing's own coordinates (its viewBox)
    y: float


def _session(request: Request, session_id: str) -> PlaySession:
    session = viewer_of(request).plays.get(session_id)
    if session is None:
        raise NotFound(f"no game {session_id} is being played here")
    return session


def _visitor(request: Request) -> tuple[Visitor, bool]:
    """Who asks, and whether their browser must be given its cookie (it sent none, or not one of ours)."""
    cookie = request.cookies.get(VISITOR_COOKIE, "")
    known = re.fullmatch(r"[A-Za-z0-9_-]{22}", cookie) is not None
    address = request.client.host if request.client else "unknown"
    return Visitor(cookie if known else secrets.token_urlsafe(16), address), not known


def _played_session(request: Request, session_id: str) -> PlaySession:
    """The game, for a move, click or resignation by its player; anyone else is refused (403)."""
    session = _session(request, session_id)
    visitor, _ = _visitor(request)  # no cookie, or not one of ours: a new visitor, never the player
    viewer_of(request).plays.check_player(session_id, visitor)
    return session


@router.post("")
def start(request: Request, new: NewGame):
    visitor, new_cookie = _visitor(request)
    try:
        session = viewer_of(request).plays.start(new.game, new.opponent, new.seat, new.seed, new.time_scale,
                                                 visitor)
        response = JSONResponse({"id": session.id, "url": f"/play/{session.id}"})
    except PlayBusy as error:
        response = JSONResponse({"error": str(error)}, status_code=429)
    except PlayError as error:
        response = JSONResponse({"error": str(error)}, status_code=400)
    if new_cookie:
        response.set_cookie(VISITOR_COOKIE, visitor.cookie, httponly=True, samesite="strict")
    return response


@router.get("/{session_id}")
def follow(request: Request, session_id: str, after: int = -1):
    """The game as it stands; with ``after``, waits (up to 2 s) for something newer."""
    return _session(request, session_id).view(after, LONG_POLL_S if after >= 0 else 0)


@router.post("/{session_id}/move")
def move(request: Request, session_id: str, move: Move):
    refusal = _played_session(request, session_id).submit(move.text)
    return {"accepted": refusal is None, "move": move.text, "refusal": refusal}


def _move_at(game: str, state, x: float, y: float) -> str | None:
    """The move a click stands for, from the game's own ``clicks.py`` (None: this game has none)."""
    clicks = load_part(game, "clicks")
    return None if clicks is None else clicks.move_at(state, x, y)


@router.post("/{session_id}/click")
def click(request: Request, session_id: str, where: Click):
    session = _played_session(request, session_id)
    state = session.prompt_state
    if state is None or session.seat is None or not session.seat.waiting:
        return {"accepted": False, "move": None, "refusal": "it is not your turn"}
    text = _move_at(session.game.name, state, where.x, where.y)
    if text is None:
        return {"accepted": False, "move": None, "refusal": "that is not a place to play: type the move"}
    refusal = session.submit(text)
    return {"accepted": refusal is None, "move": text, "refusal": refusal}


@router.post("/{session_id}/resign")
def resign(request: Request, session_id: str):
    _played_session(request, session_id).resign()
    return {"resigned": True}
