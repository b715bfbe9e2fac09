"""Rounds and games: a round made with all its games in one transaction, each game's record saved
once (stderr apart, never in the record), what rankings read of them, and each game's analysis.

A game is saved only once (its row is written when its round is made, its record only where none
is yet), so a game given out twice, or replayed after a restart, never counts twice.

It is one part of :class:`~.database.CompetitionStore`, whose connection it uses
(``_all``, ``_one``, ``_write``, ``_write_all``; database.py).
"""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any, Iterator

from ...analysis.document_types import AnalysisDocument
from ...judge.record_types import Record
from ..privacy import without_private
from .rows import CompetitionError, GameLine, PlannedGame, Round, RoundDetails, StoredGame
from .store_access import StoreAccess, new_row_id, row_as

_GAME_COLUMNS = ("g.id, g.round_id, g.slot, g.first_submission, g.second_submission, a.name AS first_player,"
                 " b.name AS second_player, g.seed, g.setup, g.rated, g.record, g.finished")
_ROUND_COLUMNS = "id, kind, status, created, finished, details"
_GAME_JOINS = (" FROM games g JOIN submissions sa ON sa.id = g.first_submission JOIN users a ON a.id = sa.user_id"
               " JOIN submissions sb ON sb.id = g.second_submission JOIN users b ON b.id = sb.user_id")


