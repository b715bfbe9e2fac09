"""Issue 50: similar sources, for the organisers. Two contestants' latest sources in one language are
compared by winnowing: a copy with its names and comments changed is found; two programs grown from
the same starter bot are not flagged for the starter they share; the console shows the two sources
side by side, escaped."""

from __future__ import annotations

from arena.competition.passwords import hash_password
from arena.competition.similarity import fingerprints, score
from arena.toolkit.starter import template_source

from .conftest import Http
from .site_server import PASSWORD
from .api.test_api import admitted_submission

STARTER = template_source("domineering", "python")

GREEDY = '''
def choose_move(covered, values, me, my_ms):
    """The most valuable domino that leaves the opponent the least."""
    best, best_gain = None, -1
    for x in range(1, 9):
        for y in range(1, 9):
            if not fits(covered, me, x, y):
                continue
            dx, dy = DIRECTION[me]
            gain = values[x][y] + values[x + dx][y + dy]
            blocked = sum(1 for (a, b) in ((x - 1, y), (x, y - 1), (x + 1, y), (x, y + 1)) if 0 < a < 9 and 0 < b < 9)
            gain = gain * 10 + blocked
            if gain > best_gain:
                best, best_gain = (x, y), gain
    return best
'''

# the same strategy, its names, numbers and comments changed
RENAMED = '''
def choose_move(grid, worth, side, clock):
    # pick the richest domino: it also blocks them
    pick, top = None, -7
    for r in range(1, 9):
        for c in range(1, 9):
            if not fits(grid, side, r, c):
                continue
            dr, dc = DIRECTION[side]
            value = worth[r][c] + worth[r + dr][c + dc]
            walls = sum(1 for (p, q) in ((r - 1, c), (r, c - 1), (r + 1, c), (r, c + 1)) if 0 < p < 9 and 0 < q < 9)
            value = value * 100 + walls
            if value > top:
                pick, top = (r, c), value
    return pick
'''

# another strategy altogether
CORNERS = '''
def choose_move(covered, values, me, my_ms):
    order = sorted(((x, y) for x in range(1, 9) for y in range(1, 9)), key=lambda c: min(c[0], 9 - c[0], c[1], 9 - c[1]))
    while order:
        x, y = order.pop(0)
        if fits(covered, me, x, y) and values[x][y] >= 2:
            return x, y
    moves = [(x, y) for x in range(1, 9) for y in range(1, 9) if fits(covered, me, x, y)]
    return moves[len(moves) // 2] if moves else None
'''


def grown(strategy: str) -> str:
    """The starter with its random strategy replaced (the rest of it kept, as contestants do)."""
    start = STARTER.index("def choose_move")
    end = STARTER.index("def main")
    return STARTER[:start] + strategy.strip() + "\n\n\n" + STARTER[end:]


def test_a_renamed_copy_is_found_and_the_shared_starter_is_not_counted(competition, http):
    for name in ("carol", "dave"):
        competition.store.add_user(name, hash_password(PASSWORD), "contestant")
    sources = {"alice": grown(GREEDY), "bob": grown(RENAMED), "carol": grown(CORNERS),
               "dave": grown(CORNERS).replace("import random", "import random  # <script>alert(1)</script>")}
    ids = {name: admitted_submission(http(name), source.encode(), "bot.py") for name, source in sources.items()}
    admitted_submission(http("dave"), b"int main(void) { return 0; }\n", "bot.c")  # dave's latest: C, alone
    pairs = http("org").get("/api/organiser/similarity").json()["pairs"]
    by_names = {tuple(p["names"]): p for p in pairs}
    assert set(by_names) == {("alice", "bob"), ("alice", "carol"), ("bob", "carol")}  # one language each pair
    assert by_names[("alice", "bob")]["score"] >= 0.8
    assert by_names[("alice", "carol")]["score"] <= 0.2 and by_names[("bob", "carol")]["score"] <= 0.2
    assert pairs[0]["names"] == ["alice", "bob"] and (pairs[0]["a"], pairs[0]["b"]) == (ids["alice"], ids["bob"])
    assert http("alice").get("/api/organiser/similarity").status == 403

    console = Http(competition.url).page_login("org")
    page = console.get("/organiser").text
    assert f'href="/organiser/similarity/{ids["alice"]}/{ids["bob"]}"' in page
    side = console.get(f"/organiser/similarity/{ids['carol']}/{ids['dave']}")
    assert side.status == 200 and 'id="source0"' in side.text and 'id="source1"' in side.text
    assert "# &lt;script&gt;alert(1)&lt;/script&gt;" in side.text and "<script>alert(1)" not in side.text
    assert Http(competition.url).page_login("alice").get(f"/organiser/similarity/{ids['alice']}/{ids['bob']}").status == 403


def test_the_starter_alone_is_discounted_to_nothing():
    starter = fingerprints(STARTER, "python")
    mine, theirs = fingerprints(grown(GREEDY), "python") - starter, fingerprints(grown(CORNERS), "python") - starter
    assert score(fingerprints(STARTER, "python") - starter, mine) == 0.0
    assert score(fingerprints(grown(GREEDY), "python"), fingerprints(grown(CORNERS), "python")) > 0.5  # undiscounted
    assert score(mine, theirs) <= 0.2
    assert score(mine, fingerprints(grown(RENAMED), "python") - starter) >= 0.8


