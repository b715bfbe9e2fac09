"""The competition's own row: its game and title, the secret that signs sessions, the invitation
code, the deadline and whether submissions are frozen.

It is one part of :class:`~.database.CompetitionStore`, whose connection it uses
(``_all``, ``_one``, ``_write``, ``_write_all``; database.py).
"""

from __future__ import annotations

import secrets
import time

from .rows import Competition, CompetitionError
from .store_access import StoreAccess, row_as


class CompetitionSettings(StoreAccess):
    """The competition: made once, then its settings changed one by one."""

    def create(self, game: str, title: str) -> None:
        if self._one("SELECT 1 FROM competition") is not None:
            raise CompetitionError(f"{self.path} already holds a competition")
        self._write("INSERT INTO competition (id, game, title, created, secret) VALUES (1, ?, ?, ?, ?)",
                    (game, title, time.time(), secrets.token_hex(32)))

    def competition(self) -> Competition:
        row = self._one("SELECT game, title, created, secret, invitation, deadline, frozen FROM competition")
        if row is None:
            raise CompetitionError(f"{self.path} holds no competition yet")
        return row_as(Competition, row, frozen=bool(row["frozen"]))

    def set_invitation(self, code: str | None) -> None:
        self._write("UPDATE competition SET invitation = ?", (code,))

    def set_deadline(self, deadline: float | None) -> None:
        self._write("UPDATE competition SET deadline = ?", (deadline,))

    def set_frozen(self, frozen: bool) -> None:
        self._write("UPDATE competition SET frozen = ?", (int(frozen),))
