"""CSRF tokens for every form that changes something.

The token is an HMAC of the session's nonce under the competition's secret: a page elsewhere can
neither read it (same-origin) nor make it (no secret). The session cookie is SameSite=Lax as well;
this is the second lock, and it guards the login and register forms, which have no account yet.
"""

from __future__ import annotations

import hashlib
import hmac

from fastapi import Request

from ..site_state import site_of
from .auth import session
from ..refusal import Refusal

FIELD = "csrf"


def csrf_token(request: Request) -> str:
    nonce = session(request)["n"]
    return hmac.new(site_of(request).secret.encode(), f"csrf:{nonce}".encode(), hashlib.sha256).hexdigest()


def check_csrf(request: Request, form) -> None:
    """Refuse (403) a form without this session's token."""
    sent = form.get(FIELD)
    if not isinstance(sent, str) or not hmac.compare_digest(sent.encode(), csrf_token(request).encode()):
        raise Refusal(403, "the form's CSRF token is missing or stale: reload the page and send it again")