def test_side_by_side_escapes_the_sources(competition, http):
    hostile = admitted_submission(http("alice"), b"print('</pre><script>alert(1)</script>')\n", "bot.py")
    other = admitted_submission(http("bob"), b"print('hello')\n", "bot.py")
    page = Http(competition.url).page_login("org").get(f"/organiser/similarity/{hostile}/{other}").text
    assert "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page


def test_identical_sources_are_named_identical_the_unchanged_starter_included(competition, http):
    """Issue 58: two accounts upload the unchanged starter, a third a byte copy of the first's: every
    pair is identical (score 1.0), each side labelled the starter unchanged."""
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    ids = {name: admitted_submission(http(name), STARTER.encode(), "bot.py") for name in ("alice", "bob", "carol")}
    pairs = http("org").get("/api/organiser/similarity").json()["pairs"]
    assert {tuple(p["names"]) for p in pairs} == {("alice", "bob"), ("alice", "carol"), ("bob", "carol")}
    for pair in pairs:
        assert pair["score"] == 1.0 and pair["identical"] is True and pair["starter"] == [True, True]
    console = Http(competition.url).page_login("org")
    page = console.get("/organiser").text
    assert page.count('<b class="identical">identical</b>') == 3 and "(the starter, unchanged)" in page
    side = console.get(f"/organiser/similarity/{ids['alice']}/{ids['bob']}").text
    assert 'id="pair-score"' in side and "<b>identical</b>" in side and "the starter, unchanged" in side


def test_a_byte_copy_and_a_renamed_copy_of_grown_code_are_identical_and_a_rewrite_is_not(competition, http):
    for name in ("carol", "dave"):
        competition.store.add_user(name, hash_password(PASSWORD), "contestant")
    renamed = (grown(GREEDY).replace("best_gain", "top_score").replace("best", "pick")
               .replace("    return pick", "    # found it\n    return pick"))
    sources = {"alice": grown(GREEDY), "bob": grown(GREEDY), "carol": renamed, "dave": grown(RENAMED)}
    for name, source in sources.items():
        admitted_submission(http(name), source.encode(), "bot.py")
    by_names = {tuple(p["names"]): p for p in http("org").get("/api/organiser/similarity").json()["pairs"]}
    for copy in (("alice", "bob"), ("alice", "carol"), ("bob", "carol")):
        assert by_names[copy]["identical"] is True and by_names[copy]["score"] == 1.0, copy
        assert by_names[copy]["starter"] == [False, False]
    # the same strategy rewritten (a docstring dropped): alike, not identical
    assert by_names[("alice", "dave")]["identical"] is False and 0.8 <= by_names[("alice", "dave")]["score"] < 1.0


def test_side_by_side_highlights_the_shared_passages_and_fits_1280_pixels(competition, http):
    ids = [admitted_submission(http("alice"), grown(GREEDY).encode(), "bot.py"),
           admitted_submission(http("bob"), grown(RENAMED).encode(), "bot.py")]
    page = Http(competition.url).page_login("org").get(f"/organiser/similarity/{ids[0]}/{ids[1]}").text
    assert page.count('<mark class="shared">') >= 2 and '<mark class="starter">' in page
    shared = page[page.index('id="source0"'):].split('<mark class="shared">', 1)[1].split("</mark>", 1)[0]
    assert "for" in shared and "range" in shared  # a passage of the strategy, not of the starter
    css = http().get("/static/site/site.css").text
    assert "grid-template-columns: minmax(0, 1fr) minmax(0, 1fr)" in css  # the columns never outgrow the page


def test_shared_passages_keep_every_character_of_both_sources():
    from arena.competition.similarity import shared_passages

    first, second = grown(GREEDY), grown(RENAMED)
    pieces = shared_passages(first, second, "python", STARTER)
    assert "".join(text for text, _ in pieces[0]) == first and "".join(text for text, _ in pieces[1]) == second
    assert {kind for _, kind in pieces[0]} == {"", "shared", "starter"}


def _archive(source: str) -> bytes:
    import io
    import tarfile

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        member = tarfile.TarInfo("bot.py")
        member.size, member.mtime = len(source.encode()), 1_700_000_000
        archive.addfile(member, io.BytesIO(source.encode()))
    return buffer.getvalue()


def test_byte_identical_archives_are_identical(competition, http):
    """Issue 58: byte-identical uploads are copies, archives too (their insides are not read on the
    server: only their bytes are compared); a different archive is not paired with them."""
    competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
    same = _archive(grown(GREEDY))
    ids = [admitted_submission(http(name), same, "bot.tar.gz") for name in ("alice", "bob")]
    admitted_submission(http("carol"), _archive(grown(RENAMED)), "bot.tar.gz")
    pairs = http("org").get("/api/organiser/similarity").json()["pairs"]
    assert [(p["a"], p["b"], p["names"], p["score"], p["identical"], p["starter"]) for p in pairs] == [
        (ids[0], ids[1], ["alice", "bob"], 1.0, True, [False, False])]
