"""Who is asking: API tokens (``Authorization: Bearer``) and the pages' signed session cookie.

Both are signed with the competition's secret by itsdangerous and expire. Each also carries a
fingerprint of the account's password hash, so resetting a password ends every session and token
made with the old one. API calls that change something take only a token (a browser never sends
one by itself, so they need no CSRF token); reads also take the session cookie, so that pages can
link to them (a program's stderr).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

from fastapi import Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer

from ...store.database import User
from ..site import site_of
from ..refusal import Refusal

TOKEN_MAX_AGE_S = 12 * 3600
SESSION_MAX_AGE_S = 14 * 86400
SESSION_COOKIE = "arena_session"
DISABLED = ("this account has been disabled by the competition's organiser: it can neither log in nor submit, "
            "and its program plays no new rounds (its games so far stay); ask the organiser")


def _fingerprint(secret: str, user: User) -> str:
    return hmac.new(secret.encode(), (user.password or "").encode(), hashlib.sha256).hexdigest()[:16]


def _serializer(request: Request, purpose: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(site_of(request).secret, salt=f"arena-competition-{purpose}")


def _signed_user(request: Request, data: object) -> User | None:
    """The account a signed payload names, if it still exists with the same password."""
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None
    user = site_of(request).store.user(data["u"])
    if user is None or user.role == "builtin" or data.get("p") != _fingerprint(site_of(request).secret, user):
        return None
    return user


# -- API tokens -------------------------------------------------------------

def make_token(request: Request, user: User) -> str:
    return _serializer(request, "token").dumps({"u": user.id, "p": _fingerprint(site_of(request).secret, user)})


def bearer_user(request: Request) -> User | None:
    """The account of the request's bearer token; None without one; 401 for a bad or expired one."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refusal(401, "the Authorization header must be 'Bearer TOKEN' (POST /api/login gives a token)")
    try:
        data = _serializer(request, "token").loads(token.strip(), max_age=TOKEN_MAX_AGE_S)
    except BadSignature:
        raise Refusal(401, "the token is not valid or has expired: log in again") from None
    user = _signed_user(request, data)
    if user is None:
        raise Refusal(401, "the token's account no longer exists or its password changed: log in again")
    if user.disabled:  # a token made before the account was disabled is worth nothing now
        raise Refusal(403, DISABLED)
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
        data = session(request)
        revoked = "u" in data and site_of(request).store.session_revoked(data["n"])  # logged out: a copy is worth nothing
        user = None if revoked else _signed_user(request, data)
        # a disabled account's session shows the public pages as to a visitor; a page that needs
        # the account says why it is refused (page_user)
        request.state.disabled = user is not None and user.disabled
        request.state.user = None if request.state.disabled else user
    return request.state.user


def session_disabled(request: Request) -> bool:
    """Whether the visitor's session is of an account disabled since it logged in."""
    session_user(request)
    return getattr(request.state, "disabled", False)


def log_in(request: Request, user: User) -> None:
    """A new session (a new nonce too: a session fixed before login is worth nothing after it)."""
    request.state.session = {"n": secrets.token_urlsafe(18), "u": user.id,
                             "p": _fingerprint(site_of(request).secret, user)}
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


def keep_session(request: Request, response: Response) -> Response:
    """Write the session cookie when it changed: HttpOnly, SameSite=Lax, Secure over https."""
    if getattr(request.state, "session_changed", False):
        response.set_cookie(SESSION_COOKIE, _serializer(request, "session").dumps(request.state.session),
                            max_age=SESSION_MAX_AGE_S, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https", path="/")
    return response
