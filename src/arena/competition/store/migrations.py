"""The competition database's schema versions, and the migrations from one to the next.

A competition runs for weeks, across upgrades of arena: a release that changes a table must
still open every competition folder made before it. So the database records its schema
version (SQLite's ``PRAGMA user_version``) and every change of the schema after version 1
is a numbered migration below, never an edit of an earlier one.

Opening a database of an earlier version (:func:`bring_up_to_date`) first copies it aside,
consistently (SQLite's online backup), as ``competition.db.before-vN``, then runs every later
migration and sets the new version in one transaction: a migration that fails leaves the
database as it was. A database of a later version than this arena knows is refused, naming
both versions. A database made before versions existed (``user_version`` 0 with tables in it)
is version 1: version 1 *is* that release's schema.

To change the schema: append a :class:`Migration` with the next number, whose statements turn
the previous version into the new one (``ALTER TABLE ... ADD COLUMN``, a new table, a copy into
a rebuilt table), and add a test that opens a database of the previous version
(tests/competition/store/ keeps one made by the release of version 1).
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .rows import CompetitionError
from .schema import SCHEMA
from .clarification_rows import CLARIFICATIONS
from .void_rows import VOIDED_GAMES
from .disqualification_rows import DISQUALIFIED_ACCOUNTS

_log = logging.getLogger("arena.competition")


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


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "the schema of the first release with versions", statements_of(SCHEMA)),
    Migration(2, "accounts count the times all their sessions and tokens were ended (a password changed, "
                 "the account disabled)",
              ("ALTER TABLE users ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0",)),
    Migration(3, "voided games and their replays (void_rows.py)", statements_of(VOIDED_GAMES)),
    Migration(4, "clarifications: contestants' questions and their answers (clarification_rows.py)",
              statements_of(CLARIFICATIONS)),
    Migration(5, "disqualified accounts: out of every ranking, their games kept (disqualification_rows.py)",
              statements_of(DISQUALIFIED_ACCOUNTS)),
)
"""Every version's migration, in order: ``MIGRATIONS[n - 1].number == n``."""

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
        found = version_of(db)  # another process may have migrated it meanwhile
        for migration in MIGRATIONS[found:]:
            for statement in migration.statements:
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
