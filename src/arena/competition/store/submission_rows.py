"""Submissions and their builds: an upload's row, its status as it is built and admitted, its build
log, admission report and command, whether it is benched; which ones play (the entrants).

It is one part of :class:`~.database.CompetitionStore`, whose connection it uses
(``_all``, ``_one``, ``_write``, ``_write_all``; database.py).
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from .rows import Submission
from .schema import SUBMISSION_STATUSES, UNFINISHED_SUBMISSION
from .store_access import StoreAccess, new_row_id, row_as

_SUBMISSION_COLUMNS = ("s.id, s.user_id, u.name AS user_name, s.created, s.language, s.filename, s.status, s.build_log,"
                       " s.admission, s.command, s.benched")


class SubmissionRows(StoreAccess):
    """Submissions: added, built, admitted, benched, listed."""

    def add_submission(self, user_id: int, language: str, filename: str, status: str = "building",
                       command: str | None = None) -> int:
        return new_row_id(self._write("INSERT INTO submissions (user_id, created, language, filename, status, command)"
                                      " VALUES (?, ?, ?, ?, ?, ?)",
                                      (user_id, time.time(), language, filename, status, command)))

    def update_submission(self, submission_id: int, **changes: Any) -> None:
        """Set some of status, build_log, admission, command, benched."""
        allowed = {"status", "build_log", "admission", "command", "benched"}
        if not changes or not set(changes) <= allowed:
            raise ValueError(f"cannot change {sorted(set(changes) - allowed)} of a submission")
        if "status" in changes and changes["status"] not in SUBMISSION_STATUSES:
            raise ValueError(f"no submission status {changes['status']!r}")
        names = sorted(changes)
        self._write(f"UPDATE submissions SET {', '.join(f'{n} = ?' for n in names)} WHERE id = ?",
                    (*(changes[n] for n in names), submission_id))

    def submission(self, submission_id: int) -> Submission | None:
        row = self._one(f"SELECT {_SUBMISSION_COLUMNS} FROM submissions s JOIN users u ON u.id = s.user_id"
                        " WHERE s.id = ?", (submission_id,))
        return None if row is None else _submission(row)

    def submissions(self, user_id: int | None = None, status: tuple[str, ...] | None = None) -> list[Submission]:
        """Newest first; of one user, and of some statuses, when asked."""
        where: list[str] = []
        args: list[int | str] = []
        if user_id is not None:
            where.append("s.user_id = ?")
            args.append(user_id)
        if status is not None:
            where.append(f"s.status IN ({','.join('?' * len(status))})")
            args += list(status)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        return [_submission(row) for row in self._all(
            f"SELECT {_SUBMISSION_COLUMNS} FROM submissions s JOIN users u ON u.id = s.user_id{clause}"
            " ORDER BY s.id DESC", tuple(args))]

    def unfinished_submissions(self) -> list[Submission]:
        """Submissions a build or admission is owed to (oldest first): new ones, and a killed server's."""
        return sorted(self.submissions(status=UNFINISHED_SUBMISSION), key=lambda s: s.id)

    def entrants(self) -> list[Submission]:
        """The newest admitted submission of every account, benched ones and those of accounts set
        aside (disabled, withdrawn) or disqualified left out: the ones that play."""
        rows = self._all(
            f"SELECT {_SUBMISSION_COLUMNS} FROM submissions s JOIN users u ON u.id = s.user_id"
            " WHERE s.id IN (SELECT MAX(id) FROM submissions WHERE status = 'admitted' GROUP BY user_id)"
            " AND s.benched = 0 AND s.user_id NOT IN (SELECT user_id FROM disabled_accounts)"
            " AND s.user_id NOT IN (SELECT user_id FROM disqualified_accounts) ORDER BY u.name")
        return [_submission(row) for row in rows]


    def disabled_submissions(self) -> set[int]:
        """Every submission of an account set aside or disqualified (the final's next rounds leave them out)."""
        return {row["id"] for row in self._all(
            "SELECT id FROM submissions WHERE user_id IN (SELECT user_id FROM disabled_accounts)"
            " OR user_id IN (SELECT user_id FROM disqualified_accounts)")}

    def submission_names(self, submission_ids) -> dict[int, str]:
        """Each submission's account name (those that exist)."""
        ids = [int(i) for i in submission_ids]
        if not ids:
            return {}
        return {row["id"]: row["name"] for row in self._all(
            f"SELECT s.id, u.name FROM submissions s JOIN users u ON u.id = s.user_id"
            f" WHERE s.id IN ({','.join('?' * len(ids))})", tuple(ids))}


def _submission(row: sqlite3.Row) -> Submission:
    return row_as(Submission, row, benched=bool(row["benched"]))
