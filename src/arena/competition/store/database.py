"""A competition's database: accounts, submissions, rounds and games, in one SQLite file (WAL).

:class:`CompetitionStore` is the connection, and the rows of each concern come from a module of
their own, combined here: competition_settings.py (the competition's row), account_rows.py
(accounts, logins, ended sessions), submission_rows.py (submissions and builds), round_rows.py
(rounds, games, analyses), announcement_rows.py, void_rows.py (voided games and their replays),
clarification_rows.py (contestants' questions and their answers), disqualification_rows.py
(entrants taken out of the competition). Each reads and writes through
this class's ``_all``, ``_one``, ``_write`` and ``_write_all`` (void_rows.py also holds the lock for
a transaction that reads before it writes).

Every write is one transaction, committed before the caller goes on, so a server killed at
any moment finds on restart exactly what was done: submissions still ``building`` or
``checking`` are built again, games without a record are played again, and a game is saved
only once (its row is written when its round is made, its record only where none is yet).

One store is shared by the web server's threads and the conductor's (a lock around the one
connection: SQLite serialises writers anyway, and every statement here is short).
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from .account_rows import AccountRows
from .announcement_rows import AnnouncementRows
from .competition_settings import CompetitionSettings
from .migrations import bring_up_to_date
from .round_rows import RoundRows
from .rows import Announcement, Competition, CompetitionError, GameLine, PlannedGame, Round, StoredGame, Submission, User
from .submission_rows import SubmissionRows
from .void_rows import VoidRows
from .clarification_rows import ClarificationRows
from .disqualification_rows import DisqualificationRows

__all__ = ["Announcement", "Competition", "CompetitionError", "CompetitionStore", "GameLine", "PlannedGame", "Round", "StoredGame",
           "Submission", "User"]


class CompetitionStore(CompetitionSettings, AccountRows, SubmissionRows, RoundRows, AnnouncementRows, VoidRows,
                       ClarificationRows, DisqualificationRows):
    """The competition's database, open: every concern's rows through one connection."""

    def __init__(self, path: str | Path, must_exist: bool = True) -> None:
        if must_exist and not Path(path).exists():
            raise CompetitionError(f"no competition database at {path}: make one with arena competition init")
        self.path = str(path)
        self._lock = threading.RLock()
        self.db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a game acknowledged as saved survives a power cut
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.row_factory = sqlite3.Row  # rows read by their columns' names (store_access.py)
        # the schema of this release, the database migrated to it first if it is older (migrations.py)
        self.migrated_from = bring_up_to_date(self.db, self.path)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "CompetitionStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def version(self) -> tuple[int, int]:
        """What changes with every write: the rows this connection changed, and SQLite's count of
        commits by other connections (``arena competition`` commands beside the server). A figure
        computed at one version is still right while the version is the same (the site's pages keep
        them: site/kept_results.py)."""
        with self._lock:
            return self.db.total_changes, self.db.execute("PRAGMA data_version").fetchone()[0]

    def _all(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self.db.execute(sql, args).fetchall()

    def _one(self, sql: str, args: tuple = ()) -> sqlite3.Row | None:
        with self._lock:
            return self.db.execute(sql, args).fetchone()

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        return self._write_all([(sql, args)])

    def _write_all(self, statements: list[tuple[str, tuple]]) -> sqlite3.Cursor:
        """Several statements in one transaction: all of them are done, or none; the last's cursor."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    cursor = self.db.execute(sql, args)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return cursor
