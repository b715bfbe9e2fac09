"""The viewer's FastAPI application: pages, JSON API, live events and browser play.

Everything the pages show comes from a :class:`Library` (the tournament
databases and the records folder) and a :class:`PlayManager` (games played
in the browser). Program-provided text is only ever escaped: Jinja2
autoescaping in the pages, ``textContent`` in the scripts, boards shown as
images, and a Content-Security-Policy that allows no inline script.

What the routes read, :class:`Viewer`, is in viewer_state.py: the route modules import it, not this one.
"""

from __future__ import annotations

from pathlib import Path

import jinja2
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from ..games.base import MoveError
from ..judge.sandbox.settings import Sandbox
from ..web_common import STATIC, template_loader
from ..web_common.record_check import BadRecord
from ..web_common.security_headers import secured
from . import analysis_pages, analysis_routes, api, live, pages, play_routes  # one module per concern
from .browser_seat import IDLE_AFTER_S
from .library import Library, NotFound
from .play_manager import NotYourGame, PlayManager
from .viewer_state import Viewer

HERE = Path(__file__).parent
LOOPBACK_NAMES = {"127.0.0.1", "localhost", "[::1]", "::1"}


def _templates() -> jinja2.Environment:
    # the viewer's own templates (its base.html) first, then the shared ones (arena.web_common: the replay
    # page). autoescape: every value a template shows is escaped unless a template says otherwise (none does).
    # auto_reload off: the installed release's templates, read once, not looked at again for every page
    return jinja2.Environment(loader=template_loader(HERE / "templates"), autoescape=True,
                              undefined=jinja2.StrictUndefined, auto_reload=False)


def _host_allowed(host_header: str, bound_to: str | None) -> bool:
    """Only the names this server answers to: a page from elsewhere cannot rebind a name onto it.
    Bound to every interface (0.0.0.0), the server was opened up on purpose and answers any name."""
    if bound_to in ("0.0.0.0", "::"):
        return True
    host = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    return host in LOOPBACK_NAMES or host == bound_to


def _refused(request: Request, bound_to: str | None) -> Response | None:
    """The refusal of a request no route should see (another host name, another site, not JSON), else None."""
    if not _host_allowed(request.headers.get("host", ""), bound_to):
        return PlainTextResponse("unknown host", status_code=400)
    if request.method not in ("GET", "HEAD"):
        # a form or script on another site cannot make this server start programs
        origin = request.headers.get("origin")
        if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
            return PlainTextResponse("cross-origin request refused", status_code=403)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return PlainTextResponse("send JSON", status_code=415)
    return None


def create_app(db_paths: list[str], records_dir: str | Path, host: str | None = None,
               home: str | None = None, sandbox: Sandbox | None = None, opponents: dict[str, str] | None = None,
               play_idle_s: float = IDLE_AFTER_S, analysis_seconds: float | None = None,
               opponent_folders: dict[str, str] | None = None) -> FastAPI:
    """The viewer over these databases and this records folder; ``home`` overrides where / leads.

    Games played in the browser run their opponent in ``sandbox`` (default: ``limits``);
    the opponent is a built-in player or one of ``opponents`` (NAME -> COMMAND, from
    ``arena serve --opponent``; its folder by ``opponent_folders`` if named there, NAME -> DIR), never a
    command from a request; a game whose person has not
    moved for ``play_idle_s`` ends. Analyses asked for from a page search ``analysis_seconds`` per
    ply (None: each game's default).
    """
    library = Library(db_paths, records_dir)
    if home is None:
        home = "/t/0" if len(db_paths) == 1 else "/tournaments"
    app = FastAPI(title="arena viewer", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")
    plays = PlayManager(Path(records_dir), sandbox, opponents, play_idle_s, opponent_folders)
    app.state.viewer = Viewer(library, plays, _templates(), home, analysis_seconds=analysis_seconds)

    @app.middleware("http")
    async def guard(request: Request, call_next):
        refused = _refused(request, host)
        return secured(refused if refused is not None else await call_next(request))

    def refusal(request: Request, status: int, heading: str, message: str):
        """The API's JSON error, or a page saying it, never a traceback."""
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status)
        page = app.state.viewer.render("error.html", heading=heading, message=message)
        return PlainTextResponse(page, status_code=status, media_type="text/html")

    @app.exception_handler(NotFound)
    async def not_found(request: Request, error: NotFound):
        return refusal(request, 404, "Not found", str(error))

    @app.exception_handler(BadRecord)
    async def bad_record(request: Request, error: BadRecord):
        return refusal(request, 400, "This record cannot be shown", str(error))

    @app.exception_handler(MoveError)
    async def bad_move(request: Request, error: MoveError):  # a move to draw that the position cannot read
        return refusal(request, 400, "Bad request", str(error))

    @app.exception_handler(NotYourGame)
    async def not_your_game(request: Request, error: NotYourGame):
        return refusal(request, 403, "Not your game", str(error))

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception):
        # the last resort: a bug of ours, said plainly (the traceback goes to the server's log only).
        # Starlette answers with it from its outermost layer, outside guard: the headers are set here.
        return secured(refusal(request, 500, "Something went wrong", f"the viewer failed on this page "
                       f"({type(error).__name__}); nothing was changed"))

    for module in (analysis_routes, analysis_pages, pages, api, live, play_routes):
        app.include_router(module.router)
    app.mount("/static/viewer", StaticFiles(directory=HERE / "static"), name="viewer-static")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
