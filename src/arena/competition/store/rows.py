"""What the store hands out: the competition, accounts, submissions, rounds and games, as plain data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from ...judge.record_types import Record, Result, Setup


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


class _LaterPlan(TypedDict, total=False):
    # absent from a plan stored by release 1
    swiss_asked: bool
    builtins: bool
    games_per_pair: int


class FinalPlan(_LaterPlan):
    """The final's plan (rounds/final.py), carried by every round of it: its format (FinalFormat's
    fields, ``swiss_rounds`` as its field plays them), its field and its seed."""

    robin_max: int
    swiss_rounds: int
    top: int
    swiss_seeds_per_pair: int
    robin_seeds_per_pair: int
    field: list[int]  # the submissions
    seed: int


class RoundDetails(TypedDict, total=False):
    """How a round was made, stored with it (JSON); which keys a round has, its kind says."""

    entrants: list[int]  # test, unrated, debut: the submissions
    started_by: int | None  # test: the account that started it, None when scheduled
    requested_by: int  # unrated: the account that asked
    opponent: int  # unrated: the opponent's account
    submission: int  # debut: the newcomer's submission
    seed: int  # test, unrated, debut
    plan: FinalPlan  # the final's rounds
    pairs: Sequence[Sequence[int]]  # a Swiss round's (pairs of submissions)
    bye: int | None  # a Swiss round's: who sits out
    players: list[int]  # the robin's
    games: int  # how many games the round was made with


@dataclass(frozen=True)
class Round:
    id: int
    kind: str
    status: str
    created: float
    finished: float | None
    details: RoundDetails


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


@dataclass(frozen=True)
class GameLine:
    """A game as a list shows it: its seats and, of its record, only the result and the number of
    moves (``game_lines()``: SQLite picks them out, so a page of 50 games parses no transcript)."""

    id: int
    round_id: int
    slot: int
    submissions: tuple[int, int]
    players: tuple[str, str]  # the account names, first seat first
    seed: int
    rated: bool
    finished: float | None
    played: bool
    result: Result | None  # None until played (or in a record that has none)
    moves: int

    @classmethod
    def of(cls, game: StoredGame) -> GameLine:
        record = game.record
        return cls(id=game.id, round_id=game.round_id, slot=game.slot, submissions=game.submissions,
                   players=game.players, seed=game.seed, rated=game.rated, finished=game.finished,
                   played=record is not None, result=None if record is None else record.get("result"),
                   moves=0 if record is None else len(record.get("moves", [])))
