"""Disqualified accounts (the store's part): an organiser takes an entrant out of the competition (a
copied program, say), with the reason, and may take that back.

A disqualified account is out of every ranking and cross table, recomputed from the games among the
others: ``results()`` (round_rows.py) leaves out every game it played, and the rankings leave out
its name (rounds/ranking.py, rounds/final.py). Its games stay, with their records, marked in the
games list; it is paired in no round made from then on (``entrants()`` and
``disabled_submissions()`` leave it out). Undoing it deletes the row: every answer is as before.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .store_access import StoreAccess, row_as


@dataclass(frozen=True)
class Disqualification:
    name: str
    reason: str
    since: float


class DisqualificationRows(StoreAccess):
    """CompetitionStore's disqualified accounts (it supplies ``_all``, ``_write``)."""

    def set_disqualified(self, user_id: int, reason: str | None, by_user: int | None = None) -> None:
        """Disqualify the account with ``reason`` (again: the new reason), or, ``reason`` None, undo it."""
        if reason is None:
            self._write("DELETE FROM disqualified_accounts WHERE user_id = ?", (user_id,))
        else:
            self._write("INSERT INTO disqualified_accounts (user_id, reason, since, by_user) VALUES (?, ?, ?, ?)"
                        " ON CONFLICT (user_id) DO UPDATE SET reason = excluded.reason",
                        (user_id, reason, time.time(), by_user))

    def disqualifications(self) -> dict[str, Disqualification]:
        """Every disqualified account by name."""
        return {row["name"]: row_as(Disqualification, row) for row in self._all(
            "SELECT u.name, d.reason, d.since FROM disqualified_accounts d JOIN users u ON u.id = d.user_id"
            " ORDER BY d.since")}

    def disqualified_names(self) -> frozenset[str]:
        return frozenset(self.disqualifications())
