"""The organisers' announcements, shown on the home page newest first.

It is one part of :class:`~.database.CompetitionStore`, whose connection it uses
(``_all``, ``_one``, ``_write``, ``_write_all``; database.py).
"""

from __future__ import annotations

import time

from .rows import Announcement
from .store_access import StoreAccess, new_row_id, row_as


class AnnouncementRows(StoreAccess):
    """Announcements: added, removed, listed."""

    def add_announcement(self, text: str, author: int | None) -> int:
        return new_row_id(self._write("INSERT INTO announcements (text, created, author) VALUES (?, ?, ?)",
                           (text, time.time(), author)))

    def remove_announcement(self, announcement_id: int) -> bool:
        """False when there was no such announcement."""
        return self._write("DELETE FROM announcements WHERE id = ?", (announcement_id,)).rowcount == 1

    def announcements(self) -> list[Announcement]:
        """Newest first."""
        return [row_as(Announcement, row)
                for row in self._all("SELECT id, text, created FROM announcements ORDER BY id DESC")]
