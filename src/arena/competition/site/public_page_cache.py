"""The public pages an anonymous visitor reads, each made at most once a second and once per change
of the database, and served to every other anonymous visitor from there.

In a deadline's rush the crowd that reads the ranking, the rounds and the games is mostly anonymous
(spectators, a class watching the board), and every one of their requests built the same page again:
its queries, its views, its template (5 to 15 ms of CPU each, on the cores the builds and the debut
games also need). So what an anonymous GET of one of PUBLIC_PAGES answered is kept, whole, for the
requests that follow while the database is unchanged (ThreadStores.version: any commit, a game saved,
an upload, a round) and within the same second (what a page says of the clock — the deadline passed,
the next scheduled round — is then at most a second old). A change of either drops everything kept:
what is kept is the pages of one second, never a growing store, whatever query strings are sent.

Only anonymous requests (no session cookie, no token) are answered from here: a logged-in page names
its reader and carries their CSRF token. The kept answers carry no ``Set-Cookie``: an anonymous
visitor needs no session on these pages (the login page, not kept, gives one), and one nonce handed to
every visitor would be one CSRF secret shared by all. Concurrent requests for a page not yet kept wait
for the first to make it rather than making it each.
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable, Hashable

from .security.auth import SESSION_COOKIE

PUBLIC_PAGES = frozenset({"/", "/ranking", "/rounds", "/games", "/rules", "/api/ranking", "/api/rounds",
                          "/api/games"})
"""The pages whose answer is the same for every anonymous visitor and depends only on the database,
the clock (to the second) and the request's address (path, query, host)."""

MAX_KEPT = 512
"""Answers kept within one second at most (different query strings): past it, pages are made each time."""

_Answer = tuple[int, list[tuple[bytes, bytes]], bytes]  # status, headers, body


class PublicPageCache:
    """ASGI middleware; ``version()`` is what changes with every commit to the database."""

    def __init__(self, app, version: Callable[[], Hashable]) -> None:
        self.app = app
        self.version = version
        self._epoch: tuple[Hashable, int] | None = None
        self._kept: dict[tuple, _Answer] = {}
        self._making: dict[tuple, asyncio.Event] = {}

    async def __call__(self, scope, receive, send):
        if not _cacheable(scope):
            return await self.app(scope, receive, send)
        epoch = (self.version(), int(time.time()))
        if epoch != self._epoch:
            self._epoch, self._kept = epoch, {}
        key = (scope["path"], scope["query_string"], scope["scheme"], _header(scope, b"host"))
        answer = None
        while self._epoch == epoch:
            answer = self._kept.get(key)
            making = self._making.get(key)
            if answer is not None or making is None:
                break
            await making.wait()  # another request is making it (for this epoch or one that has passed)
        if answer is None:
            answer = await self._make(scope, receive, epoch, key)
        status, headers, body = answer
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _make(self, scope, receive, epoch, key) -> _Answer:
        """The page made by the app. A request whose epoch has passed while it waited makes its own
        beside the making of a newer one: each forgets only its own making, and always wakes its
        waiters (a making left behind, or a waiter never woken, was a 500 and a reader hung)."""
        made = asyncio.Event()
        self._making.setdefault(key, made)
        parts: list[bytes] = []
        start: dict = {}

        async def collect(message):
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))

        try:
            await self.app(scope, receive, collect)
        finally:
            if self._making.get(key) is made:
                del self._making[key]
            made.set()
        headers = [(name, value) for name, value in start.get("headers", []) if name.lower() != b"set-cookie"]
        answer: _Answer = (start["status"], headers, b"".join(parts))
        if answer[0] == 200 and self._epoch == epoch and len(self._kept) < MAX_KEPT:
            self._kept[key] = answer
        return answer


def _cacheable(scope) -> bool:
    return (scope["type"] == "http" and scope["method"] == "GET" and scope["path"] in PUBLIC_PAGES
            and _header(scope, b"authorization") is None
            and SESSION_COOKIE.encode() not in (_header(scope, b"cookie") or b""))


def _header(scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return value
    return None
