"""Clarifications (DOMjudge's name): a contestant asks the organisers a question; an organiser
answers it, to the asker alone or to everyone. ``POST /api/clarifications`` ``{"text"}`` (at most
MAX_PER_HOUR an hour each, then 429), ``GET /api/clarifications`` (the reader's own and every
public one), and under /api/organiser/ every one, unanswered first, and the answer. The console's and
/my's forms call the same functions. Text is kept as written and escaped wherever it is shown."""

from __future__ import annotations

import math
import time

from fastapi import APIRouter, Request

from ...store.clarification_rows import Clarification
from ...store.database import User
from ..ids import Id
from ..refusal import Refusal
from ..security.auth import api_user, bearer_user, organiser, session_user
from ..site_state import site_of
from .bodies import field, json_object

router = APIRouter(prefix="/api")
MAX_TEXT = 2000
MAX_PER_HOUR = 5
HOUR_S = 3600.0


def ask(request: Request, user: User, text: str) -> int:
    """A new question of ``user``; its id (400 empty or too long, 429 past the hour's allowance)."""
    text = text.strip()
    if not 1 <= len(text) <= MAX_TEXT:
        raise Refusal(400, f"a question is 1 to {MAX_TEXT} characters, got {len(text)}")
    store = site_of(request).store
    now = time.time()
    asked = store.asked_since(user.id, now - HOUR_S)
    if len(asked) >= MAX_PER_HOUR:
        wait = max(1, math.ceil(asked[0] + HOUR_S - now))
        raise Refusal(429, f"you have asked {MAX_PER_HOUR} questions in the last hour: ask again in {wait} s",
                      headers={"Retry-After": str(wait)})
    return store.ask(user.id, text)


def answer(request: Request, user: User, clarification_id: int, text: str, public: bool) -> None:
    text = text.strip()
    if not 1 <= len(text) <= MAX_TEXT:
        raise Refusal(400, f"an answer is 1 to {MAX_TEXT} characters, got {len(text)}")
    if not site_of(request).store.answer_clarification(clarification_id, text, public, user.id):
        raise Refusal(404, f"there is no clarification {clarification_id}")


def clarification_view(c: Clarification, reader: User | None) -> dict:
    """A clarification as ``reader`` may see it: the asker's name to organisers only."""
    view = {"id": c.id, "text": c.text, "created": c.created, "answer": c.answer, "answered": c.answered,
            "public": c.public, "mine": reader is not None and reader.id == c.user_id}
    if reader is not None and reader.is_organiser:
        view["asker"] = c.asker
    return view


def readable_clarifications(request: Request, reader: User | None) -> list[dict]:
    """The reader's own questions (answered or not) and every public answer, newest first."""
    return [clarification_view(c, reader)
            for c in site_of(request).store.clarifications(reader=None if reader is None else reader.id)]


def every_clarification(request: Request, reader: User) -> list[dict]:
    return [clarification_view(c, reader) for c in site_of(request).store.clarifications(every=True)]


@router.post("/clarifications")
async def post_clarification(request: Request):
    user = api_user(request, changes=True)
    return {"id": ask(request, user, field(await json_object(request), "text", str))}


@router.get("/clarifications")
def get_clarifications(request: Request):
    """Anyone: the public ones; a logged-in account: its own too."""
    reader = bearer_user(request) or session_user(request)
    return {"clarifications": readable_clarifications(request, reader)}


@router.get("/organiser/clarifications")
def organiser_clarifications(request: Request):
    user = organiser(api_user(request, changes=False))
    return {"clarifications": every_clarification(request, user)}


@router.post("/organiser/clarifications/{clarification_id}")
async def answer_clarification(request: Request, clarification_id: Id):
    user = organiser(api_user(request, changes=True))
    data = await json_object(request)
    answer(request, user, clarification_id, field(data, "answer", str), field(data, "public", bool))
    return {}
