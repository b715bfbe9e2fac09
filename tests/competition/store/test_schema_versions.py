"""The schema's versions: a new database is made at the latest, an older one is copied aside and
migrated in one transaction, a newer one is refused naming both versions."""

from __future__ import annotations

import sqlite3

import pytest

from arena.competition.store import migrations
from arena.competition.store.database import CompetitionError, CompetitionStore
from arena.competition.store.migrations import LATEST, MIGRATIONS, Migration


def version_1_database(path) -> None:
    """A database as the release before versions made it: version 1's tables, user_version 0."""
    with sqlite3.connect(path) as db:
        for statement in MIGRATIONS[0].statements:  # the release's own schema, frozen
            db.execute(statement)
        db.execute("INSERT INTO competition (id, game, title, created, secret) VALUES (1, 'flippo', 'Old', 0, 's')")
        db.execute("INSERT INTO users (name, password, role, created) VALUES ('alice', NULL, 'contestant', 0)")
    db.close()


def user_version(path) -> int:
    with sqlite3.connect(path) as db:
        found = db.execute("PRAGMA user_version").fetchone()[0]
    db.close()
    return found


def test_the_migrations_are_numbered_one_after_another():
    assert [m.number for m in MIGRATIONS] == list(range(1, LATEST + 1)) and LATEST >= 2


def test_a_new_database_is_made_at_the_latest_version(tmp_path):
    with CompetitionStore(tmp_path / "competition.db", must_exist=False) as store:
        store.create("flippo", "New")
        assert store.migrated_from is None
        assert store.user_named("nobody") is None
    assert user_version(tmp_path / "competition.db") == LATEST
    assert not list(tmp_path.glob("*.before-*"))
    with CompetitionStore(tmp_path / "competition.db") as store:  # opened again: nothing to do
        assert store.migrated_from is None


def test_a_version_1_database_is_copied_aside_then_migrated(tmp_path):
    path = tmp_path / "competition.db"
    version_1_database(path)
    with CompetitionStore(path) as store:
        assert store.migrated_from == 1
        alice = store.user_named("alice")
        assert alice.session_generation == 0  # migration 2's column, at its default
        store.end_sessions(alice.id)
        assert store.user(alice.id).session_generation == 1
    assert user_version(path) == LATEST
    kept = tmp_path / f"competition.db.before-v{LATEST}"
    assert user_version(kept) == 0
    with sqlite3.connect(kept) as db:
        assert "session_generation" not in {row[1] for row in db.execute("PRAGMA table_info(users)")}
    db.close()


def test_a_database_of_a_later_version_is_refused_naming_both(tmp_path):
    path = tmp_path / "competition.db"
    CompetitionStore(path, must_exist=False).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db.close()
    with pytest.raises(CompetitionError) as refused:
        CompetitionStore(path)
    assert f"version {LATEST + 1}" in str(refused.value) and f"up to {LATEST}" in str(refused.value)


def test_a_migration_that_fails_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "competition.db"
    version_1_database(path)
    broken = Migration(LATEST + 1, "a broken one", ("ALTER TABLE users ADD COLUMN doomed INTEGER", "NOT SQL AT ALL"))
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, broken))
    monkeypatch.setattr(migrations, "LATEST", LATEST + 1)
    with pytest.raises(sqlite3.OperationalError):
        CompetitionStore(path)
    assert user_version(path) == 0
    with sqlite3.connect(path) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(users)")}
    db.close()
    assert "doomed" not in columns and "session_generation" not in columns  # migration 2 undone with it
    assert (tmp_path / f"competition.db.before-v{LATEST + 1}").is_file()


def test_the_commands_refuse_a_database_of_a_later_version_in_one_line(tmp_path):
    from click.testing import CliRunner

    from arena.cli.command_group import cli

    folder = tmp_path / "c"
    assert CliRunner().invoke(cli, ["competition", "init", str(folder), "--game", "flippo"]).exit_code == 0
    assert user_version(folder / "competition.db") == LATEST
    with sqlite3.connect(folder / "competition.db") as db:
        db.execute(f"PRAGMA user_version = {LATEST + 5}")
    db.close()
    result = CliRunner().invoke(cli, ["competition", "user", str(folder), "bob", "--organiser"], input="pw\npw\n")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert f"schema version {LATEST + 5}" in result.output and f"up to {LATEST}" in result.output


def test_a_version_4_database_gains_disqualifications_and_keeps_its_accounts(tmp_path):
    """Issue 58's migration 5: a database of the release before it (version 4) is copied aside and
    migrated; its accounts stay, and an account can be disqualified and reinstated."""
    path = tmp_path / "competition.db"
    version_1_database(path)
    with sqlite3.connect(path) as db:
        for migration in MIGRATIONS[1:4]:
            for statement in migration.statements:
                db.execute(statement)
        db.execute("PRAGMA user_version = 4")
    db.close()
    assert MIGRATIONS[4].number == 5 and "disqualified" in MIGRATIONS[4].says
    with CompetitionStore(path) as store:
        assert store.migrated_from == 4
        alice = store.user_named("alice")
        assert alice is not None and store.disqualifications() == {}
        store.set_disqualified(alice.id, "copied")
        assert store.disqualifications()["alice"].reason == "copied" and store.disqualified_names() == {"alice"}
        store.set_disqualified(alice.id, None)
        assert store.disqualifications() == {}
    kept = tmp_path / f"competition.db.before-v{LATEST}"
    assert user_version(kept) == 4
    with sqlite3.connect(kept) as db:
        assert db.execute("SELECT 1 FROM sqlite_master WHERE name = 'disqualified_accounts'").fetchone() is None
    db.close()
