"""Voided games (the store's part): an organiser voids a played game (a time-out the server's own
load caused, say) and it is played again, same seats, same seed, same submissions, in its round.

The voided game stays, with its record, marked void with the reason; its replay is a new game of
the same round (the next slot), and the round runs again until the replay is played. Every ranking
and cross table reads the games through ``results()``, which leaves voided games out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .rows import CompetitionError
from .store_access import StoreAccess, new_row_id

VOIDED_GAMES = """
CREATE TABLE voided_games (         -- played games an organiser voided: replayed, ranked nowhere
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    reason TEXT NOT NULL,            -- as the organiser wrote it (escaped when shown)
    voided REAL NOT NULL,
    voided_by INTEGER REFERENCES users (id),
    replay INTEGER NOT NULL REFERENCES games (id)  -- the game played in its place
);
"""
"""Migration 3's table (migrations.py)."""


@dataclass(frozen=True)
class Void:
    game_id: int
    reason: str
    voided: float
    replay: int


class VoidRows(StoreAccess):
    """CompetitionStore's voided games (it supplies ``_lock``, ``db``, ``_all``)."""

    def void_game(self, game_id: int, reason: str, voided_by: int | None = None) -> int:
        """Void a played game and add its replay to its round, which runs again: the replay's id.
        LookupError for no such game; CompetitionError for one not played yet or voided already."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                row = self.db.execute("SELECT round_id, first_submission, second_submission, seed, setup, rated,"
                                      " record IS NOT NULL FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None:
                    raise LookupError(f"there is no game {game_id}")
                round_id, first, second, seed, setup, rated, played = row
                if not played:
                    raise CompetitionError(f"game {game_id} is still to be played: only a played game is voided")
                if self.db.execute("SELECT 1 FROM voided_games WHERE game_id = ?", (game_id,)).fetchone():
                    raise CompetitionError(f"game {game_id} is voided already (its replay is in its round)")
                slot = self.db.execute("SELECT MAX(slot) + 1 FROM games WHERE round_id = ?", (round_id,)).fetchone()[0]
                replay = new_row_id(self.db.execute(
                    "INSERT INTO games (round_id, slot, first_submission, second_submission, seed, setup, rated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)", (round_id, slot, first, second, seed, setup, rated)))
                self.db.execute("INSERT INTO voided_games (game_id, reason, voided, voided_by, replay)"
                                " VALUES (?, ?, ?, ?, ?)", (game_id, reason, time.time(), voided_by, replay))
                # the round plays again until its replay is saved (then the conductor finishes it)
                self.db.execute("UPDATE rounds SET status = 'running', finished = NULL WHERE id = ?", (round_id,))
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return replay

    def voids(self, game_ids=None) -> dict[int, Void]:
        """The voided games among ``game_ids`` (every one when None), by id."""
        if game_ids is None:
            rows = self._all("SELECT game_id, reason, voided, replay FROM voided_games")
        else:
            ids = [int(i) for i in game_ids]
            if not ids:
                return {}
            rows = self._all(f"SELECT game_id, reason, voided, replay FROM voided_games"
                             f" WHERE game_id IN ({','.join('?' * len(ids))})", tuple(ids))
        return {row[0]: Void(*row) for row in rows}

    def voided_counts(self) -> dict[int, int]:
        """How many voided games each round holds (rounds with none left out)."""
        return dict(self._all("SELECT g.round_id, COUNT(*) FROM voided_games v JOIN games g ON g.id = v.game_id"
                              " GROUP BY g.round_id"))
