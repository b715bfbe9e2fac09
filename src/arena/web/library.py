"""What the viewer shows: tournament databases and a folder of game records.

A database is read again only when its games change (the number of games and
the last slot saved), so a page of a finished tournament costs nothing after
the first, and a live one is re-read once per game that ends.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..tournament.session import Results, results_of
from ..tournament.store import StoreError, StoredGame, TournamentIdentity, TournamentStore


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


@dataclass
class Snapshot:
    """One reading of a tournament database."""

    stamp: tuple[int, int]
    identity: TournamentIdentity
    games: list[StoredGame]
    results: Results

    def game(self, slot: int) -> StoredGame:
        for stored in self.games:
            if stored.slot == slot:
                return stored
        raise NotFound(f"no game in slot {slot} of this tournament")


class Tournament:
    """One database given with ``--db``; thread-safe, cached by :func:`change_stamp`."""

    def __init__(self, index: int, path: str) -> None:
        self.index = index
        self.path = path
        self._lock = threading.Lock()
        self._snapshot: Snapshot | None = None

    def stamp(self) -> tuple[int, int]:
        return change_stamp(self.path)

    def snapshot(self) -> Snapshot:
        stamp = self.stamp()
        with self._lock:
            if self._snapshot is None or self._snapshot.stamp != stamp:
                self._snapshot = self._read()
            return self._snapshot

    def _read(self) -> Snapshot:
        try:
            store = TournamentStore(self.path, must_exist=True)
        except StoreError as error:
            raise NotFound(str(error)) from None
        with store:
            identity = store.identity()
            if identity is None:
                raise NotFound(f"{self.path} holds no tournament yet")
            stamp = self.stamp()  # read with the games, so a game saved meanwhile is read next time
            games = list(store.games())
            results = results_of(identity, store.scheduled(), [(g.players, g.record) for g in games])
        return Snapshot(stamp, identity, games, results)


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
        """The records in the folder, newest first."""
        if not self.records_dir.is_dir():
            return []
        files = sorted(self.records_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        return [path.name for path in files]

    def record(self, name: str) -> dict[str, Any]:
        if "/" in name or "\\" in name or name.startswith(".") or not name.endswith(".json"):
            raise NotFound(f"{name!r} is not a record name")
        path = self.records_dir / name
        try:
            record = json.loads(path.read_text())
        except (OSError, ValueError) as error:
            raise NotFound(f"cannot read the record {name}: {error}") from None
        if not isinstance(record, dict) or "game" not in record or "moves" not in record:
            raise NotFound(f"{name} is not a game record")
        return record
