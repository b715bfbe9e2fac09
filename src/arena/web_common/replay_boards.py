"""A game record turned into what the replay page steps through: a board per ply.

Positions come from the rules (``games.replay.replay_positions``), never from
the record's own claims; each ply carries its drawing (with the move just
played marked), the score on the board, the move's wall and CPU time and both
clocks after it.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import OrderedDict
from typing import Callable, Hashable, TypedDict

from ..games import get_game
from ..games.base import GameState, MoveError
from ..games.replay import replay_positions
from ..judge.record_types import Move, Record, Result, SeatTimes
from .drawing import board_svg
from .record_check import BadRecord


class MoveView(TypedDict):
    """A move as the replay page shows it: its times, and both clocks after it."""

    seat: int
    text: str
    wall_ms: float | None
    cpu_ms: float | None
    jury: bool
    clocks: list[float | None]  # None for a person (no clock)


class PlayedMoveView(MoveView):
    automatic: list[str]  # the moves the rules then made by themselves


class PlyView(TypedDict):
    """The position after ``ply`` moves, and the move that led to it (None before the first)."""

    ply: int
    board_scores: list[float] | None
    to_move: int | None  # None once the game is over
    move: PlayedMoveView | None
    clocks: list[float | None]


class DrawnPlyView(PlyView):
    svg: str


class _ReplayFields(TypedDict):
    # every view's but its plies (the key order is Replay._replay's)
    game: str
    title: str
    seats: list[str]
    players: list[str]
    commands: list[str | None]
    seed: int | None
    started_at: str | None
    clock_ms: float | None
    replay_error: str | None  # where the rules stopped the replay, None when they did not
    result: Result
    times: list[SeatTimes] | None
    stderr: list[str]
    transcripts: list[list[list[str]]]


class ReplayView(_ReplayFields):
    """The replay page's data, its boards not drawn."""

    plies: list[PlyView]


class PageReplayView(ReplayView):
    svg_base: str  # where the page fetches ply N's board: svg_base/N


class DrawnReplayView(_ReplayFields):
    """The replay with every board drawn in it (what the API returns)."""

    plies: list[DrawnPlyView]


def _clock_left(record: Record, seat: int, used_ms: float) -> float | None:
    """What a seat's clock shows after ``used_ms`` of thinking; None for a person (no clock)."""
    player = record["players"][seat]
    if player.get("command") is None or not math.isfinite(record.get("clock_ms", math.inf)):
        return None
    return round(record["clock_ms"] - used_ms, 1)


def _scores(state: GameState) -> list[float] | None:
    """The score on the board, None while the position has none (Black Hole before its hole)."""
    scores = state.board_scores()
    return None if scores is None else list(scores)


def _move_entry(record: Record, move: Move, used: list[float]) -> MoveView:
    seat = move["seat"]
    used[seat] += move.get("wall_ms", 0.0)
    return {
        "seat": seat,
        "text": move["text"],
        "wall_ms": move.get("wall_ms"),
        "cpu_ms": move.get("cpu_ms"),
        "jury": bool(move.get("jury")),
        "clocks": [_clock_left(record, s, used[s]) for s in (0, 1)],
    }


class Replay:
    """A record replayed: the positions, and the page's data. Boards are drawn when first asked for
    (a page shows one at a time, and drawing is most of a replay's cost)."""

    def __init__(self, record: Record) -> None:
        self.game = get_game(record["game"])
        self.states: list[GameState] = []
        self._svgs: dict[int, str] = {}
        self.view = self._replay(record)

    def _replay(self, record: Record) -> ReplayView:
        played = _played_moves(record["moves"])
        used = [0.0, 0.0]
        plies: list[PlyView] = []
        error = None
        positions = replay_positions(record)
        try:
            first = next(positions)
        except Exception as problem:  # the rules trust the setups the judge made; a file's may be anything
            raise BadRecord(f"setup: a {self.game.title} game cannot start from it "
                            f"({type(problem).__name__}: {problem})") from None
        try:
            for index, state in enumerate(itertools.chain([first], positions)):
                move: PlayedMoveView | None = None
                if index:
                    recorded, automatic = played[index - 1]
                    move = {**_move_entry(record, recorded, used), "automatic": automatic}
                self.states.append(state)
                plies.append({
                    "ply": index,
                    "board_scores": _scores(state),
                    "to_move": None if state.is_over() else state.to_move,
                    "move": move,
                    "clocks": move["clocks"] if move else [_clock_left(record, s, 0.0) for s in (0, 1)],
                })
        except (MoveError, KeyError, ValueError) as problem:  # a record the rules cannot replay
            error = f"the replay stops at ply {len(plies)}: {problem}"
        return {
            "game": self.game.name,
            "title": self.game.title,
            "seats": list(self.game.seats),
            "players": [p["name"] for p in record["players"]],
            "commands": [p.get("command") for p in record["players"]],
            "seed": record.get("seed"),
            "started_at": record.get("started_at"),
            "clock_ms": record.get("clock_ms"),
            "plies": plies,
            "replay_error": error,
            "result": record["result"],
            "times": record.get("times"),
            "stderr": record.get("stderr", ["", ""]),
            "transcripts": record.get("transcripts", [[], []]),
        }

    def svg(self, ply: int, hint: str | None = None) -> str:
        """The board after ``ply`` moves, the last move marked, and ``hint`` (a move to show, e.g. the
        analysis's best one; a MoveError if it is none there). Drawings with a hint are not kept."""
        if not 0 <= ply < len(self.states):
            raise LookupError(f"there is no ply {ply}: the game has {len(self.states) - 1}")
        if hint is not None:
            if self.states[ply].is_over():
                raise MoveError("the game is over: there is no best move to show")
            return board_svg(self.game.name, self.states[ply], self.states[ply - 1] if ply else None, hint)
        if ply not in self._svgs:
            before = self.states[ply - 1] if ply else None
            self._svgs[ply] = board_svg(self.game.name, self.states[ply], before)
        return self._svgs[ply]

    def full_view(self) -> DrawnReplayView:
        """The page's data with every board drawn in it (what the API returns)."""
        return {**self.view, "plies": [{**p, "svg": self.svg(p["ply"])} for p in self.view["plies"]]}

    def page_view(self, svg_base: str) -> PageReplayView:
        """The page's data; its boards are images fetched from ``svg_base/N``."""
        return {**self.view, "svg_base": svg_base}


def replay_view(record: Record) -> DrawnReplayView:
    """The replay of a record with every board drawn (a notebook or a test may want it whole)."""
    return Replay(record).full_view()


def _played_moves(moves: list[Move]) -> list[tuple[Move, list[str]]]:
    """Each move a seat played, with the moves the rules then made by themselves (Turn Right's last
    placement), which are no ply of their own."""
    played: list[tuple[Move, list[str]]] = []
    for move in moves:
        if move.get("automatic") and played:
            played[-1][1].append(move["text"])
        elif not move.get("automatic"):
            played.append((move, []))
    return played


class ReplayCache:
    """The last few replays built, by a key that changes with the game (a record file's mtime)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._views: OrderedDict[Hashable, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, record: Callable[[], Record], label: str) -> Replay:
        """The replay of ``record()`` (checked where it is loaded); ``label`` names it in a refusal."""
        with self._lock:
            if key in self._views:
                self._views.move_to_end(key)
                return self._views[key]
        loaded = record()
        try:
            view = Replay(loaded)
        except BadRecord as error:
            raise BadRecord(f"{label} cannot be replayed: {error}") from None
        with self._lock:
            self._views[key] = view
            while len(self._views) > self.size:
                self._views.popitem(last=False)
        return view
