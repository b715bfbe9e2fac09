"""The public pages an anonymous visitor reads, each made at most once a second and once per change
of the database (at most four times a second while it keeps changing), and served to every other
anonymous visitor from there.

In a deadline's rush the crowd that reads the ranking, the rounds and the games is mostly anonymous
(spectators, a class watching the board), and every one of their requests built the same page again:
its queries, its views, its template (5 to 15 ms of CPU each, on the cores the builds and the debut
games also need). So what an anonymous GET of one of PUBLIC_PAGES answered is kept, whole, for the
requests that follow while the database is unchanged (ThreadStores.version: any commit, a game saved,
an upload, a round), or changed less than BEHIND_AT_MOST_S ago, and within the same second (what a
page says of the clock — the deadline passed, the next scheduled round — is then at most a second
old). A new second drops everything kept: what is kept is the pages of one second, never a growing
store, whatever query strings are sent.

Only anonymous requests (no session cookie, no token) are answered from here: a logged-in page names
its reader and carries their CSRF token. The kept answers carry no ``Set-Cookie``: an anonymous
visitor needs no session on these pages (the login page, not kept, gives one), and one nonce handed to
every visitor would be one CSRF secret shared by all. Concurrent requests for a page not yet kept wait
for the first to make it rather than making it each.
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable, Hashable, NamedTuple

from .security.auth import SESSION_COOKIE

PUBLIC_PAGES = frozenset({"/", "/ranking", "/rounds", "/games", "/rules", "/api/ranking", "/api/rounds",
                          "/api/games"})
"""The pages whose answer is the same for every anonymous visitor and depends only on the database,
the clock (to the second) and the request's address (path, query, host)."""

MAX_KEPT = 512
"""Answers kept within one second at most (different query strings): past it, pages are made each time."""

_Answer = tuple[int, list[tuple[bytes, bytes]], bytes]  # status, headers, body

BEHIND_AT_MOST_S = 0.25
"""How long a kept page is still served after the database changed. In a deadline's rush the
database changes many times a second (a debut game saved, a build's state, an upload: 600 games in
the 90 s of bench/competition_load.py's rush), and making every page again at each change was most
of the server's CPU: its pages then waited 1.2 s. A quarter of a second behind is nothing a
spectator sees; a logged-in reader's pages are never kept."""


class _Kept(NamedTuple):
    answer: _Answer
    version: Hashable  # the database's when the page was begun
    made_at: float  # when it was begun


class PublicPageCache:
    """ASGI middleware; ``version()`` is what changes with every commit to the database;
    ``behind_at_most_s``: how long a page is still served once the database changed (0: never)."""

    def __init__(self, app, version: Callable[[], Hashable], behind_at_most_s: float = BEHIND_AT_MOST_S) -> None:
        self.app = app
        self.version = version
        self.behind_at_most_s = behind_at_most_s
        self._second: int | None = None
        self._kept: dict[tuple, _Kept] = {}
        self._making: dict[tuple, asyncio.Event] = {}

    def _fresh(self, key: tuple, now: float, version: Hashable) -> _Answer | None:
        """The kept answer, if it may still be served: made this second, on this database or at most
        behind_at_most_s ago."""
        if int(now) != self._second:  # a new second drops what the last one kept
            self._second, self._kept = int(now), {}
        kept = self._kept.get(key)
        if kept is None or (kept.version != version and now - kept.made_at >= self.behind_at_most_s):
            return None
        return kept.answer

    async def __call__(self, scope, receive, send):
        if not _cacheable(scope):
            return await self.app(scope, receive, send)
        key = (scope["path"], scope["query_string"], scope["scheme"], _header(scope, b"host"))
        waited = False
        while True:
            now, version = time.time(), self.version()
            answer = self._fresh(key, now, version)
            if answer is not None:
                break
            making = self._making.get(key)
            if making is None or waited:  # nobody makes it, or what was made is already too old
                answer = await self._make(scope, receive, key, _Kept((0, [], b""), version, now))
                break
            await making.wait()  # another request is making it
            waited = True
        status, headers, body = answer
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _make(self, scope, receive, key, begun: _Kept) -> _Answer:
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
        kept = self._kept.get(key)
        if (answer[0] == 200 and int(begun.made_at) == self._second and len(self._kept) < MAX_KEPT
                and (kept is None or kept.made_at <= begun.made_at)):  # never a newer page replaced
            self._kept[key] = begun._replace(answer=answer)
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
