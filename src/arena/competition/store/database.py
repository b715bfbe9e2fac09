"""A competition's database: accounts, submissions, rounds and games, in one SQLite file (WAL).

Every write is one transaction, committed before the caller goes on, so a server killed at
any moment finds on restart exactly what was done: submissions still ``building`` or
``checking`` are built again, games without a record are played again, and a game is saved
only once (its row is written when its round is made, its record only where none is yet).

One store is shared by the web server's threads and the conductor's (a lock around the one
connection: SQLite serialises writers anyway, and every statement here is short).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterator

from ..privacy import without_private
from .rows import Announcement, Competition, CompetitionError, PlannedGame, Round, StoredGame, Submission, User
from .migrations import bring_up_to_date
from .schema import SUBMISSION_STATUSES, UNFINISHED_SUBMISSION
from .void_rows import VoidRows
from .clarification_rows import ClarificationRows

__all__ = ["Announcement", "Competition", "CompetitionError", "CompetitionStore", "PlannedGame", "Round", "StoredGame",
           "Submission", "User"]


_USER_COLUMNS = ("u.id, u.name, u.password, u.role, u.created, d.user_id IS NOT NULL"
                 " FROM users u LEFT JOIN disabled_accounts d ON d.user_id = u.id")
_SUBMISSION_COLUMNS = ("s.id, s.user_id, u.name, s.created, s.language, s.filename, s.status, s.build_log,"
                       " s.admission, s.command, s.benched")
_GAME_COLUMNS = ("g.id, g.round_id, g.slot, g.first_submission, g.second_submission, a.name, b.name, g.seed,"
                 " g.setup, g.rated, g.record, g.finished")
_GAME_JOINS = (" FROM games g JOIN submissions sa ON sa.id = g.first_submission JOIN users a ON a.id = sa.user_id"
               " JOIN submissions sb ON sb.id = g.second_submission JOIN users b ON b.id = sb.user_id")


class CompetitionStore(VoidRows, ClarificationRows):
    def __init__(self, path: str | Path, must_exist: bool = True) -> None:
        if must_exist and not Path(path).exists():
            raise CompetitionError(f"no competition database at {path}: make one with arena competition init")
        self.path = str(path)
        self._lock = threading.RLock()
        self.db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a game acknowledged as saved survives a power cut
        self.db.execute("PRAGMA foreign_keys=ON")
        # the schema of this release, the database migrated to it first if it is older (migrations.py)
        self.migrated_from = bring_up_to_date(self.db, self.path)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "CompetitionStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _all(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            return self.db.execute(sql, args).fetchall()

    def _one(self, sql: str, args: tuple = ()) -> tuple | None:
        with self._lock:
            return self.db.execute(sql, args).fetchone()

    def _write(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self.db.execute(sql, args)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return cursor

    # -- the competition -------------------------------------------------

    def create(self, game: str, title: str) -> None:
        if self._one("SELECT 1 FROM competition") is not None:
            raise CompetitionError(f"{self.path} already holds a competition")
        self._write("INSERT INTO competition (id, game, title, created, secret) VALUES (1, ?, ?, ?, ?)",
                    (game, title, time.time(), secrets.token_hex(32)))

    def competition(self) -> Competition:
        row = self._one("SELECT game, title, created, secret, invitation, deadline, frozen FROM competition")
        if row is None:
            raise CompetitionError(f"{self.path} holds no competition yet")
        return Competition(*row[:6], frozen=bool(row[6]))

    def set_invitation(self, code: str | None) -> None:
        self._write("UPDATE competition SET invitation = ?", (code,))

    def set_deadline(self, deadline: float | None) -> None:
        self._write("UPDATE competition SET deadline = ?", (deadline,))

    def set_frozen(self, frozen: bool) -> None:
        self._write("UPDATE competition SET frozen = ?", (int(frozen),))

    # -- accounts --------------------------------------------------------

    def add_user(self, name: str, password_hash: str | None, role: str) -> int:
        """A new account (raises CompetitionError when the name is taken)."""
        try:
            return self._write("INSERT INTO users (name, password, role, created) VALUES (?, ?, ?, ?)",
                               (name, password_hash, role, time.time())).lastrowid
        except sqlite3.IntegrityError:
            raise CompetitionError(f"there is already an account named {name!r}") from None

    def set_password(self, user_id: int, password_hash: str) -> None:
        self._write("UPDATE users SET password = ? WHERE id = ?", (password_hash, user_id))

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
        if disabled:
            self._write("INSERT OR IGNORE INTO disabled_accounts (user_id, since) VALUES (?, ?)",
                        (user_id, time.time()))
        else:
            self._write("DELETE FROM disabled_accounts WHERE user_id = ?", (user_id,))

    def disabled_submissions(self) -> set[int]:
        """Every submission of an account set aside (the final's next rounds leave them out)."""
        return {row[0] for row in self._all(
            "SELECT id FROM submissions WHERE user_id IN (SELECT user_id FROM disabled_accounts)")}

    # -- announcements ------------------------------------------------------

    def add_announcement(self, text: str, author: int | None) -> int:
        return self._write("INSERT INTO announcements (text, created, author) VALUES (?, ?, ?)",
                           (text, time.time(), author)).lastrowid

    def remove_announcement(self, announcement_id: int) -> bool:
        """False when there was no such announcement."""
        return self._write("DELETE FROM announcements WHERE id = ?", (announcement_id,)).rowcount == 1

    def announcements(self) -> list[Announcement]:
        """Newest first."""
        return [Announcement(*row) for row in self._all("SELECT id, text, created FROM announcements ORDER BY id DESC")]

    # -- failed logins (login is slowed after them) ------------------------

    def login_failed(self, key: str) -> None:
        self._write("INSERT INTO login_failures (key, count, last) VALUES (?, 1, ?)"
                    " ON CONFLICT (key) DO UPDATE SET count = count + 1, last = excluded.last", (key, time.time()))

    def login_failures(self, key: str) -> tuple[int, float]:
        row = self._one("SELECT count, last FROM login_failures WHERE key = ?", (key,))
        return (0, 0.0) if row is None else row

    def login_succeeded(self, key: str) -> None:
        self._write("DELETE FROM login_failures WHERE key = ?", (key,))

    # -- sessions logged out ------------------------------------------------

    def revoke_session(self, nonce: str, until: float) -> None:
        """A logged-out session's cookie is refused from now on; forgotten once it expires anyway."""
        self._write("DELETE FROM revoked_sessions WHERE until < ?", (time.time(),))
        self._write("INSERT OR REPLACE INTO revoked_sessions (nonce, until) VALUES (?, ?)", (nonce, until))

    def session_revoked(self, nonce: str) -> bool:
        return self._one("SELECT 1 FROM revoked_sessions WHERE nonce = ?", (nonce,)) is not None

    # -- submissions -----------------------------------------------------

    def add_submission(self, user_id: int, language: str, filename: str, status: str = "building",
                       command: str | None = None) -> int:
        return self._write("INSERT INTO submissions (user_id, created, language, filename, status, command)"
                           " VALUES (?, ?, ?, ?, ?, ?)",
                           (user_id, time.time(), language, filename, status, command)).lastrowid

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
        where, args = [], []
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
        aside (disabled, withdrawn) left out: the ones that play."""
        rows = self._all(
            f"SELECT {_SUBMISSION_COLUMNS} FROM submissions s JOIN users u ON u.id = s.user_id"
            " WHERE s.id IN (SELECT MAX(id) FROM submissions WHERE status = 'admitted' GROUP BY user_id)"
            " AND s.benched = 0 AND s.user_id NOT IN (SELECT user_id FROM disabled_accounts) ORDER BY u.name")
        return [_submission(row) for row in rows]

    # -- rounds and games ------------------------------------------------

    def add_round(self, kind: str, games: list[PlannedGame], details: dict[str, Any] | None = None,
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
                round_id = self.db.execute(
                    "INSERT INTO rounds (kind, status, created, details) VALUES (?, 'running', ?, ?)",
                    (kind, time.time(), json.dumps(details or {}))).lastrowid
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
        row = self._one("SELECT id, kind, status, created, finished, details FROM rounds WHERE id = ?", (round_id,))
        return None if row is None else Round(*row[:5], details=json.loads(row[5]))

    def rounds(self, status: str | None = None) -> list[Round]:
        rows = self._all("SELECT id, kind, status, created, finished, details FROM rounds"
                         + (" WHERE status = ?" if status else "") + " ORDER BY id DESC",
                         (status,) if status else ())
        return [Round(*row[:5], details=json.loads(row[5])) for row in rows]

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
        return dict(self._all("SELECT round_id, COUNT(*) FROM games WHERE record IS NULL GROUP BY round_id"))

    def save_game(self, game_id: int, record: dict[str, Any], stderr: tuple[str, str]) -> bool:
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
        return self._games(f"{clause} ORDER BY {by.format(order)}{page}", tuple(args))

    def round_counts(self) -> dict[int, tuple[int, int]]:
        """(games, games played) of every round that has games, in one query (a listing of rounds
        reads no record)."""
        unplayed = self.unplayed_counts()  # on the index of unplayed games: no record is read
        return {round_id: (total, total - unplayed.get(round_id, 0)) for round_id, total in self._all(
            "SELECT round_id, COUNT(*) FROM games GROUP BY round_id")}

    def round_players(self, round_id: int) -> dict[int, str]:
        """Every submission seated in one of the round's games, played or not, with its account's name."""
        return dict(self._all(
            "SELECT s.id, u.name FROM submissions s JOIN users u ON u.id = s.user_id WHERE s.id IN"
            " (SELECT first_submission FROM games WHERE round_id = ?"
            "  UNION SELECT second_submission FROM games WHERE round_id = ?)", (round_id, round_id)))

    def submission_names(self, submission_ids) -> dict[int, str]:
        """Each submission's account name (those that exist)."""
        ids = [int(i) for i in submission_ids]
        if not ids:
            return {}
        return dict(self._all(f"SELECT s.id, u.name FROM submissions s JOIN users u ON u.id = s.user_id"
                              f" WHERE s.id IN ({','.join('?' * len(ids))})", tuple(ids)))

    def results(self, rated_only: bool = True, kind: str | None = None, with_moves: bool = True,
                round_id: int | None = None) -> Iterator[tuple[tuple[str, str], dict]]:
        """(account names in seat order, {"id", "result", "moves"}) of each played game: what rankings
        need, picked out by SQLite so the transcripts are never parsed. ``with_moves=False`` leaves the
        moves out (an empty list): reading them is most of the cost, and a ranking needs them only for
        times. ``kind``, ``round_id``: the games of those rounds only."""
        where, args = _of_rounds(round_id, kind)
        where.append("g.record IS NOT NULL")
        where.append("g.id NOT IN (SELECT game_id FROM voided_games)")  # replayed: the replay counts (void_rows.py)
        if rated_only:
            where.append("g.rated = 1")
        moves = "json_quote(json_extract(g.record, '$.moves'))" if with_moves else "'[]'"
        rows = self._all("SELECT g.id, a.name, b.name, json_quote(json_extract(g.record, '$.result')), "
                         + moves + _GAME_JOINS
                         + f" WHERE {' AND '.join(where)} ORDER BY g.id", tuple(args))
        for game_id, first, second, result, moves in rows:
            yield (first, second), {"id": game_id, "result": json.loads(result), "moves": json.loads(moves)}

    def stderr(self, game_id: int, seat: int) -> str | None:
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, got {seat}")
        row = self._one(f"SELECT {('stderr_first', 'stderr_second')[seat]} FROM games WHERE id = ?", (game_id,))
        return None if row is None else row[0]

    # -- analyses ---------------------------------------------------------

    def analysis(self, game_id: int) -> dict[str, Any] | None:
        """The analysis document kept for a game, None when it has none (ValueError if it is no JSON)."""
        row = self._one("SELECT analysis FROM analyses WHERE game_id = ?", (game_id,))
        return None if row is None else json.loads(row[0])

    def save_analysis(self, game_id: int, document: dict[str, Any]) -> None:
        self._write("INSERT OR REPLACE INTO analyses (game_id, analysis) VALUES (?, ?)",
                    (game_id, json.dumps(document)))

    def _games(self, clause: str, args: tuple) -> list[StoredGame]:
        return [StoredGame(id=row[0], round_id=row[1], slot=row[2], submissions=(row[3], row[4]),
                           players=(row[5], row[6]), seed=row[7],
                           setup=None if row[8] is None else json.loads(row[8]), rated=bool(row[9]),
                           record=None if row[10] is None else json.loads(row[10]), finished=row[11])
                for row in self._all(f"SELECT {_GAME_COLUMNS}{_GAME_JOINS}{clause}", args)]


def _user(row: tuple) -> User:
    return User(*row[:5], disabled=bool(row[5]))


def _submission(row: tuple) -> Submission:
    return Submission(*row[:10], benched=bool(row[10]))


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
