"""The headers every response of the viewer and of the competition's site carries, error pages included.

The policy allows no inline script and nothing fetched from elsewhere, so that
a program's text slipped into a page past the escaping could still run nothing.
"""

from __future__ import annotations

from starlette.responses import Response

CONTENT_SECURITY_POLICY = ("default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; "
                           "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a game's address is its key to watch it: never pass it on
}


def secured(response: Response) -> Response:
    """The response, with the security headers set (over any it had)."""
    response.headers.update(SECURITY_HEADERS)
    return response
