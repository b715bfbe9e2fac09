"""Clarifications (the store's part): a contestant's question to the organisers, and its answer,
private to the asker or public to everyone (DOMjudge's name for them)."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass

from .store_access import StoreAccess, new_row_id, row_as



@dataclass(frozen=True)
class Clarification:
    id: int
    user_id: int
    asker: str
    text: str
    created: float
    answer: str | None
    answered: float | None
    public: bool


_COLUMNS = ("c.id, c.user_id, u.name AS asker, c.text, c.created, c.answer, c.answered, c.public"
            " FROM clarifications c JOIN users u ON u.id = c.user_id")


def _clarification(row: sqlite3.Row) -> Clarification:
    return row_as(Clarification, row, public=bool(row["public"]))


class ClarificationRows(StoreAccess):
    """CompetitionStore's clarifications (it supplies ``_all``, ``_one``, ``_write``)."""

    def ask(self, user_id: int, text: str) -> int:
        return new_row_id(self._write("INSERT INTO clarifications (user_id, text, created) VALUES (?, ?, ?)",
                           (user_id, text, time.time())))

    def asked_since(self, user_id: int, since: float) -> list[float]:
        """When the account asked each of its questions since ``since``, oldest first."""
        return [row["created"] for row in self._all("SELECT created FROM clarifications WHERE user_id = ? AND created > ?"
                                            " ORDER BY created", (user_id, since))]

    def answer_clarification(self, clarification_id: int, answer: str, public: bool, by: int | None) -> bool:
        """False when there is no such clarification (an answer given again replaces the first)."""
        return self._write("UPDATE clarifications SET answer = ?, answered = ?, answered_by = ?, public = ?"
                           " WHERE id = ?", (answer, time.time(), by, int(public), clarification_id)).rowcount == 1

    def clarifications(self, reader: int | None = None, every: bool = False) -> list[Clarification]:
        """``every``: all of them, unanswered first (oldest first among them), then the newest
        answers; else the public ones and ``reader``'s own, newest first."""
        if every:
            return [_clarification(row) for row in self._all(
                f"SELECT {_COLUMNS} ORDER BY c.answer IS NOT NULL, CASE WHEN c.answer IS NULL THEN c.id"
                " ELSE -c.id END")]
        return [_clarification(row) for row in self._all(
            f"SELECT {_COLUMNS} WHERE (c.public = 1 AND c.answer IS NOT NULL) OR c.user_id = ? ORDER BY c.id DESC",
            (-1 if reader is None else reader,))]

    def unanswered_count(self) -> int:
        return self._all("SELECT COUNT(*) AS unanswered FROM clarifications WHERE answer IS NULL")[0]["unanswered"]
