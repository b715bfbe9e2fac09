"""Logging in and registering, shared by the API and the pages (the password checks are slow on
purpose: argon2; routes call these in a worker thread)."""

from __future__ import annotations

import hmac

from fastapi import Request

from ...passwords import AccountError, check_name, hash_password, password_matches
from ...store.rows import CompetitionError, User
from . import throttle
from ..site_state import site_of
from .auth import DISABLED
from ..refusal import Refusal


def client_address(request: Request) -> str | None:
    return request.client.host if request.client else None


def authenticate(request: Request, name: str, password: str) -> User:
    """The account whose password this is; 401 otherwise, 429 while failures slow this name or address."""
    store = site_of(request).store
    keys = throttle.login_keys(name, client_address(request))
    throttle.check_allowed(store, keys)
    user = store.user_named(name)
    if user is None or user.role == "builtin" or not password_matches(user.password, password):
        throttle.failed(store, keys)
        raise Refusal(401, "wrong name or password")
    throttle.succeeded(store, keys)
    if user.disabled:  # said only to whom knows the password: a stranger learns nothing of the account
        raise Refusal(403, DISABLED)
    return user


def register(request: Request, name: str, password: str, code: str) -> User:
    """A new contestant, only with the organiser's invitation code (none set: no self-registration)."""
    store = site_of(request).store
    invitation = store.competition().invitation
    if not invitation:
        raise Refusal(403, "this competition takes no self-registration: ask the organiser for an account")
    keys = [f"invitation:{client_address(request) or 'unknown'}"]  # guessing the code is slowed as well
    throttle.check_allowed(store, keys)
    if not hmac.compare_digest(code.encode(), invitation.encode()):
        throttle.failed(store, keys)
        raise Refusal(403, "the invitation code is wrong")
    try:
        check_name(name)
        password_hash = hash_password(password)
        user_id = store.add_user(name, password_hash, "contestant")
    except AccountError as error:
        raise Refusal(400, str(error)) from None
    except CompetitionError as error:
        raise Refusal(409, str(error)) from None
    user = store.user(user_id)
    assert user is not None  # the account just added
    return user
