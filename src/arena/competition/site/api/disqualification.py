"""Disqualifying an entrant, under /api/organiser/ (the organisers'): a copied program, say. The
console's form calls the same function, so the two never disagree.

What it does is the store's (disqualification_rows.py): the account is out of every ranking, cross
table, CSV, chart and podium, each recomputed from the games among the others; its games stay,
marked, in the games list; it plays no further round. Undone, every answer is as before.
"""

from __future__ import annotations

from typing import TypedDict

from fastapi import APIRouter, Request

from ...store.rows import User
from ..games_access import account_named
from ..refusal import Refusal
from ..security.auth import api_user, organiser
from ..site_state import site_of
from .bodies import field, json_object

router = APIRouter(prefix="/api")

MAX_REASON = 500


def set_account_disqualified(request: Request, name: str, disqualified: bool, reason: str | None,
                             by: User | None = None) -> User:
    """Disqualify (with ``reason``, 1 to 500 characters) or reinstate an entrant: a contestant or a
    built-in player; 404 for no such account, 409 for an organiser's, 400 for a missing reason."""
    store = site_of(request).store
    account = account_named(store, name)
    if account.role == "organiser":
        raise Refusal(409, f"{account.name} is an organiser's account: only entrants are disqualified")
    if disqualified:
        text = (reason or "").strip()
        if not 1 <= len(text) <= MAX_REASON:
            raise Refusal(400, f"'reason' must say why, in 1 to {MAX_REASON} characters (it is shown on the pages)")
        store.set_disqualified(account.id, text, by_user=None if by is None else by.id)
    else:
        store.set_disqualified(account.id, None)
    return account


class DisqualificationView(TypedDict):
    name: str
    reason: str
    since: float


def disqualification_views(request: Request) -> list[DisqualificationView]:
    """``[{"name", "reason", "since"}]``: who was disqualified and why, the first first."""
    return [{"name": d.name, "reason": d.reason, "since": d.since}
            for d in site_of(request).store.disqualifications().values()]


@router.post("/organiser/accounts/disqualified")
async def disqualify_account(request: Request):
    """``{"name", "disqualified": true|false, "reason"}`` → ``{"name", "disqualified", "reason"}``,
    as it now is."""
    user = organiser(api_user(request, changes=True))
    data = await json_object(request)
    disqualified = field(data, "disqualified", bool)
    reason = field(data, "reason", str, default=None)
    account = set_account_disqualified(request, field(data, "name", str), disqualified, reason, by=user)
    found = site_of(request).store.disqualifications().get(account.name)
    return {"name": account.name, "disqualified": found is not None,
            "reason": None if found is None else found.reason}


@router.get("/disqualified")
def disqualified(request: Request):
    """Anyone: ``{"disqualified": [{"name", "reason", "since"}]}``."""
    return {"disqualified": disqualification_views(request)}
