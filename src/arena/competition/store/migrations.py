"""The competition database's schema versions, and the migrations from one to the next.

A competition runs for weeks, across upgrades of arena: a release that changes a table must
still open every competition folder made before it. So the database records its schema
version (SQLite's ``PRAGMA user_version``) and every change of the schema after version 1
is a numbered migration, never an edit of an earlier one.

The migrations are history, frozen: migration N is the file ``frozen_migrations/NNNN_*.sql``,
whose first line (a comment) says what it changes and whose statements turn version N - 1 into
N, exactly as the release that made version N ran them. Nothing imports them but this module,
and tests/competition/store/test_schema_today.py pins each file's digest. Today's schema, whole,
is schema.py's: a new database gets it at once, at the latest version.

Opening a database of an earlier version (:func:`bring_up_to_date`) first copies it aside,
consistently (SQLite's online backup), as ``competition.db.before-vN``, then runs every later
migration and sets the new version in one transaction: a migration that fails leaves the
database as it was. A database of a later version than this arena knows is refused, naming
both versions. A database made before versions existed (``user_version`` 0 with tables in it)
is version 1: version 1 *is* that release's schema.

To change the schema: add the file of the next migration, whose statements turn the previous
version into the new one (``ALTER TABLE ... ADD COLUMN``, a new table, a copy into a rebuilt
table); make the same change in schema.py; and add a test that opens a database of the previous
version (tests/competition/store/ keeps one made by the release of version 1).
"""

from __future__ import annotations

import logging
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .rows import CompetitionError
from .schema import SCHEMA

_log = logging.getLogger("arena.competition")


FROZEN = Path(__file__).parent / "frozen_migrations"
"""Every migration's file: ``NNNN_what.sql``, NNNN the schema version it makes."""


@dataclass(frozen=True)
class Migration:
    number: int
    """The schema version it makes."""
    says: str
    """What it changes, in a few words (said when it runs)."""
    statements: tuple[str, ...]
    """The SQL that turns version ``number - 1`` into ``number``, one statement each."""


def statements_of(script: str) -> tuple[str, ...]:
    """A script's statements one by one (``executescript`` would commit the migration's transaction)."""
    found, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"an incomplete SQL statement: {pending.strip()[:60]!r}")
    return tuple(found)


def frozen_migration(path: Path) -> Migration:
    """The migration a file of frozen_migrations/ holds: its number from its name, what it says
    from its first line (``-- what it changes``), its statements from the rest."""
    named = re.fullmatch(r"(\d{4})_\w+\.sql", path.name)
    says, _, script = path.read_text().partition("\n")
    if named is None or not says.startswith("-- "):
        raise ValueError(f"{path.name} is no migration: NNNN_what.sql, its first line '-- what it changes'")
    return Migration(int(named.group(1)), says.removeprefix("-- "), statements_of(script))


MIGRATIONS: tuple[Migration, ...] = tuple(frozen_migration(path) for path in sorted(FROZEN.glob("*.sql")))
"""Every version's migration, in order: ``MIGRATIONS[n - 1].number == n`` (tested)."""

LATEST = MIGRATIONS[-1].number


def version_of(db: sqlite3.Connection) -> int:
    """The database's schema version: ``user_version``, or 1 for a database made before versions."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == 0 and db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'competition'"
                                   ).fetchone() is not None:
        return 1
    return version


def bring_up_to_date(db: sqlite3.Connection, path: str) -> int | None:
    """Migrate the database at ``path`` (open as ``db``, autocommit) to LATEST; the version it
    had if it was migrated, None if it was new or up to date. Raises CompetitionError for a
    database of a later version."""
    found = version_of(db)
    if found > LATEST:
        raise CompetitionError(f"{path} holds a competition of schema version {found}, made by a newer arena; "
                               f"this arena knows versions up to {LATEST}: upgrade arena to open it")
    if found == LATEST and db.execute("PRAGMA user_version").fetchone()[0] == LATEST:
        return None
    copy = None
    if found > 0 and found < LATEST and path != ":memory:":
        copy = f"{path}.before-v{LATEST}"
        _copy_aside(db, copy)
    db.execute("BEGIN IMMEDIATE")
    try:
        found = version_of(db)  # another process may have made or migrated it meanwhile
        # a new database gets today's schema at once; an older one each migration it lacks
        statements = statements_of(SCHEMA) if found == 0 else [s for m in MIGRATIONS[found:] for s in m.statements]
        for statement in statements:
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {LATEST}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    if copy is None:
        return None
    steps = "; ".join(f"{m.number}: {m.says}" for m in MIGRATIONS[found:])
    _log.warning("arena: %s was migrated from schema version %d to %d (%s); the database as it was is kept "
                 "in %s", path, found, LATEST, steps, copy)
    return found


def _copy_aside(db: sqlite3.Connection, copy: str) -> None:
    """A consistent copy of the live database (SQLite's online backup), never over an older copy."""
    target = Path(copy)
    if target.exists():
        return  # a copy from a migration that did not finish: the older state is the one to keep
    partial = target.with_name(target.name + ".partial")
    backup = sqlite3.connect(str(partial))
    try:
        db.backup(backup)
    finally:
        backup.close()
    partial.replace(target)
