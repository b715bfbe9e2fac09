"""Anonymous visitors' public pages are made once a second and per change of the database, and
never serve anyone who has a session or a token (public_page_cache.py)."""

from __future__ import annotations

import asyncio

import pytest

from arena.competition.site import public_page_cache
from arena.competition.site.public_page_cache import (BUSY_STALE_S, MAKING_SHARE, MAX_KEPT, STALE_S,
                                                      PublicPageCache)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(public_page_cache, "time", clock)
    return clock


class Pages:
    """An ASGI app that answers each request with its address and how many it has answered."""

    def __init__(self, status: int = 200, delay_s: float = 0.0) -> None:
        self.made: list[tuple[str, bytes]] = []
        self.status, self.delay_s = status, delay_s

    async def __call__(self, scope, receive, send):
        self.made.append((scope["path"], scope["query_string"]))
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        await send({"type": "http.response.start", "status": self.status,
                    "headers": [(b"content-type", b"text/plain"), (b"set-cookie", b"arena_session=fresh")]})
        await send({"type": "http.response.body", "body": f"page {len(self.made)}".encode(), "more_body": True})
        await send({"type": "http.response.body", "body": b" of " + scope["path"].encode()})


def scope(path: str = "/ranking", query: bytes = b"", headers: list | None = None, method: str = "GET") -> dict:
    headers = headers or []
    host = [] if any(name == b"host" for name, _ in headers) else [(b"host", b"cup.example")]
    return {"type": "http", "method": method, "path": path, "query_string": query, "scheme": "http",
            "headers": host + headers}


async def receive():
    return {"type": "http.request", "body": b"", "more_body": False}


async def read(app, path: str = "/ranking") -> bytes:
    """The body an anonymous GET of ``path`` was sent, in the running event loop."""
    sent: list[dict] = []

    async def send(message):
        sent.append(message)
    await app(scope(path=path), receive, send)
    return b"".join(m.get("body", b"") for m in sent[1:])


def get(app, **asked) -> tuple[int, dict, bytes]:
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope(**asked), receive, send))
    start = sent[0]
    return start["status"], dict(start["headers"]), b"".join(m.get("body", b"") for m in sent[1:])


def test_a_page_is_made_once_per_second_and_per_change_of_the_database(clock):
    pages, version = Pages(), [1]
    app = PublicPageCache(pages, lambda: version[0])
    first = get(app)
    assert get(app) == first and len(pages.made) == 1, "the same second, the same database: made once"
    assert first[2] == b"page 1 of /ranking", "the whole body is kept, not its first part"
    version[0] = 2  # a commit: a game saved, an upload
    assert get(app)[2] == b"page 2 of /ranking", "a reader alone after a change waits for the page that shows it"
    clock.now += 1.0  # the next second, the same database: what a page says of the clock is a second old
    assert in_one_loop(app, 2) == [b"page 2 of /ranking", b"page 3 of /ranking"], \
        "the page of the same database answers at once while its successor is made"
    assert get(app)[2] == b"page 3 of /ranking" and len(pages.made) == 3
    clock.now += STALE_S + 1.0  # the same database, but a page older than STALE_S is not served
    assert in_one_loop(app, 1) == [b"page 4 of /ranking"]


def in_one_loop(app, readers: int, pause_s: float = 0.01, path: str = "/ranking") -> list[bytes]:
    """What READERS anonymous readers, one after the other PAUSE_S apart in one event loop, were sent
    (a making started for one of them goes on between them, as it does in the server)."""
    async def readers_in_turn():
        bodies = []
        for _ in range(readers):
            bodies.append(await read(app, path))
            await asyncio.sleep(pause_s)
        return bodies
    return asyncio.run(readers_in_turn())


def test_the_kept_answers_give_no_session_to_share():
    _, headers, _ = get(PublicPageCache(Pages(), lambda: 1))
    assert b"set-cookie" not in headers and headers[b"content-type"] == b"text/plain"


def test_a_visitor_with_a_session_or_a_token_and_other_pages_are_made_each_time(clock):
    pages = Pages()
    app = PublicPageCache(pages, lambda: 1)
    get(app)
    for asked in ({"headers": [(b"cookie", b"theme=dark; arena_session=abc")]},
                  {"headers": [(b"authorization", b"Bearer t")]},
                  {"path": "/my"}, {"path": "/login"}, {"path": "/games/7"}, {"method": "HEAD"}):
        for _ in range(2):
            status, headers, _ = get(app, **asked)
            assert b"set-cookie" in headers, asked  # the app's own answer, untouched
    assert len(pages.made) == 1 + 12


