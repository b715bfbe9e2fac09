"""What every concern's rows use of the open store: its connection, its lock and its four ways to
read and write, which database.py's :class:`~.database.CompetitionStore` gives.

Each rows module (account_rows.py, round_rows.py, ...) is a mixin of CompetitionStore and reads
``self.db`` or calls ``self._all`` without defining them; naming them here, in the base every
mixin shares, lets a reader (and mypy) see what a mixin may rely on. Nothing here runs: the
store's own definitions come first in its method resolution order.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any


class StoreAccess:
    """The connection and the statements every rows mixin goes through (database.py has them)."""

    db: sqlite3.Connection
    path: str
    _lock: threading.RLock  # held around a read that a write must follow at once

    # sqlite3 hands rows out as tuples of whatever each column holds: Any, as its own types say
    def _all(self, sql: str, args: tuple = ()) -> list[Any]:
        raise NotImplementedError("CompetitionStore's own (database.py)")

    def _one(self, sql: str, args: tuple = ()) -> Any:
        raise NotImplementedError("CompetitionStore's own (database.py)")

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        raise NotImplementedError("CompetitionStore's own (database.py)")

    def _write_all(self, statements: list[tuple[str, tuple]]) -> sqlite3.Cursor:
        raise NotImplementedError("CompetitionStore's own (database.py)")


def new_row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT made (sqlite3 types ``lastrowid`` as None too: before any INSERT)."""
    row_id = cursor.lastrowid
    assert row_id is not None  # the cursor of an INSERT that returned
    return row_id
