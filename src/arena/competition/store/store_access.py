"""What every concern's rows use of the open store: its connection, its lock, its four ways to read
and write and what changes with every write (version), which database.py's
:class:`~.database.CompetitionStore` gives.

Each rows module (account_rows.py, round_rows.py, ...) is a mixin of CompetitionStore and reads
``self.db`` or calls ``self._all`` without defining them; naming them here, in the base every
mixin shares, lets a reader (and mypy) see what a mixin may rely on. Nothing here runs: the
store's own definitions come first in its method resolution order.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any, Callable, TypeVar

Made = TypeVar("Made")


class StoreAccess:
    """The connection and the statements every rows mixin goes through (database.py has them)."""

    db: sqlite3.Connection
    path: str
    _lock: threading.RLock  # held around a read that a write must follow at once

    # every row is read by its columns' names (sqlite3.Row: the SELECT names its columns with AS
    # where they are not the field's name already), never by their places
    def _all(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        raise NotImplementedError("CompetitionStore's own (database.py)")

    def _one(self, sql: str, args: tuple = ()) -> sqlite3.Row | None:
        raise NotImplementedError("CompetitionStore's own (database.py)")

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        raise NotImplementedError("CompetitionStore's own (database.py)")

    def _write_all(self, statements: list[tuple[str, tuple]]) -> sqlite3.Cursor:
        raise NotImplementedError("CompetitionStore's own (database.py)")

    def version(self) -> tuple[int, int]:
        raise NotImplementedError("CompetitionStore's own (database.py)")


def new_row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT made (sqlite3 types ``lastrowid`` as None too: before any INSERT)."""
    row_id = cursor.lastrowid
    assert row_id is not None  # the cursor of an INSERT that returned
    return row_id


def row_as(kind: Callable[..., Made], row: sqlite3.Row, **converted: Any) -> Made:
    """``kind`` (one of the rows the store hands out) made of a row by name: each column gives the
    field of its name, except those in ``converted``, given as the caller made them (SQLite has no
    booleans and no JSON). A column the row lacks or has too many is a TypeError, never a field
    filled from the wrong place."""
    return kind(**{name: row[name] for name in row.keys() if name not in converted}, **converted)
