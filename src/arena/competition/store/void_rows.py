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
from .store_access import StoreAccess, new_row_id, row_as



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
                game = self.db.execute("SELECT round_id, first_submission, second_submission, seed, setup, rated,"
                                       " record IS NOT NULL AS played FROM games WHERE id = ?", (game_id,)).fetchone()
                if game is None:
                    raise LookupError(f"there is no game {game_id}")
                if not game["played"]:
                    raise CompetitionError(f"game {game_id} is still to be played: only a played game is voided")
                if self.db.execute("SELECT 1 FROM voided_games WHERE game_id = ?", (game_id,)).fetchone():
                    raise CompetitionError(f"game {game_id} is voided already (its replay is in its round)")
                round_id = game["round_id"]
                slot = self.db.execute("SELECT MAX(slot) + 1 AS next FROM games WHERE round_id = ?",
                                       (round_id,)).fetchone()["next"]
                replay = new_row_id(self.db.execute(
                    "INSERT INTO games (round_id, slot, first_submission, second_submission, seed, setup, rated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)", (round_id, slot, game["first_submission"],
                                                      game["second_submission"], game["seed"], game["setup"],
                                                      game["rated"])))
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
        return {row["game_id"]: row_as(Void, row) for row in rows}

    def voided_counts(self) -> dict[int, int]:
        """How many voided games each round holds (rounds with none left out)."""
        return {row["round_id"]: row["voided"] for row in self._all(
            "SELECT g.round_id, COUNT(*) AS voided FROM voided_games v JOIN games g ON g.id = v.game_id"
            " GROUP BY g.round_id")}