def test_each_address_is_kept_apart_and_no_more_than_the_bound(clock):
    pages = Pages()
    app = PublicPageCache(pages, lambda: 1)
    assert get(app, query=b"page=0")[2] != get(app, query=b"page=1")[2]
    assert get(app, headers=[(b"host", b"other.example")])[2] != get(app)[2]  # its links name the host asked
    for page in range(MAX_KEPT + 50):
        get(app, path="/games", query=f"page={page}".encode())
    assert len(app._kept) == MAX_KEPT
    clock.now += 1.0
    get(app)
    assert len(app._kept) == 1, "a new second drops what the last one kept"


def test_a_refusal_is_not_kept(clock):
    pages = Pages(status=503)
    app = PublicPageCache(pages, lambda: 1)
    assert get(app)[0] == 503 and get(app)[0] == 503 and len(pages.made) == 2


def test_readers_arriving_together_wait_for_one_making(clock):
    pages = Pages(delay_s=0.05)
    app = PublicPageCache(pages, lambda: 1)

    async def together():
        return set(await asyncio.gather(*(read(app) for _ in range(20))))

    assert asyncio.run(together()) == {b"page 1 of /ranking"} and len(pages.made) == 1


def test_the_site_serves_anonymous_readers_the_kept_page_and_each_logged_in_reader_their_own(competition, http):
    """Through the real server: the anonymous home page has no Log out and no session cookie but the
    security headers; a contestant logged in on the pages gets their own page, and an announcement (a
    write) shows to the next anonymous reader at once."""
    anonymous = http().get("/")
    assert anonymous.status == 200 and "Log out" not in anonymous.text
    assert anonymous.headers.get("Set-Cookie") is None and "Content-Security-Policy" in anonymous.headers
    alice = http().page_login("alice")
    mine = alice.get("/")
    assert "Log out" in mine.text and "alice" in mine.text
    competition.store.add_announcement("Deadline moved to Friday", None)
    assert "Deadline moved to Friday" in http().get("/").text


def test_readers_across_changes_of_the_database_all_get_their_page(clock):
    """Readers arriving while the database changes under a page being made: one who waited for a
    making whose database had passed made the page again beside a newer reader's making, and the
    second of the two to finish found no making to forget: a 500, and every reader waiting on it
    waited until their client gave up (p99 120 s in bench/competition_load.py's full rush)."""
    pages = Pages(delay_s=0.004)
    version = [0]
    app = PublicPageCache(pages, lambda: version[0])

    async def crowd():
        async def reader(n: int) -> bytes:
            await asyncio.sleep(0.001 * (n % 37))
            return await read(app)

        async def commits():
            for _ in range(60):
                await asyncio.sleep(0.0007)
                version[0] += 1  # a game saved, an upload, every few tenths of a millisecond

        done = await asyncio.wait_for(asyncio.gather(commits(), *(reader(n) for n in range(300))), timeout=20)
        return done[1:]

    bodies = asyncio.run(crowd())
    assert len(bodies) == 300 and all(body.startswith(b"page ") for body in bodies)
    assert not app._making, "every making forgotten once done"


@pytest.fixture
def crowd(monkeypatch):
    """A crowd of one: every reader of these tests is one of a crowd (public_page_cache.CROWD)."""
    monkeypatch.setattr(public_page_cache, "CROWD", 1)


def test_while_pages_are_made_a_change_is_answered_with_the_page_before_it_if_recent(clock, crowd):
    """A busy site (a making under way) answers a reader after a change with the page it replaces, at
    most BUSY_STALE_S old (older than STALE_S: the makings are one at a time), rather than have every
    reader wait for every commit's pages; older than that, the reader waits for the new page."""
    pages, version = Pages(delay_s=0.05), [1]
    app = PublicPageCache(pages, lambda: version[0])

    async def busy_site(age_s: float):
        await read(app)
        await asyncio.sleep(0.2)  # the next making may begin (MAKING_SHARE's pause)
        version[0] += 1
        clock.now += age_s
        other = asyncio.ensure_future(read(app, "/rounds"))  # another page being made: the site is busy
        await asyncio.sleep(0.001)
        answered = await read(app)
        await other
        await made_all(app)  # the ranking's own making, begun for that reader
        return answered, await read(app)

    for age_s in (0.5, STALE_S + 0.5, BUSY_STALE_S - 0.5):
        pages.made.clear()
        app = PublicPageCache(pages, lambda: version[0])
        answered, after = asyncio.run(busy_site(age_s=age_s))
        assert answered == b"page 1 of /ranking" and after.endswith(b" of /ranking") and after != answered, age_s
    pages.made.clear()
    app = PublicPageCache(pages, lambda: version[0])
    answered, _ = asyncio.run(busy_site(age_s=BUSY_STALE_S + 0.5))
    assert answered != b"page 1 of /ranking", "a page older than BUSY_STALE_S is not served: the reader waits"


