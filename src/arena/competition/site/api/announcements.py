"""The organisers' announcements: ``GET /api/announcements`` for everyone, newest first; posting and
removing one under /api/organiser/. The console's forms call the same functions. The text is kept as
written and only ever escaped where it is shown (the home page's autoescaping)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ..ids import Id
from ..refusal import Refusal
from ..security.auth import api_user, organiser
from ..site_state import site_of
from .bodies import field, json_object

router = APIRouter(prefix="/api")
MAX_ANNOUNCEMENT = 2000


def announce(request: Request, text: str, author: int) -> int:
    """A new announcement; its id (400 for an empty or too long one)."""
    text = text.strip()
    if not 1 <= len(text) <= MAX_ANNOUNCEMENT:
        raise Refusal(400, f"an announcement is 1 to {MAX_ANNOUNCEMENT} characters, got {len(text)}")
    return site_of(request).store.add_announcement(text, author)


def withdraw_announcement(request: Request, announcement_id: int) -> None:
    if not site_of(request).store.remove_announcement(announcement_id):
        raise Refusal(404, f"there is no announcement {announcement_id}")


def announcement_views(request: Request) -> list[dict]:
    return [{"id": a.id, "text": a.text, "created": a.created} for a in site_of(request).store.announcements()]


@router.get("/announcements")
def announcements(request: Request):
    return {"announcements": announcement_views(request)}


@router.post("/organiser/announcements")
async def post_announcement(request: Request):
    """``{"text"}`` → ``{"id"}``."""
    user = organiser(api_user(request, changes=True))
    return {"id": announce(request, field(await json_object(request), "text", str), user.id)}


@router.delete("/organiser/announcements/{announcement_id}")
def remove_announcement(request: Request, announcement_id: Id):
    organiser(api_user(request, changes=True))
    withdraw_announcement(request, announcement_id)
    return {}
