"""Issue 57: the site stays fast in a deadline's rush. A page never waits for the conductor's writes
(each web thread reads through a connection of its own), and what every page asked again and again
(the release's version, the languages' descriptions) is asked once, or once in a while."""

from __future__ import annotations

import threading
import time

from arena.competition.build import languages
from arena.competition.site import language_choice
from arena.web_common import release


def test_a_page_is_served_while_the_conductors_store_is_busy(competition, http):
    """The conductor's store held (as during a long write and its fsync): the pages answer anyway.
    Before, every page's query waited for that one lock. (The home page still asks the conductor
    for its build queue, which reads the conductor's store.)"""
    held, done = threading.Event(), threading.Event()

    def hold():
        with competition.store._lock:
            held.set()
            done.wait(20)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        held.wait(5)
        began = time.monotonic()
        for page in ("/ranking", "/rounds", "/games", "/rules", "/api/rounds", "/api/ranking", "/api/games"):
            assert http().get(page).status == 200, page
        assert time.monotonic() - began < 10
        assert holder.is_alive()  # still held: the pages did not wait for it
    finally:
        done.set()
        holder.join()


def test_a_write_by_the_conductor_shows_on_the_next_page(competition, http):
    """The pages' own connections see what the conductor's committed, at once."""
    assert "newcomer" not in http().get("/api/ranking").text
    competition.store.add_user("newcomer", "x", "contestant")
    assert "newcomer" in http("org").get("/api/organiser/users").text


def test_the_release_version_is_asked_once(monkeypatch):
    asked = []

    def version(name):
        asked.append(name)
        return "9.9.9"

    release.version.cache_clear()
    monkeypatch.setattr(release.metadata, "version", version)
    try:
        assert release.release().startswith("9.9.9") and release.release().startswith("9.9.9")
        assert asked == ["arena"]
    finally:
        release.version.cache_clear()


def test_the_languages_are_described_once_in_a_while(competition, http, monkeypatch):
    """Two home pages read the languages table once; a change of the table shows at once (to a visitor
    with a session: an anonymous one may be shown the page of this second, public_page_cache.py)."""
    reader = http()
    reader.get("/login")  # a session: its pages are made for it
    reader.get("/")
    loads = []
    real_load = languages.load_table

    def counted(path):
        loads.append(path)
        return real_load(path)

    monkeypatch.setattr(languages, "load_table", counted)
    monkeypatch.setattr(language_choice, "DESCRIBED_KEPT_S", 60.0)
    language_choice._described.clear()
    reader.get("/")
    reader.get("/")
    assert len(loads) == 1

    table = competition.folder.languages.read_text()
    competition.folder.languages.write_text(table.replace('"title": "Python 3"', '"title": "Python Three"'))
    assert "Python Three" in reader.get("/").text
    assert len(loads) == 2
