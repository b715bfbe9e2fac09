"""Today's schema (schema.py), which a new database gets, is the schema every older database has
once migrated: the committed release-1 database, after every frozen migration, has the same tables,
columns, constraints and indexes, table by table; and the migrations stay frozen."""

from __future__ import annotations

import hashlib
import re
import shutil
import sqlite3
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from arena.competition.store import migrations
from arena.competition.store.database import CompetitionStore
from arena.competition.store.migrations import FROZEN, LATEST, statements_of
from arena.competition.store.schema import SCHEMA, SUBMISSION_STATUSES

HERE = Path(__file__).parent
RELEASE_1 = HERE / "release_1_competition.db"
PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"

RELEASED = {
    "0001_first_release.sql": "771af919abbfa58697149efb0eb1861da3a0b5bd854eabd0de3546835a2bd406",
    "0002_session_generation.sql": "1a15732cad24e2dfded6fd8f8c310ee446ec1bee9423c0678436b871aa051f03",
    "0003_voided_games.sql": "3485a43b35d948d82d4663d300c000fc37eb1a22913010f33cb3e0259313119a",
    "0004_clarifications.sql": "8c228e69e55bc6a4e5daf5a2d54f5448bb99a5fc0f224ff2ee1dc6ac3a09cca9",
    "0005_disqualified_accounts.sql": "31380983a6d7c2d2dbe67b69f2ae8da26cc7077aba677cdd49e0c1dc6eaf06f1",
}
"""Each released migration's SHA-256: released, it is history that databases were made by."""


def without_comments(sql: str | None) -> str | None:
    """A CREATE statement as SQLite keeps it, less what does not change the schema: its comments
    and spacing (``ALTER TABLE ... ADD COLUMN`` appends its column as ``\\n, name ...``)."""
    if sql is None:  # an index SQLite made for a UNIQUE or PRIMARY KEY constraint has no statement
        return None
    sql = re.sub(r"--[^\n]*", "", sql)
    sql = re.sub(r"\s+", " ", sql)
    return re.sub(r" ?([(),]) ?", r"\1", sql).strip()


def schema_of(path: Path) -> dict[str, dict]:
    """Every table and index of the database at ``path``, by kind and name, as SQLite reports it:
    a table's columns in order (name, type, NOT NULL, default, place in the primary key), its
    foreign keys and its statement (where its CHECK constraints are); an index's table, columns,
    uniqueness, origin (a UNIQUE constraint, a primary key, CREATE INDEX) and condition."""
    found: dict[str, dict] = {}
    with sqlite3.connect(path) as db:
        tables = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall()
        for table, sql in tables:
            found[f"table {table}"] = {"columns": db.execute(f"PRAGMA table_xinfo({table})").fetchall(),
                                       "foreign keys": db.execute(f"PRAGMA foreign_key_list({table})").fetchall(),
                                       "statement": without_comments(sql)}
            for _, index, unique, origin, partial in db.execute(f"PRAGMA index_list({table})").fetchall():
                statement = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (index,)).fetchone()[0]
                found[f"index {index}"] = {"table": table, "unique": unique, "origin": origin, "partial": partial,
                                           "columns": db.execute(f"PRAGMA index_xinfo({index})").fetchall(),
                                           "statement": without_comments(statement)}
    db.close()
    return found


def new_database(path: Path) -> Path:
    CompetitionStore(path, must_exist=False).close()
    return path


@pytest.fixture(scope="module")
def migrated_release_1(tmp_path_factory) -> dict[str, dict]:
    """The schema of a copy of the committed release-1 database, once this arena has migrated it."""
    copy = tmp_path_factory.mktemp("release-1") / "competition.db"
    shutil.copyfile(RELEASE_1, copy)
    with CompetitionStore(copy) as store:
        assert store.migrated_from == 1  # every migration ran, not today's schema
    return schema_of(copy)


def test_a_new_database_has_the_schema_the_release_1_database_has_once_migrated(tmp_path, migrated_release_1):
    new = schema_of(new_database(tmp_path / "new.db"))
    assert sorted(new) == sorted(migrated_release_1), "the tables and indexes differ"
    for name in sorted(new):
        assert new[name] == migrated_release_1[name], f"{name} differs (schema.py against the migrations)"


def test_the_comparison_sees_a_changed_column_constraint_or_index(tmp_path, migrated_release_1):
    """The test above would pass if schema_of saw nothing: here schema.py is wrong three ways."""
    changes = {"table users": ("session_generation INTEGER NOT NULL DEFAULT 0", "session_generation INTEGER"),
               "table submissions": ("'admitted'", "'admitted', 'withdrawn'"),
               "index clarifications_of_user": ("(user_id, created)", "(created, user_id)")}
    for name, (right, wrong) in changes.items():
        assert right in SCHEMA
        with sqlite3.connect(tmp_path / f"{name}.db") as db:
            for statement in statements_of(SCHEMA.replace(right, wrong)):
                db.execute(statement)
        db.close()
        different = schema_of(tmp_path / f"{name}.db")
        assert [key for key in sorted(different) if different[key] != migrated_release_1.get(key)] == [name]


def test_the_submission_statuses_are_the_ones_the_database_takes(tmp_path):
    path = new_database(tmp_path / "new.db")
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO users (name, role, created) VALUES ('alice', 'contestant', 0)")
        for status in SUBMISSION_STATUSES:
            db.execute("INSERT INTO submissions (user_id, created, language, filename, status)"
                       " VALUES (1, 0, 'python', 'bot.py', ?)", (status,))
        with pytest.raises(sqlite3.IntegrityError):
            db.execute("INSERT INTO submissions (user_id, created, language, filename, status)"
                       " VALUES (1, 0, 'python', 'bot.py', 'withdrawn')")
    db.close()


def test_a_new_database_is_made_from_todays_schema_not_by_the_migrations(tmp_path, monkeypatch):
    """Were a new database made by running the migrations, the comparison above would compare
    the migrations with themselves."""
    monkeypatch.setattr(migrations, "MIGRATIONS", ())
    with CompetitionStore(tmp_path / "new.db", must_exist=False) as store:
        store.create("flippo", "New")
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert store.disqualifications() == {}  # migration 5's table, from schema.py


def test_the_released_migrations_are_never_edited():
    files = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(FROZEN.glob("*.sql"))}
    for name, digest in RELEASED.items():
        assert files.get(name) == digest, (
            f"{name} was released: never edit it; a change of the schema is a new migration (and schema.py's)")
    assert sorted(files) == sorted(RELEASED), "pin each new migration's digest in RELEASED"


def test_every_migration_file_ships_with_the_package():
    """An installed arena (not an editable one) must carry the migrations' files."""
    package_data = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]["package-data"]
    patterns = package_data["arena.competition.store"]
    files = [path.relative_to(FROZEN.parent).as_posix() for path in FROZEN.glob("*.sql")]
    assert len(files) == LATEST and all(any(fnmatch(file, pattern) for pattern in patterns) for file in files)
