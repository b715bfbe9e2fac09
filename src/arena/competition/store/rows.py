"""What the store hands out: the competition, accounts, submissions, rounds and games, as plain data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...judge.record_types import Record, Setup


class CompetitionError(Exception):
    """The competition cannot do this; the message says why."""


@dataclass(frozen=True)
class Competition:
    game: str
    title: str
    created: float
    secret: str
    invitation: str | None
    deadline: float | None
    frozen: bool


@dataclass(frozen=True)
class User:
    id: int
    name: str
    password: str | None
    role: str
    created: float
    disabled: bool = False  # by an organiser: no login, no upload, no new rounds (a built-in: withdrawn)
    session_generation: int = 0
    """How many times all the account's sessions and tokens were ended (its password changed, the
    account disabled): a session or token made before the last time is refused."""

    @property
    def is_organiser(self) -> bool:
        return self.role == "organiser"


@dataclass(frozen=True)
class Announcement:
    id: int
    text: str
    created: float


@dataclass(frozen=True)
class Submission:
    id: int
    user_id: int
    user_name: str
    created: float
    language: str
    filename: str
    status: str
    build_log: str
    admission: str
    command: str | None
    benched: bool


@dataclass(frozen=True)
class Round:
    id: int
    kind: str
    status: str
    created: float
    finished: float | None
    details: dict[str, Any]


@dataclass(frozen=True)
class PlannedGame:
    """A game a new round will play (its row is written with the round, its record later)."""

    slot: int
    submissions: tuple[int, int]  # first seat first
    seed: int
    setup: Setup | None = None
    rated: bool = True


@dataclass(frozen=True)
class StoredGame:
    id: int
    round_id: int
    slot: int
    submissions: tuple[int, int]
    players: tuple[str, str]  # the account names, first seat first
    seed: int
    setup: Setup | None
    rated: bool
    record: Record | None  # without stderr; None until played
    finished: float | None

    def played_record(self) -> Record:
        """The record of a game known to be played (``games()`` lists only those unless told)."""
        assert self.record is not None, f"game {self.id} has not been played"
        return self.record
