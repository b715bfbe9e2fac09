"""Accounts and their sessions: names, password hashes and roles, accounts set aside (disabled,
withdrawn), failed logins (login is slowed after them), and what ends sessions and tokens: a
revoked nonce (a logout) or a raised session generation (a new password, a disabled account).

It is one part of :class:`~.database.CompetitionStore`, whose connection it uses
(``_all``, ``_one``, ``_write``, ``_write_all``; database.py).
"""

from __future__ import annotations

import sqlite3
import time
from typing import Sequence

from .rows import CompetitionError, User
from .store_access import StoreAccess, new_row_id, row_as

_USER_COLUMNS = ("u.id, u.name, u.password, u.role, u.created, d.user_id IS NOT NULL AS disabled,"
                 " u.session_generation FROM users u LEFT JOIN disabled_accounts d ON d.user_id = u.id")
_END_SESSIONS = "UPDATE users SET session_generation = session_generation + 1 WHERE id = ?"


class AccountRows(StoreAccess):
    """Accounts, failed logins and ended sessions."""

    def add_user(self, name: str, password_hash: str | None, role: str) -> int:
        """A new account (raises CompetitionError when the name is taken)."""
        try:
            return new_row_id(self._write("INSERT INTO users (name, password, role, created) VALUES (?, ?, ?, ?)",
                               (name, password_hash, role, time.time())))
        except sqlite3.IntegrityError:
            raise CompetitionError(f"there is already an account named {name!r}") from None

    def add_users(self, accounts: Sequence[tuple[str, str | None, str]]) -> list[int]:
        """New accounts, each (name, password hash, role), in one transaction: all of them, or
        (CompetitionError naming the first taken name) none."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                ids = [new_row_id(self.db.execute("INSERT INTO users (name, password, role, created)"
                                                  " VALUES (?, ?, ?, ?)", (name, password_hash, role, time.time())))
                       for name, password_hash, role in accounts]
            except sqlite3.IntegrityError as error:
                self.db.execute("ROLLBACK")
                raise CompetitionError(f"an account of the list exists already ({error}): none was added") from None
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return ids

    def set_password(self, user_id: int, password_hash: str) -> None:
        """A new password; every session and token of the account ends with the old one."""
        self._write("UPDATE users SET password = ?, session_generation = session_generation + 1 WHERE id = ?",
                    (password_hash, user_id))

    def end_sessions(self, user_id: int) -> None:
        """Every session and token the account has now is refused from now on (it logs in again)."""
        self._write(_END_SESSIONS, (user_id,))

    def set_role(self, user_id: int, role: str) -> None:
        self._write("UPDATE users SET role = ? WHERE id = ?", (role, user_id))

    def user(self, user_id: int) -> User | None:
        row = self._one(f"SELECT {_USER_COLUMNS} WHERE u.id = ?", (user_id,))
        return None if row is None else _user(row)

    def user_named(self, name: str) -> User | None:
        row = self._one(f"SELECT {_USER_COLUMNS} WHERE u.name = ?", (name,))
        return None if row is None else _user(row)

    def users(self) -> list[User]:
        return [_user(row) for row in self._all(f"SELECT {_USER_COLUMNS} ORDER BY u.name")]

    def set_disabled(self, user_id: int, disabled: bool) -> None:
        """Set an account aside (a contestant disabled, a built-in player withdrawn) or take it back;
        its submissions and games stay as they are, it only leaves the rounds made from now on."""
        if disabled:  # its sessions and tokens end too: enabled again, it logs in afresh
            self._write_all([("INSERT OR IGNORE INTO disabled_accounts (user_id, since) VALUES (?, ?)",
                              (user_id, time.time())), (_END_SESSIONS, (user_id,))])
        else:
            self._write("DELETE FROM disabled_accounts WHERE user_id = ?", (user_id,))


    # -- failed logins (login is slowed after them) ------------------------

    def login_failed(self, key: str) -> None:
        self._write("INSERT INTO login_failures (key, count, last) VALUES (?, 1, ?)"
                    " ON CONFLICT (key) DO UPDATE SET count = count + 1, last = excluded.last", (key, time.time()))

    def login_failures(self, key: str) -> tuple[int, float]:
        row = self._one("SELECT count, last FROM login_failures WHERE key = ?", (key,))
        return (0, 0.0) if row is None else (row["count"], row["last"])

    def login_succeeded(self, key: str) -> None:
        self._write("DELETE FROM login_failures WHERE key = ?", (key,))

    # -- sessions logged out ------------------------------------------------

    def revoke_session(self, nonce: str, until: float) -> None:
        """A logged-out session's cookie, or a logged-out API token, is refused from now on.

        ``until`` must be no earlier than the moment the cookie or token expires by itself: the
        revocation is forgotten only after it (whoever revokes next prunes it), never before, and
        a second revocation of the same nonce never shortens the first.
        """
        self._write_all([("DELETE FROM revoked_sessions WHERE until < ?", (time.time(),)),
                         ("INSERT INTO revoked_sessions (nonce, until) VALUES (?, ?) ON CONFLICT (nonce)"
                          " DO UPDATE SET until = MAX(until, excluded.until)", (nonce, until))])

    def session_revoked(self, nonce: str | None) -> bool:
        # None: a payload signed before sessions had nonces, which no logout could have revoked
        return self._one("SELECT 1 FROM revoked_sessions WHERE nonce = ?", (nonce,)) is not None


def _user(row: sqlite3.Row) -> User:
    return row_as(User, row, disabled=bool(row["disabled"]))
