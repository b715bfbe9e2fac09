"""Rendering a page: the visitor, the CSRF token for its forms and the session cookie, every time."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ....web_common.release import release
from ...store.database import User
from ..site_state import site_of
from ..security.auth import DISABLED, keep_session, session_disabled, session_user
from ..security.csrf import csrf_token
from ..refusal import Refusal


def render(request: Request, template: str, status: int = 200, **context) -> HTMLResponse:
    site = site_of(request)
    page = site.render(template, user=session_user(request), csrf=csrf_token(request),
                       competition=site.store.competition(), site_url=str(request.base_url).rstrip("/"),
                       arena_release=release(), disqualified_entrants=list(site.store.disqualifications().values()),
                       **context)
    return keep_session(request, HTMLResponse(page, status_code=status))


def redirect(request: Request, url: str) -> RedirectResponse:
    return keep_session(request, RedirectResponse(url, status_code=303))


def page_user(request: Request) -> User:
    user = session_user(request)
    if user is None and session_disabled(request):
        raise Refusal(403, DISABLED)
    if user is None:
        raise Refusal(401, "log in first (the Log in link at the top)")
    return user


def page_organiser(request: Request) -> User:
    user = page_user(request)
    if not user.is_organiser:
        raise Refusal(403, "only the competition's organisers may see this page")
    return user
