"""The game record's shape: every field docs/record.md documents, as types.

One ``TypedDict`` per object of the record (the record itself, a player's entry, the setup, the
sandbox, a move, a seat's times, the result), so that what makes a record (judge/match.py's moves,
refereeing/game_record.py, each game's protocol.py for its result) and what reads one (the
tournament and competition stores, the privacy rules, the pages, the analysis, the environments)
agree on each field's name and type. They are dicts at run time: the record is plain JSON, written
and read as it always was.

They live in the judge, the lowest floor, because the judge is where the record starts: its match
notes every move and its record.py writes and reads the file; every floor above may import them.

A key only some records have is in a ``total=False`` base: a game's own fields of ``setup``,
``result`` and the moves (docs/record.md's tables say which game), the times of a program's move
(a jury's move has none), and what is private. A field marked :data:`PRIVATE` is a program's own:
competition/privacy.py strips every key so marked before a record is shown or stored in public.

No ``from __future__ import annotations`` here: the annotations are evaluated when each class is
made, so that ``typing.get_type_hints`` (the privacy rules, the tests) reads them as types.
"""

from typing import Annotated, Literal, TypedDict


class Private:
    """The mark of a field that is its program's author's only (``Annotated[..., PRIVATE]``)."""

    def __repr__(self) -> str:
        return "PRIVATE"


PRIVATE = Private()

Verdict = Literal["ok", "illegal", "format", "timeout", "crash", "exit", "memory", "disk"]
"""Every verdict a seat can get (docs/record.md, "Verdicts", explains each)."""


class PlayerEntry(TypedDict):
    """Who sat in a seat (``players[]``)."""

    seat: str
    name: str
    command: str | None


class Setup(TypedDict, total=False):
    """A game's setup; each game has its own keys, Flippo and Turn Right none."""

    brown: list[str]  # Black Hole
    letter: str  # Lucky Words
    words: str | None  # Lucky Words: the word list's file (--words), None for the shipped one
    values: list[list[int]]  # Domineering


class SandboxUsed(TypedDict):
    """How the programs were confined (``sandbox``)."""

    mode: str
    memory: str
    processes: str
    memory_mb: int | None
    memory_from: str | None


class MoveExtras(TypedDict, total=False):
    # the times of a program's move (a jury's move has ``jury`` instead), then a game's own keys
    wall_ms: float
    cpu_ms: float
    queued_ms: float
    jury: bool
    automatic: bool  # Turn Right
    points: list[int]  # Turn Right
    call: str  # Lucky Words
    cell: int  # Lucky Words


class Move(MoveExtras):
    """One move, in the order played (``moves[]``)."""

    seat: int
    text: str


class SeatTimes(TypedDict):
    """A seat's thinking time over the game (``times[]``)."""

    wall_ms: float
    cpu_ms: float
    queued_ms: float
    replies: int
    first_reply_ms: float | None
    clock_left_ms: float | None
    peak_memory_mb: float | None


class WordList(TypedDict):
    """The word list that scored a Lucky Words game."""

    file: str
    sha256: str


class ResultExtras(TypedDict, total=False):
    """A game's own keys of ``result`` (what its protocol returns beside the scores)."""

    board_scores: list[int]  # Flippo
    hole: str  # Black Hole
    R: int  # Black Hole
    B: int  # Black Hole
    formula_scores: list[int]  # Black Hole
    game_points: list[int]  # Turn Right
    points: list[int] | list[float]  # Turn Right's 2x2 points; Domineering's board points (Second's from 2.5)
    ending: str  # Turn Right
    letter: str  # Lucky Words
    grids: list[str]  # Lucky Words
    word_points: list[int]  # Lucky Words
    words: list[list[str]]  # Lucky Words
    calls: int  # Lucky Words
    word_list: WordList  # Lucky Words
    claimed_totals: list[int | str | None]  # Lucky Words, absent after a fault
    claims_correct: list[bool | None]  # Lucky Words, absent after a fault


class Result(ResultExtras):
    """The outcome (``result``): what every game has, and its own keys."""

    scores: list[float]
    winner: int | None
    verdicts: list[Verdict]
    faults: list[str | None]
    fault_lines: list[str | None]
    fault_at: list[int | None]
    reason: str


class _PrivateFields(TypedDict, total=False):
    # absent from a public record (competition/privacy.py) and from a record saved without it
    stderr: Annotated[list[str], PRIVATE]


class Record(_PrivateFields):
    """A whole game (docs/record.md, "Top level"); the key order is build_record's."""

    format: int
    game: str
    seed: int
    seats: list[str]
    players: list[PlayerEntry]
    setup: Setup
    time_scale: float
    clock_ms: float
    started_at: str
    duration_ms: float
    sandbox: SandboxUsed
    moves: list[Move]
    transcripts: list[list[list[str]]]  # per seat, each line a pair [direction, line]
    times: list[SeatTimes]
    result: Result


class RecordSummary(TypedDict):
    """What standings and games lists read of a record: its result and its moves (a tournament's
    store picks out just these; a whole Record is one too)."""

    moves: list[Move]
    result: Result
