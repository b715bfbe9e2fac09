"""Accounts and their sessions in the store: names, passwords, roles, accounts set aside, failed
logins, and the revocations that end sessions and tokens."""

from __future__ import annotations

import pytest

from arena.competition.store import account_rows
from arena.competition.store.database import CompetitionError, CompetitionStore


@pytest.fixture
def store(tmp_path):
    with CompetitionStore(tmp_path / "competition.db", must_exist=False) as made:
        made.create("flippo", "Accounts")
        yield made


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now


def test_accounts_are_added_found_and_named_once(store):
    alice = store.add_user("alice", "hash-a", "contestant")
    store.add_user("org", "hash-o", "organiser")
    with pytest.raises(CompetitionError, match="already an account named 'alice'"):
        store.add_user("alice", "other", "contestant")
    assert store.user(alice).name == "alice" and store.user_named("org").is_organiser
    assert [u.name for u in store.users()] == ["alice", "org"]
    store.set_role(alice, "organiser")
    assert store.user(alice).is_organiser and store.user(999) is None


def test_a_revocation_outlives_every_prune_until_its_own_end(store, monkeypatch):
    clock = Clock(1000.0)
    monkeypatch.setattr(account_rows, "time", clock)
    store.revoke_session("alice-token", until=5000.0)
    for moment, other in ((2000.0, "bob-1"), (4999.0, "bob-2"), (5000.0, "bob-3")):
        clock.now = moment
        store.revoke_session(other, until=moment + 10)  # another account's logout prunes what lapsed
        assert store.session_revoked("alice-token"), moment
    assert not store.session_revoked("bob-1")  # lapsed at 2010: pruned at 4999
    clock.now = 5000.5
    store.revoke_session("carol", until=9000.0)
    assert not store.session_revoked("alice-token")  # its token has expired anyway: forgotten


def test_revoking_again_never_shortens_a_revocation(store, monkeypatch):
    clock = Clock(1000.0)
    monkeypatch.setattr(account_rows, "time", clock)
    store.revoke_session("n", until=8000.0)
    store.revoke_session("n", until=3000.0)
    clock.now = 3001.0
    store.revoke_session("other", until=3002.0)
    assert store.session_revoked("n")


def test_a_new_password_or_disabling_ends_the_sessions_enabling_does_not_bring_them_back(store):
    alice = store.add_user("alice", "hash-a", "contestant")
    bob = store.add_user("bob", "hash-b", "contestant")
    store.set_password(alice, "hash-a2")
    assert (store.user(alice).password, store.user(alice).session_generation) == ("hash-a2", 1)
    store.set_disabled(alice, True)
    assert store.user(alice).disabled and store.user(alice).session_generation == 2
    store.set_disabled(alice, False)
    assert not store.user(alice).disabled and store.user(alice).session_generation == 2
    store.end_sessions(alice)
    assert store.user(alice).session_generation == 3 and store.user(bob).session_generation == 0


def test_failed_logins_are_counted_per_key_and_cleared(store):
    store.login_failed("name:a@address:x")
    store.login_failed("name:a@address:x")
    count, last = store.login_failures("name:a@address:x")
    assert count == 2 and last > 0
    store.login_succeeded("name:a@address:x")
    assert store.login_failures("name:a@address:x") == (0, 0.0)
