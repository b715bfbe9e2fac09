"""Setting accounts aside, under /api/organiser/ (the organisers'): a contestant's account disabled
or enabled again, a built-in player withdrawn or restored. The console's forms call the same
functions, so the two never disagree on what may be set aside.

What setting aside does is the store's (entrants leave it out, so no round made from then on pairs
it) and the login's (a disabled account can neither log in nor submit); the games stay.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from ...store.rows import User
from ..games_access import account_named
from ..refusal import Refusal
from ..security.auth import api_user, organiser
from ..site_state import site_of
from .bodies import field, json_object
from .organiser import check_bot

router = APIRouter(prefix="/api")


def set_account_disabled(request: Request, name: str, disabled: bool) -> User:
    """Disable (or enable) a contestant's account; 404 for no such account, 409 for an organiser's
    or a built-in player's (a built-in is withdrawn, not disabled)."""
    account = account_named(site_of(request).store, name)
    if account.role == "builtin":
        raise Refusal(409, f"{account.name} is a built-in player: withdraw or restore it instead")
    if account.role != "contestant":
        raise Refusal(409, f"{account.name} is an organiser's account: only contestants' accounts are disabled "
                      "(arena competition user DIR NAME changes an organiser's)")
    site_of(request).store.set_disabled(account.id, disabled)
    return account


def set_builtin_withdrawn(request: Request, bot: str, withdrawn: bool) -> User:
    """Withdraw (or restore) the built-in player ``bot``; 400 for a player the game has not, 404
    for one never entered."""
    check_bot(request, bot)
    store = site_of(request).store
    account = store.user_named(f"builtin-{bot}")
    if account is None or account.role != "builtin":
        raise Refusal(404, f"the built-in player {bot} has not been entered: add it first")
    store.set_disabled(account.id, withdrawn)
    return account


@router.post("/organiser/accounts/disabled")
async def disable_account(request: Request):
    """``{"name", "disabled": true|false}`` → the same, as it now is."""
    organiser(api_user(request, changes=True))
    data = await json_object(request)
    account = set_account_disabled(request, field(data, "name", str), field(data, "disabled", bool))
    return {"name": account.name, "disabled": data["disabled"]}


@router.post("/organiser/builtins/withdrawn")
async def withdraw_builtin(request: Request):
    """``{"bot", "withdrawn": true|false}`` → the same, with the built-in player's account ``name``."""
    organiser(api_user(request, changes=True))
    data = await json_object(request)
    account = set_builtin_withdrawn(request, field(data, "bot", str), field(data, "withdrawn", bool))
    return {"bot": data["bot"], "name": account.name, "withdrawn": data["withdrawn"]}
