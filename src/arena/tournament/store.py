"""A tournament's results in one SQLite file (WAL), each game saved the moment it ends.

The file also holds the tournament's identity (game, players, rounds, seed,
time scale). Running the same command again finds the identity, skips the
games already saved and plays the rest; a different tournament on the same
file is refused with a message that says what differs, never mixed in.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..judge.record_types import Record, RecordSummary, Setup
from .schedule import ScheduledGame

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournament (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    identity TEXT NOT NULL,
    scheduled INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    slot INTEGER PRIMARY KEY,
    round INTEGER NOT NULL,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    seed INTEGER NOT NULL,
    setup TEXT,
    record TEXT NOT NULL
);
"""


class StoreError(Exception):
    """The database cannot serve this tournament; the message says why."""


@dataclass(frozen=True)
class TournamentIdentity:
    game: str
    players: tuple[tuple[str, str], ...]  # (name, PLAYER text), sorted by name
    rounds: int
    seed: int
    time_scale: float

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.players]

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "TournamentIdentity":
        data = json.loads(text)
        data["players"] = tuple(tuple(p) for p in data["players"])
        return cls(**data)

    def describe(self) -> str:
        players = ", ".join(f"{name}={text}" for name, text in self.players)
        return (f"{self.game} with {players}; {self.rounds} round(s), seed {self.seed}, "
                f"time scale {self.time_scale:g}")


@dataclass(frozen=True)
class StoredGame:
    slot: int
    round: int
    players: tuple[str, str]  # tournament names, first seat first
    seed: int
    setup: Setup | None
    record: Record


@dataclass(frozen=True)
class GameSummary:
    """A stored game with only ``result`` and ``moves`` in its record (see :meth:`TournamentStore.summaries`)."""

    slot: int
    round: int
    players: tuple[str, str]
    seed: int
    record: RecordSummary


class TournamentStore:
    def __init__(self, path: str | Path, must_exist: bool = False) -> None:
        if must_exist and not Path(path).exists():
            raise StoreError(f"no tournament database at {path}")
        self.path = str(path)
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            self.db.execute("PRAGMA journal_mode=WAL")
            # FULL: a game acknowledged as saved survives even a power cut, at no cost worth measuring
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.OperationalError as error:  # a missing or unwritable folder: one line, no traceback
            raise StoreError(f"cannot open the tournament database {path}: {error}") from None
        except sqlite3.Error as error:  # a file that is no database at all
            raise StoreError(f"{path} is not a tournament database: {error}") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "TournamentStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- identity --------------------------------------------------------

    def identity(self) -> TournamentIdentity | None:
        row = self.db.execute("SELECT identity FROM tournament WHERE id = 1").fetchone()
        return None if row is None else TournamentIdentity.from_json(row[0])

    def scheduled(self) -> int:
        row = self.db.execute("SELECT scheduled FROM tournament WHERE id = 1").fetchone()
        return 0 if row is None else row[0]

    def bind(self, identity: TournamentIdentity, scheduled: int) -> None:
        """Claim an empty database for this tournament, or check it already holds it."""
        stored = self.identity()
        if stored is None:
            with self.db:
                self.db.execute(
                    "INSERT INTO tournament (id, identity, scheduled) VALUES (1, ?, ?)",
                    (identity.to_json(), scheduled),
                )
            return
        if stored != identity:
            raise StoreError(
                f"{self.path} holds another tournament, so it cannot resume this one.\n"
                f"  in the database: {stored.describe()}\n"
                f"  this command:    {identity.describe()}\n"
                f"Use another --db, or the options of the stored tournament to resume it."
            )

    # -- games -----------------------------------------------------------

    def save_game(self, game: ScheduledGame, record: Record) -> None:
        """Save one finished game, committed at once (a slot already saved is left as it is)."""
        with self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO games (slot, round, first, second, seed, setup, record)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game.slot, game.round, game.players[0], game.players[1], game.seed,
                 None if game.setup is None else json.dumps(game.setup), json.dumps(record)),
            )

    def finished_slots(self) -> set[int]:
        return {slot for (slot,) in self.db.execute("SELECT slot FROM games")}

    def summaries(self, slots: Iterable[int] | None = None) -> Iterator[GameSummary]:
        """What standings and lists need of each game (its result and moves), without the rest of
        the record: SQLite picks the two out, so the transcripts are never parsed (3x faster)."""
        # json_quote: a value that is no object or list still comes back as JSON (a string quoted, null)
        query = ("SELECT slot, round, first, second, seed, json_quote(json_extract(record, '$.result')),"
                 " json_quote(json_extract(record, '$.moves')) FROM games")
        rows: Iterable[Any]  # a cursor, or the rows of every chunk's
        if slots is None:
            rows = self.db.execute(query + " ORDER BY slot")
        else:
            wanted = sorted(slots)
            chunks = [wanted[start:start + 500] for start in range(0, len(wanted), 500)]  # SQLite's limit
            rows = (row for chunk in chunks
                    for row in self.db.execute(f"{query} WHERE slot IN ({','.join('?' * len(chunk))})", chunk))
        for slot, round_number, first, second, seed, result, moves in rows:
            yield GameSummary(slot, round_number, (first, second), seed,
                              {"result": json.loads(result), "moves": json.loads(moves)})

    def record(self, slot: int) -> Record | None:
        row = self.db.execute("SELECT record FROM games WHERE slot = ?", (slot,)).fetchone()
        return None if row is None else json.loads(row[0])

    def games(self) -> Iterator[StoredGame]:
        rows = self.db.execute(
            "SELECT slot, round, first, second, seed, setup, record FROM games ORDER BY slot"
        )
        for slot, round_number, first, second, seed, setup, record in rows:
            yield StoredGame(slot, round_number, (first, second), seed,
                             None if setup is None else json.loads(setup), json.loads(record))
