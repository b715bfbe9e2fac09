"""Announcements: added, listed newest first, removed."""

from __future__ import annotations

from arena.competition.store.database import CompetitionStore


def test_announcements_are_listed_newest_first_and_removed_once(tmp_path):
    with CompetitionStore(tmp_path / "c.db", must_exist=False) as store:
        store.create("flippo", "Club")
        org = store.add_user("org", None, "organiser")
        first = store.add_announcement("first <b>", org)
        second = store.add_announcement("second", None)
        assert [(a.id, a.text) for a in store.announcements()] == [(second, "second"), (first, "first <b>")]
        assert store.remove_announcement(first) and not store.remove_announcement(first)
        assert [a.id for a in store.announcements()] == [second]
