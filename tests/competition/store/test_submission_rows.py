"""Submissions: added, built and admitted, listed; the entrants are each account's newest admitted
submission, benched ones and those of accounts set aside left out."""

from __future__ import annotations

import pytest

from arena.competition.store.database import CompetitionStore


@pytest.fixture
def store(tmp_path):
    with CompetitionStore(tmp_path / "c.db", must_exist=False) as made:
        made.create("flippo", "Club")
        yield made


def test_a_submission_goes_from_building_to_admitted(store):
    alice = store.add_user("alice", None, "contestant")
    sub = store.add_submission(alice, "python", "bot.py")
    assert store.submission(sub).status == "building" and store.unfinished_submissions()[0].id == sub
    store.update_submission(sub, status="admitted", build_log="ok", admission="clean", command="python3 bot.py")
    found = store.submission(sub)
    assert (found.status, found.build_log, found.admission, found.command, found.user_name) == (
        "admitted", "ok", "clean", "python3 bot.py", "alice")
    assert store.unfinished_submissions() == [] and store.submission(999) is None
    with pytest.raises(ValueError, match="no submission status"):
        store.update_submission(sub, status="won")
    with pytest.raises(ValueError, match="cannot change"):
        store.update_submission(sub, user_id=2)


def test_the_entrants_are_the_newest_admitted_not_benched_not_set_aside(store):
    alice, bob, carol = (store.add_user(n, None, "contestant") for n in ("alice", "bob", "carol"))
    old = store.add_submission(alice, "python", "a.py", status="admitted")
    new = store.add_submission(alice, "python", "a.py", status="admitted")
    store.add_submission(alice, "python", "a.py", status="build-failed")  # newer, but not admitted
    benched = store.add_submission(bob, "c", "b.c", status="admitted")
    store.update_submission(benched, benched=True)
    gone = store.add_submission(carol, "c", "c.c", status="admitted")
    assert [s.id for s in store.entrants()] == [new, gone]
    store.set_disabled(carol, True)
    assert [s.id for s in store.entrants()] == [new] and store.disabled_submissions() == {gone}
    assert [s.id for s in store.submissions(user_id=alice, status=("admitted",))] == [new, old]
    assert store.submission_names([old, gone, 999]) == {old: "alice", gone: "carol"} and store.submission_names([]) == {}