class RoundRows(StoreAccess):
    """Rounds, their games, the games' records, stderr and analyses."""

    _kept_rounds: tuple[tuple, tuple[Round, ...]] | None = None  # rounds(): (version, status), what it read

    def add_round(self, kind: str, games: list[PlannedGame], details: RoundDetails | None = None,
                  exclusive: bool = True) -> int:
        """A new running round with all its games, in one transaction.

        ``exclusive``: refuse (CompetitionError) while another round of the same kind runs.
        """
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                if exclusive and self.db.execute("SELECT 1 FROM rounds WHERE status = 'running' AND kind = ?",
                                                 (kind,)).fetchone():
                    raise CompetitionError(f"a {kind} round is running already")
                round_id = new_row_id(self.db.execute(
                    "INSERT INTO rounds (kind, status, created, details) VALUES (?, 'running', ?, ?)",
                    (kind, time.time(), json.dumps(details or {}))))
                self.db.executemany(
                    "INSERT INTO games (round_id, slot, first_submission, second_submission, seed, setup, rated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(round_id, g.slot, g.submissions[0], g.submissions[1], g.seed,
                      None if g.setup is None else json.dumps(g.setup), int(g.rated)) for g in games])
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return round_id

    def round(self, round_id: int) -> Round | None:
        row = self._one(f"SELECT {_ROUND_COLUMNS} FROM rounds WHERE id = ?", (round_id,))
        return None if row is None else _round(row)

    def rounds(self, status: str | None = None) -> list[Round]:
        """Newest first. Read once per version of the database (version()): a page asked for them
        five times over (its labels, the final's, the stage, the ranking), and in a rush, with a
        round for every debut, reading and decoding them was a quarter of the server's CPU."""
        version = self.version()
        kept = self._kept_rounds
        if kept is not None and kept[0] == (version, status):
            return list(kept[1])
        rows = self._all(f"SELECT {_ROUND_COLUMNS} FROM rounds"
                         + (" WHERE status = ?" if status else "") + " ORDER BY id DESC",
                         (status,) if status else ())
        found = tuple(_round(row) for row in rows)
        self._kept_rounds = ((version, status), found)  # Rounds are frozen, their details never changed
        return list(found)

    def finish_round(self, round_id: int) -> None:
        self._write("UPDATE rounds SET status = 'finished', finished = ? WHERE id = ? AND status = 'running'",
                    (time.time(), round_id))

    def unplayed_games(self, round_id: int | None = None) -> list[StoredGame]:
        """Games of running rounds without a record, in their round's order."""
        clause = " AND g.round_id = ?" if round_id is not None else ""
        return self._games(f" WHERE g.record IS NULL{clause} ORDER BY g.round_id, g.slot",
                           (round_id,) if round_id is not None else ())

    def unplayed_counts(self) -> dict[int, int]:
        """How many games each round has left to play (rounds with none left are not listed);
        counted on the index of unplayed games, so it is cheap after every game of a big round."""
        return {row["round_id"]: row["unplayed"] for row in self._all(
            "SELECT round_id, COUNT(*) AS unplayed FROM games WHERE record IS NULL GROUP BY round_id")}

    def save_game(self, game_id: int, record: Record, stderr: tuple[str, str]) -> bool:
        """Save a game's record (what privacy.py lets everyone read of it) and each seat's stderr apart.

        False when the game was saved already (a game given out twice is saved once).
        """
        public = without_private(record)  # whoever made the record, its stderr never goes in
        cursor = self._write("UPDATE games SET record = ?, stderr_first = ?, stderr_second = ?, finished = ?"
                             " WHERE id = ? AND record IS NULL",
                             (json.dumps(public), stderr[0], stderr[1], time.time(), game_id))
        return cursor.rowcount == 1

    def game(self, game_id: int) -> StoredGame | None:
        games = self._games(" WHERE g.id = ?", (game_id,))
        return games[0] if games else None

    def games(self, round_id: int | None = None, user_id: int | None = None, played_only: bool = True,
              limit: int | None = None, offset: int = 0, kind: str | None = None,
              oldest_first: bool = False) -> list[StoredGame]:
        """Newest first (or oldest first); of a round, of a kind of round, or with an account in either
        seat, when asked."""
        return self._games(*_games_query(round_id, user_id, played_only, limit, offset, kind, oldest_first))

    def game_lines(self, round_id: int | None = None, user_id: int | None = None, played_only: bool = True,
                   limit: int | None = None, offset: int = 0, kind: str | None = None) -> list[GameLine]:
        """``games()``' games, newest first, as lists show them: SQLite picks each record's result and
        counts its moves, so no transcript is parsed (a page of 50 Flippo games read ~7 ms of JSON each
        time it was served)."""
        clause, args = _games_query(round_id, user_id, played_only, limit, offset, kind, oldest_first=False)
        rows = self._all("SELECT g.id, g.round_id, g.slot, g.first_submission, g.second_submission,"
                         " a.name AS first_player, b.name AS second_player, g.seed, g.rated, g.finished,"
                         " g.record IS NOT NULL AS played, json_quote(json_extract(g.record, '$.result')) AS result,"
                         " json_array_length(g.record, '$.moves') AS moves" + _GAME_JOINS + clause, args)
        return [GameLine(id=row["id"], round_id=row["round_id"], slot=row["slot"],
                         submissions=(row["first_submission"], row["second_submission"]),
                         players=(row["first_player"], row["second_player"]), seed=row["seed"],
                         rated=bool(row["rated"]), finished=row["finished"], played=bool(row["played"]),
                         result=json.loads(row["result"]) if row["played"] else None, moves=row["moves"] or 0)
                for row in rows]

    def round_counts(self) -> dict[int, tuple[int, int]]:
        """(games, games played) of every round that has games, in one query (a listing of rounds
        reads no record)."""
        unplayed = self.unplayed_counts()  # on the index of unplayed games: no record is read
        return {row["round_id"]: (row["games"], row["games"] - unplayed.get(row["round_id"], 0)) for row in self._all(
            "SELECT round_id, COUNT(*) AS games FROM games GROUP BY round_id")}

    def round_players(self, round_id: int) -> dict[int, str]:
        """Every submission seated in one of the round's games, played or not, with its account's name."""
        return {row["id"]: row["name"] for row in self._all(
            "SELECT s.id, u.name FROM submissions s JOIN users u ON u.id = s.user_id WHERE s.id IN"
            " (SELECT first_submission FROM games WHERE round_id = ?"
            "  UNION SELECT second_submission FROM games WHERE round_id = ?)", (round_id, round_id))}

    def results(self, rated_only: bool = True, kind: str | None = None, with_moves: bool = True,
                round_id: int | None = None) -> Iterator[tuple[tuple[str, str], dict]]:
        """(account names in seat order, {"id", "result", "moves"}) of each played game: what rankings
        need, picked out by SQLite so the transcripts are never parsed. ``with_moves=False`` leaves the
        moves out (an empty list): reading them is most of the cost, and a ranking needs them only for
        times. ``kind``, ``round_id``: the games of those rounds only. A disqualified account's games
        are left out: every ranking is the others' among themselves (disqualification_rows.py)."""
        where, args = _of_rounds(round_id, kind)
        where.append("g.record IS NOT NULL")
        where.append("g.id NOT IN (SELECT game_id FROM voided_games)")  # replayed: the replay counts (void_rows.py)
        where.append("a.id NOT IN (SELECT user_id FROM disqualified_accounts)"
                     " AND b.id NOT IN (SELECT user_id FROM disqualified_accounts)")
        if rated_only:
            where.append("g.rated = 1")
        moves = "json_quote(json_extract(g.record, '$.moves'))" if with_moves else "'[]'"
        rows = self._all("SELECT g.id, a.name AS first_player, b.name AS second_player,"
                         " json_quote(json_extract(g.record, '$.result')) AS result, " + moves + " AS moves"
                         + _GAME_JOINS + f" WHERE {' AND '.join(where)} ORDER BY g.id", tuple(args))
        for row in rows:
            yield ((row["first_player"], row["second_player"]),
                   {"id": row["id"], "result": json.loads(row["result"]), "moves": json.loads(row["moves"])})

    def stderr(self, game_id: int, seat: int) -> str | None:
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, got {seat}")
        row = self._one(f"SELECT {('stderr_first', 'stderr_second')[seat]} AS stderr FROM games WHERE id = ?",
                        (game_id,))
        return None if row is None else row["stderr"]

    # -- analyses ---------------------------------------------------------

    def analysis(self, game_id: int) -> object:
        """The JSON kept as a game's analysis, as it reads (its reader checks it is a document), None
        when it has none (ValueError if it is no JSON)."""
        row = self._one("SELECT analysis FROM analyses WHERE game_id = ?", (game_id,))
        return None if row is None else json.loads(row["analysis"])

    def save_analysis(self, game_id: int, document: AnalysisDocument) -> None:
        self._write("INSERT OR REPLACE INTO analyses (game_id, analysis) VALUES (?, ?)",
                    (game_id, json.dumps(document)))

    def _games(self, clause: str, args: tuple) -> list[StoredGame]:
        return [StoredGame(id=row["id"], round_id=row["round_id"], slot=row["slot"],
                           submissions=(row["first_submission"], row["second_submission"]),
                           players=(row["first_player"], row["second_player"]), seed=row["seed"],
                           setup=None if row["setup"] is None else json.loads(row["setup"]), rated=bool(row["rated"]),
                           record=None if row["record"] is None else json.loads(row["record"]),
                           finished=row["finished"])
                for row in self._all(f"SELECT {_GAME_COLUMNS}{_GAME_JOINS}{clause}", args)]


