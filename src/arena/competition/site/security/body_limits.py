"""How much a request may send: an upload's file plus its form, anything else a small JSON body or form.

Checked before any route reads the body: a declared Content-Length beyond the limit is refused at
once, and a body sent without one (chunked) is counted as it arrives and cut off at the limit, so
that nobody can fill the server's memory or disk through the multipart parser.
"""

from __future__ import annotations

import json

from ....web_common.security_headers import SECURITY_HEADERS
from ...build.upload_checks import MAX_UPLOAD_BYTES

UPLOAD_LIMIT = MAX_UPLOAD_BYTES  # one source file or a small archive: the builds' own limit
FORM_OVERHEAD = 64 * 1024  # the form's other fields and the multipart boundaries
SMALL_BODY_LIMIT = 64 * 1024
UPLOAD_PATHS = {"/api/submissions", "/submit"}


class BodyTooLarge(Exception):
    """Raised from inside a route when a body without Content-Length grows past its limit."""


def body_limit(method: str, path: str) -> int:
    if method == "POST" and path in UPLOAD_PATHS:
        return UPLOAD_LIMIT + FORM_OVERHEAD
    return SMALL_BODY_LIMIT


def _describe(limit: int) -> str:
    if limit > UPLOAD_LIMIT:
        return f"the request is too large: an upload may be at most {UPLOAD_LIMIT // 1024} KB"
    return f"the request is too large: at most {limit // 1024} KB here"


class BodyLimit:
    """ASGI middleware enforcing :func:`body_limit`."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = body_limit(scope["method"], scope["path"])
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None:
            if not declared.isdigit():
                return await _answer(send, scope, 400, "the Content-Length header is not a number")
            if int(declared) > limit:
                return await _answer(send, scope, 413, _describe(limit))
        received = 0

        async def counted():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(_describe(limit))
            return message

        await self.app(scope, counted, send)


async def _answer(send, scope, status: int, message: str) -> None:
    if scope["path"].startswith("/api/"):
        body, kind = json.dumps({"error": message}).encode(), b"application/json"
    else:
        body, kind = message.encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    headers += [(name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
