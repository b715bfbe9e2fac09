"""What the viewer shows: tournament databases and a folder of game records.

A database is read again only when its games change (the number of games and
the last slot saved), so a page of a finished tournament costs nothing after
the first, and a live one is re-read once per game that ends.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from ..analysis.storage import is_analysis_file
from ..judge.record import RecordError, read_record
from ..judge.record_types import Record
from ..tournament.session import Results, results_of
from ..tournament.store import GameSummary, StoreError, TournamentIdentity, TournamentStore
from ..web_common.record_check import BadRecord, validate_record, validate_summary


class NotFound(LookupError):
    """Nothing of that name here; the message says what was asked for."""


def change_stamp(path: str) -> tuple[int, int]:
    """(games saved, highest slot): changes whenever a game is saved. A read-only, cheap query."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        count, last = db.execute("SELECT count(*), coalesce(max(slot), -1) FROM games").fetchone()
    except sqlite3.OperationalError:  # no games table yet: the tournament has not started
        return 0, -1
    finally:
        db.close()
    return count, last


def scheduled_games(path: str) -> int:
    """How many games the tournament has scheduled (0: none yet). A read-only, cheap query."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        row = db.execute("SELECT scheduled FROM tournament WHERE id = 1").fetchone()
    except sqlite3.OperationalError:  # no tournament table yet
        return 0
    finally:
        db.close()
    return 0 if row is None else row[0]


@dataclass
class Snapshot:
    """One reading of a tournament database: its games' results and moves (not the transcripts)."""

    stamp: tuple[int, int]
    identity: TournamentIdentity
    games: list[GameSummary]
    results: Results


class Tournament:
    """One database given with ``--db``; thread-safe, cached by :func:`change_stamp`.

    When games are added, only those are read (a live tournament costs one
    game's reading per game that ends, not the whole database's).
    """

    def __init__(self, index: int, path: str) -> None:
        self.index = index
        self.path = path
        self._lock = threading.Lock()
        self._snapshot: Snapshot | None = None
        self._games: dict[int, GameSummary] = {}

    def stamp(self) -> tuple[int, int]:
        return change_stamp(self.path)

    def is_over(self, stamp: tuple[int, int]) -> bool:
        """Every scheduled game saved: nothing more will come (what a live page waits for)."""
        scheduled = scheduled_games(self.path)
        return 0 < scheduled <= stamp[0]

    def snapshot(self) -> Snapshot:
        stamp = self.stamp()
        with self._lock:
            if self._snapshot is None or self._snapshot.stamp != stamp:
                self._snapshot = self._read()
            return self._snapshot

    def _open(self) -> TournamentStore:
        try:
            return TournamentStore(self.path, must_exist=True)
        except StoreError as error:
            raise NotFound(str(error)) from None

    def _read(self) -> Snapshot:
        with self._open() as store:
            identity = store.identity()
            if identity is None:
                raise NotFound(f"{self.path} holds no tournament yet")
            if self._snapshot is not None and self._snapshot.identity != identity:
                self._games.clear()  # another tournament in the same file: nothing read before holds
            stamp = self.stamp()  # read with the games, so a game saved meanwhile is read next time
            slots = store.finished_slots()
            for gone in self._games.keys() - slots:
                del self._games[gone]
            new = slots - self._games.keys()
            for game in self._summaries(store, None if not self._games else new, identity):
                self._games[game.slot] = game
            games = [self._games[slot] for slot in sorted(self._games)]
            results = results_of(identity, store.scheduled(), [(g.players, g.record) for g in games])
        return Snapshot(stamp, identity, games, results)

    def _summaries(self, store: TournamentStore, slots: set[int] | None,
                   identity: TournamentIdentity) -> list[GameSummary]:
        """These games as the standings count them (all of them: None), each checked."""
        try:
            games = list(store.summaries(slots))
        except (ValueError, TypeError, RecursionError, sqlite3.Error) as error:  # a record that is no JSON
            raise BadRecord(f"tournament {self.index}: a game cannot be read: {error}") from None
        for game in games:
            try:
                validate_summary(game.record)
                strangers = set(game.players) - set(identity.names)
                if strangers:
                    raise BadRecord(f"{', '.join(sorted(strangers))} is not a player of this tournament")
            except BadRecord as error:
                raise BadRecord(f"tournament {self.index}, game {game.slot}: {error}") from None
        return games

    def game(self, slot: int) -> tuple[GameSummary, Record]:
        """A game's summary and its whole record."""
        summary = next((g for g in self.snapshot().games if g.slot == slot), None)
        if summary is not None:
            with self._open() as store:
                try:
                    record = store.record(slot)
                except (ValueError, RecursionError, sqlite3.Error) as error:
                    raise BadRecord(f"game {slot} cannot be read: {error}") from None
            if record is not None:
                try:
                    validate_record(record)
                except BadRecord as error:
                    raise BadRecord(f"game {slot}: {error}") from None
                return summary, record
        raise NotFound(f"no game in slot {slot} of this tournament")


class Library:
    """The tournaments and the records folder the server was started with."""

    def __init__(self, db_paths: list[str], records_dir: str | Path) -> None:
        self.tournaments = [Tournament(i, str(path)) for i, path in enumerate(db_paths)]
        self.records_dir = Path(records_dir)

    def tournament(self, index: int) -> Tournament:
        if not 0 <= index < len(self.tournaments):
            raise NotFound(f"no tournament {index}: there are {len(self.tournaments)}")
        return self.tournaments[index]

    def record_names(self) -> list[str]:
        """The records in the folder, newest first (not the analyses kept beside them)."""
        if not self.records_dir.is_dir():
            return []
        files = sorted((path for path in self.records_dir.glob("*.json") if not is_analysis_file(path)),
                       key=lambda p: p.stat().st_mtime, reverse=True)
        return [path.name for path in files]

    def record_path(self, name: str) -> Path:
        """The file of a record in the folder (never a path outside it)."""
        if "/" in name or "\\" in name or name.startswith(".") or not name.endswith(".json"):
            raise NotFound(f"{name!r} is not a record name")
        if is_analysis_file(name):
            raise NotFound(f"{name} is the analysis of a record, not a record")
        path = self.records_dir / name
        if not path.is_file():
            raise NotFound(f"no record {name} in {self.records_dir}")
        return path

    def record_version(self, name: str) -> tuple[str, int, int]:
        """Changes whenever the record's file does (the replay cache's key)."""
        status = self.record_path(name).stat()
        return name, status.st_mtime_ns, status.st_size

    def record(self, name: str) -> Record:
        """The record in the folder, checked (:class:`BadRecord` names what is wrong with it)."""
        path = self.record_path(name)
        try:
            record = read_record(path)
        except RecordError as error:
            raise BadRecord(f"cannot read the record {name}: {error.reason}") from None
        try:
            validate_record(record)
        except BadRecord as error:
            raise BadRecord(f"{name} is not a game record the viewer can show: {error}") from None
        return record
