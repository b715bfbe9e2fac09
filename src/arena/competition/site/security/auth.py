"""Who is asking: API tokens (``Authorization: Bearer``) and the pages' signed session cookie.

Both are signed with the competition's secret by itsdangerous and expire. Each carries a nonce of
its own, which logging out revokes on the server (the store keeps it until the cookie or token
would have expired anyway), and the account's session generation, which the store raises when the
password changes or the account is disabled: every session and token made before is refused from
then on, enabled again or not. (A fingerprint of the password hash is signed in too.) API calls
that change something take only a token (a browser never sends one by itself, so they need no CSRF
token); reads also take the session cookie, so that pages can link to them (a program's stderr).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import TypeVar

from fastapi import Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer

from ...store.rows import User
from ..site_state import site_of
from ..refusal import Refusal

AnyResponse = TypeVar("AnyResponse", bound=Response)
"""keep_session gives back the response it was given: an HTMLResponse stays one."""

TOKEN_MAX_AGE_S = 12 * 3600
SESSION_MAX_AGE_S = 14 * 86400
SESSION_COOKIE = "arena_session"
DISABLED = ("this account has been disabled by the competition's organiser: it can neither log in nor submit, "
            "and its program plays no new rounds (its games so far stay); ask the organiser")


def _fingerprint(secret: str, user: User) -> str:
    return hmac.new(secret.encode(), (user.password or "").encode(), hashlib.sha256).hexdigest()[:16]


def _serializer(request: Request, purpose: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(site_of(request).secret, salt=f"arena-competition-{purpose}")


def _signed(request: Request, user: User) -> dict:
    """What a new session or token signs of its account."""
    return {"u": user.id, "p": _fingerprint(site_of(request).secret, user), "g": user.session_generation}


def _signed_user(request: Request, data: object) -> tuple[User | None, bool]:
    """The account a signed payload names (None if it no longer exists), and whether the payload
    still stands for it: same password, no session ended since it was made, not logged out."""
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None, False
    user = site_of(request).store.user(data["u"])
    if user is None or user.role == "builtin":
        return None, False
    current = (data.get("p") == _fingerprint(site_of(request).secret, user)
               and data.get("g", 0) == user.session_generation  # made before versions: generation 0
               and not site_of(request).store.session_revoked(data.get("n")))
    return user, current


# -- API tokens -------------------------------------------------------------

def make_token(request: Request, user: User) -> str:
    return _serializer(request, "token").dumps({**_signed(request, user), "n": secrets.token_urlsafe(18)})


def _bearer_token(request: Request) -> tuple[dict, float] | None:
    """The request's bearer token, checked and read: (what it signs, when it was made); None
    without one; 401 for a malformed, forged or expired one, or one made before tokens had nonces."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refusal(401, "the Authorization header must be 'Bearer TOKEN' (POST /api/login gives a token)")
    try:
        data, made = _serializer(request, "token").loads(token.strip(), max_age=TOKEN_MAX_AGE_S,
                                                        return_timestamp=True)
    except BadSignature:
        raise Refusal(401, "the token is not valid or has expired: log in again") from None
    if not isinstance(data, dict) or not isinstance(data.get("n"), str):  # an older arena's: it could not be revoked
        raise Refusal(401, "the token was made by an older version of the server: log in again")
    return data, made.timestamp()


def bearer_user(request: Request) -> User | None:
    """The account of the request's bearer token; None without one; 401 for a bad, expired or
    ended one (logged out, the password changed), 403 while the account is disabled."""
    token = _bearer_token(request)
    return None if token is None else _token_user(request, token[0])


def _token_user(request: Request, data: dict) -> User:
    """The account a checked token (``data``, what it signs) stands for, or the refusal why not."""
    user, current = _signed_user(request, data)
    if user is not None and user.disabled:  # said before "log in again": logging in would not help
        raise Refusal(403, DISABLED)
    if user is None:
        raise Refusal(401, "the token's account no longer exists: log in again")
    if not current:
        raise Refusal(401, "the token has ended (logged out, or the account's password changed): log in again")
    return user


def revoke_token(request: Request) -> User:
    """Log the request's bearer token out (401 without a valid one): refused from now on, whatever
    else happens, until it would have expired by itself."""
    token = _bearer_token(request)
    if token is None:
        raise Refusal(401, "send the token to log out: 'Authorization: Bearer TOKEN'")
    user = _token_user(request, token[0])
    # its own expiry, plus a second: itsdangerous counts whole seconds from when it was signed
    site_of(request).store.revoke_session(token[0]["n"], token[1] + TOKEN_MAX_AGE_S + 1)
    return user


def api_user(request: Request, changes: bool) -> User:
    """The account of an API call (401 without one): a token, or for reads the session cookie too."""
    user = bearer_user(request)
    if user is None and not changes:
        user = session_user(request)
    if user is None:
        raise Refusal(401, "log in first: POST /api/login, then send 'Authorization: Bearer TOKEN'")
    return user


def organiser(user: User) -> User:
    if not user.is_organiser:
        raise Refusal(403, "only the competition's organisers may do this")
    return user


# -- sessions (the pages) ------------------------------------------------------

def session(request: Request) -> dict:
    """The visitor's session: ``n`` (the nonce CSRF tokens derive from) and ``u`` once logged in.
    A visitor without a valid cookie gets a fresh nonce, written back by :func:`keep_session`."""
    if not hasattr(request.state, "session"):
        data = None
        cookie = request.cookies.get(SESSION_COOKIE)
        if cookie:
            try:
                data = _serializer(request, "session").loads(cookie, max_age=SESSION_MAX_AGE_S)
            except BadSignature:
                data = None
        if not isinstance(data, dict) or not isinstance(data.get("n"), str):
            data = {"n": secrets.token_urlsafe(18)}
            request.state.session_changed = True
        request.state.session = data
    return request.state.session


def session_user(request: Request) -> User | None:
    if not hasattr(request.state, "user"):
        # a session logged out (a copy of its cookie), or made before its account's password
        # changed or it was disabled, is a visitor's
        user, current = _signed_user(request, session(request))
        # a disabled account's session shows the public pages as to a visitor; a page that needs
        # the account says why it is refused (page_user)
        request.state.disabled = user is not None and user.disabled
        request.state.user = user if current and not request.state.disabled else None
    return request.state.user


def session_disabled(request: Request) -> bool:
    """Whether the visitor's session is of an account disabled since it logged in."""
    session_user(request)
    return getattr(request.state, "disabled", False)


def log_in(request: Request, user: User) -> None:
    """A new session (a new nonce too: a session fixed before login is worth nothing after it)."""
    request.state.session = {"n": secrets.token_urlsafe(18), **_signed(request, user)}
    request.state.user = user
    request.state.session_changed = True


def log_out(request: Request) -> None:
    """A new anonymous session; the old one is revoked on the server, so that its cookie, copied
    or stolen before, no longer logs anyone in (a signed cookie alone would stay valid until it
    expires)."""
    old = session(request)
    if "u" in old:
        site_of(request).store.revoke_session(old["n"], time.time() + SESSION_MAX_AGE_S)
    request.state.session = {"n": secrets.token_urlsafe(18)}
    request.state.user = None
    request.state.session_changed = True


def keep_session(request: Request, response: AnyResponse) -> AnyResponse:
    """Write the session cookie when it changed: HttpOnly, SameSite=Lax, Secure over https."""
    if getattr(request.state, "session_changed", False):
        response.set_cookie(SESSION_COOKIE, _serializer(request, "session").dumps(request.state.session),
                            max_age=SESSION_MAX_AGE_S, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https", path="/")
    return response
