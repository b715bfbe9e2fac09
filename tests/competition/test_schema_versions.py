"""The competition database's schema versions (store/migrations.py): made at the latest version,
an older database migrated after a copy aside, a newer one refused, a failed migration undone."""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from arena.commands import cli as main
from arena.competition.store import migrations
from arena.competition.store.database import CompetitionError, CompetitionStore
from arena.competition.store.migrations import LATEST, Migration


def _version(path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("PRAGMA user_version").fetchone()[0]


def test_a_new_competition_records_the_latest_schema_version(tmp_path):
    result = CliRunner().invoke(main, ["competition", "init", str(tmp_path / "c"), "--game", "flippo"])
    assert result.exit_code == 0, result.output
    assert _version(tmp_path / "c" / "competition.db") == LATEST >= 1


def test_a_database_made_before_versions_counts_as_version_1(tmp_path):
    path = tmp_path / "competition.db"
    with CompetitionStore(path, must_exist=False) as store:
        store.create("flippo", "old")
        store.add_user("alice", None, "builtin")
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 0")  # as the release before versions left it
    with CompetitionStore(path) as store:
        assert store.user_named("alice") is not None
    assert _version(path) == LATEST


def test_an_older_database_is_copied_aside_then_migrated_in_one_transaction(tmp_path, monkeypatch):
    path = tmp_path / "competition.db"
    with CompetitionStore(path, must_exist=False) as store:
        store.create("flippo", "old")
        store.add_user("alice", None, "builtin")
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 1")
    later = (*migrations.MIGRATIONS[:1],
             Migration(2, "a note on each user", ("ALTER TABLE users ADD COLUMN note TEXT DEFAULT 'none'",)))
    monkeypatch.setattr(migrations, "MIGRATIONS", later)
    monkeypatch.setattr(migrations, "LATEST", 2)
    with CompetitionStore(path) as store:
        assert store.migrated_from == 1
        assert store.db.execute("SELECT note FROM users WHERE name = 'alice'").fetchone() == ("none",)
    assert _version(path) == 2
    copy = tmp_path / "competition.db.before-v2"
    assert _version(copy) == 1
    with sqlite3.connect(copy) as db:  # the copy is the database as it was
        assert "note" not in [row[1] for row in db.execute("PRAGMA table_info(users)")]
        assert db.execute("SELECT name FROM users").fetchall() == [("alice",)]


def test_a_migration_that_fails_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "competition.db"
    with CompetitionStore(path, must_exist=False) as store:
        store.create("flippo", "old")
    broken = (*migrations.MIGRATIONS[:1],
              Migration(2, "half a change", ("ALTER TABLE users ADD COLUMN note TEXT", "NOT SQL AT ALL")))
    monkeypatch.setattr(migrations, "MIGRATIONS", broken)
    monkeypatch.setattr(migrations, "LATEST", 2)
    with pytest.raises(sqlite3.OperationalError):
        CompetitionStore(path)
    assert _version(path) == 1
    with sqlite3.connect(path) as db:
        assert "note" not in [row[1] for row in db.execute("PRAGMA table_info(users)")]


def test_a_database_of_a_newer_arena_is_refused_naming_both_versions(tmp_path):
    folder = tmp_path / "c"
    assert CliRunner().invoke(main, ["competition", "init", str(folder), "--game", "flippo"]).exit_code == 0
    with sqlite3.connect(folder / "competition.db") as db:
        db.execute(f"PRAGMA user_version = {LATEST + 5}")
    with pytest.raises(CompetitionError, match=f"version {LATEST + 5}.*up to {LATEST}"):
        CompetitionStore(folder / "competition.db")
    result = CliRunner().invoke(main, ["competition", "user", str(folder), "bob", "--organiser"], input="pw\npw\n")
    assert result.exit_code != 0
    assert f"schema version {LATEST + 5}" in result.output and "Traceback" not in result.output
