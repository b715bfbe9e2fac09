"""The competition's site: its pages, its JSON API, accounts and sessions, over one competition.

Everything reads one :class:`Site` (site_state.py, which the route modules import, not this one): the
competition's folder and database, the conductor that builds and plays (only the methods that
site.SiteConductor lists are called), the templates and the replays. Program text is only ever
escaped (Jinja2 autoescaping, ``textContent`` in the scripts, boards as images) under the
Content-Security-Policy shared with the viewer (arena.web_common), which allows no inline script.
"""

from __future__ import annotations

import threading
from pathlib import Path

import jinja2
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from ...web_common import STATIC, template_loader
from ...web_common.security_headers import secured
from ..folder import CompetitionFolder
from ..store.database import CompetitionError, CompetitionStore
from . import analysis_routes
from .api import (announcements, clarifications, disqualification, exports, organiser as organiser_api,
                  password_reset, routes as api, set_aside, similar_sources, sources, voids)
from .language_choice import descriptions, language_table
from .pages import accounts, contestant, organiser, public
from .pages.formatting import FILTERS
from .pages.render import render
from .public_page_cache import PublicPageCache
from .refusal import Refusal, found_inside
from .security.body_limits import BodyLimit, BodyTooLarge
from .security.secured_responses import SecuredResponses
from .site_state import Site, SiteConductor

HERE = Path(__file__).parent


def _templates() -> jinja2.Environment:
    # the site's own templates first (its base.html), then the shared ones: the replay page as the viewer has it.
    # auto_reload off: the templates are the installed release's, read once (a new release restarts the
    # server); with it on, every page looked at both folders' files first (1.3 ms of a page's 8 ms of CPU)
    environment = jinja2.Environment(loader=template_loader(HERE / "templates"), autoescape=True,
                                     undefined=jinja2.StrictUndefined, auto_reload=False)
    environment.filters.update(FILTERS)
    return environment


_HEADINGS = {400: "Bad request", 401: "Log in first", 403: "Not allowed", 404: "Not found",
             409: "Not now", 413: "Too large", 429: "Slow down", 500: "Something went wrong"}


def _message(error: RequestValidationError) -> str:
    """FastAPI's validation errors in one sentence naming each bad field."""
    parts = []
    for problem in error.errors():
        where = ".".join(str(part) for part in problem.get("loc", ()) if part not in ("path", "query", "body"))
        parts.append(f"{where or 'request'}: {problem.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is not valid"


def create_app(folder: CompetitionFolder, store: CompetitionStore, conductor: SiteConductor) -> FastAPI:
    """The site of the competition in ``folder`` (its database open in ``store``); builds, admissions
    and rounds are asked of ``conductor``."""
    app = FastAPI(title="arena competition", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")
    app.state.site = Site(folder, store, conductor, _templates())

    def refusal(request: Request, status: int, message: str, headers: dict | None = None):
        """The API's JSON error, or a page saying it: never a traceback."""
        response: Response
        if request.url.path.startswith("/api/"):
            response = JSONResponse({"error": message}, status_code=status, headers=headers)
        else:
            try:
                response = render(request, "error.html", status=status, heading=_HEADINGS.get(status, "Refused"),
                                  message=message)
            except Exception:  # the page itself failed (the database?): the message alone
                response = PlainTextResponse(message, status_code=status)
            response.headers.update(headers or {})
        return secured(response)

    @app.exception_handler(Refusal)
    async def refused(request: Request, error: Refusal):
        return refusal(request, error.status, error.message, error.headers)

    @app.exception_handler(BodyTooLarge)
    async def too_large(request: Request, error: BodyTooLarge):
        return refusal(request, 413, str(error))

    @app.exception_handler(CompetitionError)
    async def competition_error(request: Request, error: CompetitionError):
        return refusal(request, 409, str(error))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError):
        return refusal(request, 400, _message(error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        message = error.detail if error.status_code != 404 or error.detail != "Not Found" \
            else f"there is no page {request.url.path}"
        return refusal(request, error.status_code, str(message))

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception):
        inner = found_inside(error, (BodyTooLarge, Refusal))
        if isinstance(inner, BodyTooLarge):  # raised while a body was read inside a task group
            return refusal(request, 413, str(inner))
        if isinstance(inner, Refusal):
            return refusal(request, inner.status, inner.message, inner.headers)
        # a bug of ours, said plainly (the traceback goes to the server's log only)
        return refusal(request, 500, f"the server failed on this request ({type(error).__name__}); "
                       "nothing was changed")

    for module in (analysis_routes, exports, api, organiser_api, set_aside, disqualification, password_reset, voids,
                   announcements, clarifications, similar_sources, sources, public, accounts, contestant, organiser):
        app.include_router(module.router)
    app.mount("/static/site", StaticFiles(directory=HERE / "static"), name="site-static")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # anonymous readers' public pages made once a second and per change (public_page_cache.py), inside
    # the gate: what it keeps is secured on the way out like any answer
    app.add_middleware(PublicPageCache, version=app.state.site.stores.version)
    # a page elsewhere cannot post here; every answer secured (security/secured_responses.py)
    app.add_middleware(SecuredResponses, refuse=lambda request: refusal(request, 403, "cross-origin request refused"))
    app.add_middleware(BodyLimit)  # outermost: a huge body is refused before anything reads it
    # each compiler's version is asked once (a JVM takes a while to say it): now, not on a visitor's time
    threading.Thread(target=_warm_up, args=(folder,), name="arena-site-warm-up", daemon=True).start()
    return app


def _warm_up(folder: CompetitionFolder) -> None:
    # each version read in a thread of its own: the home page right after a start waits for the
    # slowest compiler, not for all of them one after the other (about 12 s on a loaded machine)
    try:
        table = language_table(folder)
    except Refusal:
        return
    readers = [threading.Thread(target=language.describe, name="arena-site-warm-up", daemon=True)
               for language in table.values()]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    descriptions(folder)