def _round(row: sqlite3.Row) -> Round:
    return row_as(Round, row, details=json.loads(row["details"]))


def _games_query(round_id: int | None, user_id: int | None, played_only: bool, limit: int | None, offset: int,
                 kind: str | None, oldest_first: bool) -> tuple[str, tuple]:
    """The WHERE, ORDER and LIMIT of a listing of games (games(), game_lines()), and its arguments."""
    where, args = _of_rounds(round_id, kind)
    if played_only:
        where.append("g.record IS NOT NULL")
    if user_id is not None:
        where.append("(sa.user_id = ? OR sb.user_id = ?)")
        args += [user_id, user_id]
    clause = f" WHERE {' AND '.join(where)}" if where else ""
    page = f" LIMIT {int(limit)} OFFSET {int(offset)}" if limit is not None else ""
    order = "ASC" if oldest_first else "DESC"
    # within a round, its slots are in the order of its ids (written in one go), and the round's
    # index gives them sorted: 20,000 games' records are not read to sort them by id
    by = "g.round_id {0}, g.slot {0}" if round_id is not None else "g.id {0}"
    return f"{clause} ORDER BY {by.format(order)}{page}", tuple(args)


def _of_rounds(round_id: int | None, kind: str | None) -> tuple[list[str], list[Any]]:
    """The conditions (and their arguments) that keep the games of one round, or of a kind of round."""
    where: list[str] = []
    args: list[Any] = []
    if round_id is not None:
        where.append("g.round_id = ?")
        args.append(round_id)
    if kind is not None:
        where.append("g.round_id IN (SELECT id FROM rounds WHERE kind = ?)")
        args.append(kind)
    return where, args
