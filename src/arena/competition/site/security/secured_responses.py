"""The site's gate around every request: a write from a page of another origin is refused, and every
answer carries the security headers (arena.web_common.security_headers), static files included.

Plain ASGI: it was an ``@app.middleware("http")`` function, which Starlette runs as
BaseHTTPMiddleware, each request in a task group of its own with a stream between it and the
routes, on the event loop's one thread that parses and answers every request (issue 57's profile)
for two checks that need none of that.
"""

from __future__ import annotations

from typing import Callable

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import Response

from ....web_common.security_headers import SECURITY_HEADERS


def cross_origin(request: Request) -> bool:
    """A write sent by a page elsewhere. The browser says "null" for our own forms (the pages are
    served with Referrer-Policy: no-referrer): those rest on the CSRF token and SameSite cookie."""
    origin = request.headers.get("origin")
    return request.method not in ("GET", "HEAD") and origin not in (None, "null") \
        and origin.split("://", 1)[-1] != request.headers.get("host")


class SecuredResponses:
    """ASGI middleware: ``refuse(request)`` answers a cross-origin write; anything else goes on to the
    app, its answer's headers secured as it starts."""

    def __init__(self, app, refuse: Callable[[Request], Response]) -> None:
        self.app = app
        self.refuse = refuse

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        if cross_origin(request):
            return await self.refuse(request)(scope, receive, send)

        async def secured(message):
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)  # in place, over any the route set
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, secured)
