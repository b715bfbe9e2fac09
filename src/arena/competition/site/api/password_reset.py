"""An organiser resets a contestant's password, from the console (pages/organiser.py) or the API:
a new password is generated and shown once, in the answer (never in a URL, a log or the database,
which keeps only its hash), and every session and token the account had ends with the old one
(the store's set_password), so whoever knew the old password is logged out everywhere."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from ...passwords import generate_password, hash_password
from ...store.rows import User
from ..games_access import account_named
from ..refusal import Refusal
from ..security.auth import api_user, organiser
from ..site_state import site_of
from .bodies import field, json_object

router = APIRouter(prefix="/api")

NOT_STORED = {"Cache-Control": "no-store"}
"""The answer holds a password: no cache keeps it."""


def reset_password(request: Request, name: str) -> tuple[User, str]:
    """A contestant's new password (argon2 is slow: call it in a worker thread); 404 for no such
    account, 409 for an organiser's or a built-in player's."""
    store = site_of(request).store
    account = account_named(store, name)
    if account.role != "contestant":
        raise Refusal(409, f"{account.name} is not a contestant's account: an organiser's password is reset with "
                           "arena competition user DIR NAME, and a built-in player has none")
    password = generate_password()
    store.set_password(account.id, hash_password(password))
    return account, password


@router.post("/organiser/accounts/password")
async def reset(request: Request):
    """``{"name"}`` → ``{"name", "password"}``: the contestant's new password, shown only now."""
    organiser(api_user(request, changes=True))
    data = await json_object(request)
    account, password = await run_in_threadpool(reset_password, request, field(data, "name", str))
    return JSONResponse({"name": account.name, "password": password}, headers=NOT_STORED)
