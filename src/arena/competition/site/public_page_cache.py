"""The public pages an anonymous visitor reads, each made once per change of the database and once a
second, one at a time, and served to every other anonymous visitor from there.

In a deadline's rush the crowd that reads the ranking, the rounds and the games is mostly anonymous
(spectators, a class watching the board), and every one of their requests built the same page again:
its queries, its views, its template (5 to 60 ms of CPU each, on the cores the builds and the debut
games also need). So what an anonymous GET of one of PUBLIC_PAGES answered is kept, whole, for the
requests that follow while the database is unchanged (ThreadStores.version: any commit, a game saved,
an upload, a round) and within the same second (what a page says of the clock — the deadline passed,
the next scheduled round — is then at most a second old). A change of either drops everything kept:
what is kept is the pages of one second, never a growing store, whatever query strings are sent.

A rush commits about ten times a second (uploads, builds, admissions, debut games). Measured with 50
uploads and 100 readers (bench/competition_load.py), each commit had every page made again while
its readers waited, and pages made side by side in the server's threads took the core (one, with the
GIL) from the event loop that answers the kept ones: 90 pages a second against 1,100 idle. So:
- a page is made by one making, which every reader who asks for it meanwhile joins;
- while a crowd reads (CROWD requests a second) and pages are being made or the makers pause after
  one (the site is busy), a reader is answered at once with the page made before (at most
  BUSY_STALE_S old), and the page is made again in its turn; otherwise, when only the clock has moved
  on (the same database), with the page made before if it is at most STALE_S old; a reader after a
  change on a site no crowd reads waits for the page that shows it, so what one request wrote (an
  announcement) shows to the next anonymous reader at once. Every answer says in its ``Age`` header
  how long ago its page was made;
- pages are made one at a time, and while the database changes with a pause after each
  (MAKING_SHARE), so that the event loop keeps most of the core.

A reader who started a making during the pause waited for the pause and the page: all the readers at
once, a second at a time (p99 1.1 s in the rush, though the median was 50 ms); and with pages no older
than 2 s while busy, the one-at-a-time makings (80 ms each under that load, a pause after each) came
round to a page every 3 to 6 s, each reader past that waiting in the queue of them.

Only anonymous requests (no session cookie, no token) are answered from here: a logged-in page names
its reader and carries their CSRF token. The kept answers carry no ``Set-Cookie``: an anonymous
visitor needs no session on these pages (the login page, not kept, gives one), and one nonce handed to
every visitor would be one CSRF secret shared by all.
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

STALE_S = 2.0
"""How old a page of the same database may be to be served, on a quiet site, while its successor is made
(what it says of the clock has moved on)."""

BUSY_STALE_S = 30.0
"""How old a page may be to be served while the site is busy making pages: the makings are one at a
time with their pauses, so in a rush a page is made again once the pages asked before it are (the
``Age`` header of each answer says how long ago: bench/competition_load.py reports them)."""

CROWD = 20
"""Anonymous requests a second from which the site is read by a crowd: only then is a reader given a
page older than the database while pages are made (a lone reader after a change waits for the page
that shows it, whatever else is being made)."""

MAKING_SHARE = 0.5
"""Pages are made one at a time, and while the database changes, after a making that took T the next
waits T: at most half the time goes to making pages, the rest to the event loop that serves them (one
core, the GIL). Measured in the rush (readers keeping their connections), four runs: 1,062-1,240
pages a second, p99 286-337 ms, pages 1 s old (p50), 5-7 s (p99); a pause of 3 T: 1,129 a second,
p99 326 ms, pages 3 s and 11 s old; no pause: 1,072 a second, p99 342 ms and the builds slower; side
by side, as each reader came, 90 a second."""

_Answer = tuple[int, list[tuple[bytes, bytes]], bytes]  # status, headers, body
_Kept = tuple[_Answer, float]  # and when it was made (time.time())


class PublicPageCache:
    """ASGI middleware; ``version()`` is what changes with every commit to the database."""

    def __init__(self, app, version: Callable[[], Hashable]) -> None:
        self.app = app
        self.version = version
        self._epoch: tuple[Hashable, int] | None = None
        self._kept: dict[tuple, _Kept] = {}  # this epoch's pages
        # each page's last making: when, and of which version of the database
        self._previous: dict[tuple, tuple[_Answer, float, Hashable]] = {}
        self._making: dict[tuple, asyncio.Future[_Kept]] = {}
        self._makers: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        # anonymous requests of this second and of the one before (a crowd, or a lone reader)
        self._second, self._asked, self._asked_before = 0, 0, 0

    async def __call__(self, scope, receive, send):
        if not _cacheable(scope):
            return await self.app(scope, receive, send)
        epoch = (self.version(), int(time.time()))
        if epoch != self._epoch:
            self._epoch, self._kept = epoch, {}
        key = (scope["path"], scope["query_string"], scope["scheme"], _header(scope, b"host"))
        self._count(epoch[1])
        kept = self._kept.get(key)
        if kept is None:
            making = self._making.get(key)
            previous = self._previous.get(key)
            if previous is not None and self._may_serve(previous, epoch[0]):
                kept = previous[:2]  # while its successor is made
                if making is None:
                    self._start_making(scope, receive, epoch, key)
            else:
                kept = await asyncio.shield(making or self._start_making(scope, receive, epoch, key))
        (status, headers, body), made_at = kept
        # how long ago it was made, in whole seconds (RFC 9111's Age, as any cache on the way says it)
        age = [(b"age", str(max(0, int(time.time() - made_at))).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers + age})
        await send({"type": "http.response.body", "body": body})

    def _may_serve(self, previous: tuple[_Answer, float, Hashable], version: Hashable) -> bool:
        """Whether a page made before may answer while its successor is made: one of the same database
        (only its clock has moved on) at most STALE_S old, or any at most BUSY_STALE_S old while pages
        are being made (the site is busy). A reader alone after a change waits for the page that shows it."""
        _, made_at, made_of = previous
        age = time.time() - made_at
        return age <= BUSY_STALE_S if self._busy() else made_of == version and age <= STALE_S

    def _busy(self) -> bool:
        """A crowd reads, and pages are being made or the makers pause after one (MAKING_SHARE): a
        reader who started a making now would wait for the pause and then for its page."""
        crowd = max(self._asked, self._asked_before) >= CROWD
        return crowd and (bool(self._making) or (self._makers is not None and self._makers[1].locked()))

    def _count(self, second: int) -> None:
        if second != self._second:
            self._asked_before = self._asked if second == self._second + 1 else 0
            self._second, self._asked = second, 0
        self._asked += 1

    def _start_making(self, scope, receive, epoch, key) -> asyncio.Future[_Kept]:
        making = self._making[key] = asyncio.ensure_future(self._make(scope, receive, epoch, key))
        # a making no reader waits for (a reader was served its predecessor) fails in silence: the
        # next reader makes it again, and is answered what the app says
        making.add_done_callback(lambda done: done.cancelled() or done.exception())
        return making

    async def _make(self, scope, receive, epoch, key) -> _Kept:
        """The page made by the app, in its turn; kept for this epoch if it is still current, and as
        the page to serve while its successor is made."""
        parts: list[bytes] = []
        start: dict = {}

        async def collect(message):
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))

        makers, loop = self._semaphore(), asyncio.get_running_loop()
        began = None
        try:
            await makers.acquire()
            began = loop.time()
            await self.app(scope, receive, collect)
        finally:
            del self._making[key]  # even if cancelled in its turn's wait: the next reader makes it
            if began is not None:
                # while the database changes, the next making waits its turn: pages are made at most
                # MAKING_SHARE of the time (a first page, or one made again for the clock alone, at once)
                previous = self._previous.get(key)
                changed = previous is not None and previous[2] != epoch[0]
                loop.call_later((loop.time() - began) * (1 / MAKING_SHARE - 1) if changed else 0, makers.release)
        headers = [(name, value) for name, value in start.get("headers", []) if name.lower() != b"set-cookie"]
        answer: _Answer = (start["status"], headers, b"".join(parts))
        made: _Kept = (answer, time.time())
        if answer[0] == 200:
            if len(self._previous) >= MAX_KEPT:
                self._previous.clear()
            self._previous[key] = (*made, epoch[0])
            if self._epoch == epoch and len(self._kept) < MAX_KEPT:
                self._kept[key] = made
        return made

    def _semaphore(self) -> asyncio.Semaphore:
        """The makers' semaphore of the running loop (a test, or a restarted server, runs another)."""
        loop = asyncio.get_running_loop()
        if self._makers is None or self._makers[0] is not loop:
            self._makers = (loop, asyncio.Semaphore(1))
        return self._makers[1]


def _cacheable(scope) -> bool:
    return (scope["type"] == "http" and scope["method"] == "GET" and scope["path"] in PUBLIC_PAGES
            and _header(scope, b"authorization") is None
            and SESSION_COOKIE.encode() not in (_header(scope, b"cookie") or b""))


def _header(scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return value
    return None