def test_while_the_makers_pause_a_change_is_answered_with_the_page_before_it(clock, crowd):
    """The pause after a making (MAKING_SHARE) is the site busy too: a reader who started a making
    then would wait for the pause and for the page (all readers at once, a second at a time, in the
    rush), so it is answered the page before, and the next page is made after the pause."""
    pages, version = Pages(delay_s=0.1), [1]
    app = PublicPageCache(pages, lambda: version[0])

    async def in_the_pause():
        await read(app)
        await read(app, "/rounds")  # the first pages: no pause after them
        version[0] += 1
        assert await read(app) == b"page 3 of /ranking", "a reader alone after a change waits for its page"
        assert not app._making and app._semaphore().locked(), "made after a change: the makers pause"
        version[0] += 1
        began = asyncio.get_running_loop().time()
        answered = await read(app, "/rounds")
        waited_s = asyncio.get_running_loop().time() - began
        await made_all(app)
        return answered, waited_s, await read(app, "/rounds")

    answered, waited_s, after = asyncio.run(in_the_pause())
    assert answered == b"page 2 of /rounds" and waited_s < 0.03, (answered, waited_s)
    assert after == b"page 4 of /rounds", "its successor was made after the pause"


def test_a_reader_of_a_site_no_crowd_reads_waits_for_the_page_after_a_change_whatever_is_made(clock):
    """Fewer than CROWD readers a second: a reader after a change is never given the page before it,
    even while other pages are made or the makers pause (an organiser's change shows to the next
    anonymous reader at once)."""
    pages, version = Pages(delay_s=0.05), [1]
    app = PublicPageCache(pages, lambda: version[0])

    async def quiet_site():
        await read(app)
        await read(app, "/rounds")
        version[0] += 1
        other = asyncio.ensure_future(read(app, "/rounds"))  # being made: the site makes pages
        await asyncio.sleep(0.001)
        answered = await read(app)
        await other
        return answered

    assert public_page_cache.CROWD > 4
    assert asyncio.run(quiet_site()) != b"page 1 of /ranking"


def test_each_answer_says_how_long_ago_its_page_was_made(clock):
    """The Age header (RFC 9111): 0 for a page made for this reader, the whole seconds since it was made
    for one served a page made before; bench/competition_load.py reports them."""
    pages, version = Pages(), [1]
    app = PublicPageCache(pages, lambda: version[0])
    assert get(app)[1][b"age"] == b"0"
    clock.now += 1.5  # the same database: the page before answers while its successor is made
    status, headers, body = get(app)
    assert body == b"page 1 of /ranking" and headers[b"age"] == b"1"


async def made_all(app, timeout_s: float = 10.0) -> None:
    """Until no page is being made (the makings a reader was not made to wait for)."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    while app._making and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.01)
    assert not app._making, "a making never ended"


def test_pages_are_made_one_at_a_time_with_a_pause_between_while_the_database_changes(clock):
    """While commits come, makings take at most MAKING_SHARE of the time: the next begins after a
    pause of (1 / MAKING_SHARE - 1) times the last one's length, whichever page it is. The first
    pages, and pages made again for the clock alone, go on at once (a server starting, an idle one)."""
    began: list[float] = []
    version = [1]

    class Timed(Pages):
        async def __call__(self, scope, receive, send):
            began.append(asyncio.get_running_loop().time())
            await super().__call__(scope, receive, send)

    app = PublicPageCache(Timed(delay_s=0.04), lambda: version[0])
    paths = ("/ranking", "/rounds", "/games")

    async def three_pages():
        await asyncio.gather(*(read(app, path) for path in paths))  # the first pages
        first = list(began)
        version[0] += 1
        await asyncio.gather(*(read(app, path) for path in paths))  # after a commit
        await made_all(app)  # the makings begun for the readers answered with the pages before
        return first, began[len(first):]

    first, after_commit = asyncio.run(three_pages())
    gaps = [later - earlier for earlier, later in zip(after_commit, after_commit[1:])]
    assert len(first) == 3 and max(first) - min(first) < 2 * 0.04 / MAKING_SHARE - 0.01, "the first pages: no pause"
    assert len(after_commit) == 3 and all(gap >= 0.04 / MAKING_SHARE - 0.005 for gap in gaps), gaps
