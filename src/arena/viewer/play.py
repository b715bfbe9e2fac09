"""Games played in the browser: the judge in a background thread, a BrowserSeat for the person.

The game goes through ``refereeing.referee.play_game`` exactly as ``arena play``
does (same protocol, clocks and record); the finished record is saved in the
records folder and opens in the replay.
"""

from __future__ import annotations

import math
import random
import re
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import TypedDict

from ..games import game_names, get_game
from ..games.base import MoveError
from ..refereeing.players import PlayerSpec
from ..judge.record import write_record
from ..judge.record_types import Result
from ..refereeing.game_record import describe_result
from ..refereeing.referee import play_game
from ..judge.sandbox.settings import Sandbox
from .browser_seat import IDLE_AFTER_S, BrowserSeat
from ..web_common.drawing import board_svg, text_board

MAX_LEGAL_SHOWN = 120
"""More legal moves than this (Black Hole's 465, a Lucky Words call's 26 × cells) are counted, not listed."""


class GameChoice(TypedDict):
    name: str
    title: str
    seats: list[str]
    bots: list[str]


class MoveLine(TypedDict):
    seat: int
    text: str
    wall_ms: float | None


class _Shown(TypedDict, total=False):
    # what the game's state lets the page show: the board while it plays, the result once it is over
    svg: str
    viewbox: list[float]
    board_scores: list[float] | None
    legal: list[str]
    legal_count: int
    clocks: list[int | None]
    moves: list[MoveLine]
    heard: list[str]
    prompt: str
    error: str
    result: Result
    summary: str
    record: str  # the saved record's file name
    version: int  # how many views were published before it (set as it is published)


class PlayView(_Shown):
    """What the play page shows of the game (polled by its script)."""

    id: str
    game: str
    title: str
    seats: list[str]
    players: list[str]
    you: int
    status: str
    seed: int


def game_choices() -> list[GameChoice]:
    """The games, their seats and built-in players: what the new-game form offers."""
    return [{"name": name, "title": get_game(name).title, "seats": list(get_game(name).seats),
             "bots": list(get_game(name).bots)} for name in game_names()]


class PlayError(ValueError):
    """A game cannot be started as asked; the message says why."""


def _viewbox(svg: str) -> list[float]:
    found = re.search(r'viewBox="([\d.\s-]+)"', svg)
    return [float(v) for v in found[1].split()][2:] if found else [0.0, 0.0]


class PlaySession:
    def __init__(self, session_id: str, game: str, specs: list[PlayerSpec], seed: int, time_scale: float,
                 records_dir: Path, sandbox: Sandbox | None = None, idle_s: float = IDLE_AFTER_S) -> None:
        self.id = session_id
        self.sandbox = sandbox
        self.idle_s = idle_s  # how long the person may leave their move before the game ends
        self.finished = threading.Event()  # set once the game is over and its record saved (or failed)
        self.game = get_game(game)
        self.specs = specs
        self.seed = seed
        self.time_scale = time_scale
        self.records_dir = records_dir
        self.human = [spec.is_human for spec in specs].index(True)
        self.seat: BrowserSeat | None = None
        self.prompt_state = None  # the position the person was last asked to move in
        # the setup play_game would draw from the seed, drawn here so that the start position is known:
        # an opponent who moves first has its move marked like every later one
        self.setup = self.game.make_setup(random.Random(seed))
        self._last_state = self.game.new_state(self.setup)  # the position last shown (to mark the next move)
        self.version = 0
        self._changed = threading.Condition()
        self._view: PlayView = {**self._base_view("starting"), "version": 0}
        self.thread = threading.Thread(target=self._run, name=f"play-{session_id}", daemon=True)

    # -- views -------------------------------------------------------------

    def _base_view(self, status: str) -> PlayView:
        return {"id": self.id, "game": self.game.name, "title": self.game.title, "seats": list(self.game.seats),
                "players": [spec.text for spec in self.specs], "you": self.human, "status": status,
                "seed": self.seed}

    def _publish(self, view: PlayView) -> None:
        with self._changed:
            self.version += 1
            self._view = {**view, "version": self.version}
            self._changed.notify_all()

    def view(self, after: int = -1, wait_s: float = 0.0) -> PlayView:
        """The latest view; with ``after``, wait up to ``wait_s`` for a newer one (long polling)."""
        deadline = time.monotonic() + wait_s
        with self._changed:
            while self.version <= after and (left := deadline - time.monotonic()) > 0:
                self._changed.wait(left)
            return self._view

    def _board_view(self, status: str, state, before, match) -> PlayView:
        hidden = self.game.hidden_boards  # then only your own position and moves, as text
        assert self.seat is not None  # a board is drawn once the person has a seat (its prompt, its move)
        svg = text_board(self.seat.view.board(state, self.human)) if hidden else \
            board_svg(self.game.name, state, before)
        legal = [] if state.is_over() else [state.format_move(m) for m in state.legal_moves()]
        clocks = [seat.clock_ms for seat in match.seats]
        scores = state.board_scores()  # None while the position shows no score (Black Hole before its hole)
        moves = [m for m in match.moves if not hidden or m["seat"] == self.human]
        return {
            **self._base_view(status),
            "svg": svg,
            "viewbox": _viewbox(svg),
            "board_scores": None if scores is None else list(scores),
            "legal": legal if len(legal) <= MAX_LEGAL_SHOWN else [],
            "legal_count": len(legal),
            "clocks": [round(c) if math.isfinite(c) else None for c in clocks],
            "moves": [{"seat": m["seat"], "text": m["text"], "wall_ms": m.get("wall_ms")} for m in moves],
            "heard": self.seat.heard[-6:] if self.seat else [],
            "prompt": self.seat.prompt() if self.seat else "",
        }

    def _on_prompt(self, seat: BrowserSeat) -> None:
        """The judge asks the person for a move (judge thread: the position stands still meanwhile)."""
        state = seat.match.state
        self.prompt_state = None if state is None else state.copy()
        if state is None:
            self._publish({**self._base_view("your move"), "heard": seat.heard[-6:], "legal": [], "moves": [],
                           "prompt": seat.prompt()})
            return
        self._publish(self._board_view("your move", state, self._last_state, seat.match))
        self._last_state = state.copy()

    # -- moves from the browser ---------------------------------------------

    def submit(self, text: str) -> str | None:
        """Play the person's move; the rules' reason if it is refused."""
        seat, before = self.seat, self.prompt_state
        if seat is None or not seat.waiting:
            return "it is not your turn"
        text = seat.view.as_sent(text.strip())
        refusal = None if before is None else seat.view.refusal(before, seat.written, text)
        if refusal is not None:
            return refusal
        after = None if before is None else before.copy()
        if after is not None:
            try:
                after.play_text(text)
            except MoveError:
                after = None  # a line that is only part of a move (a Lucky Words letter): nothing to show yet
        if after is not None:
            # shown before the judge has the move, so the opponent's reply is never overwritten
            if self.game.hidden_boards:  # the position after your move is the opponent's to see
                self._publish({**self.view(), "status": "opponent thinking", "legal": [], "legal_count": 0})
            else:
                view = self._board_view("opponent thinking", after, before, seat.match)
                self._publish({**view, "legal": [], "legal_count": 0})
            self._last_state = after
        return seat.submit(text)

    def resign(self) -> None:
        if self.seat is not None:
            self.seat.resign()

    # -- the judge's thread --------------------------------------------------

    def start(self) -> None:
        self.thread.start()

    def _make_seat(self, seat_name: str, match, view=None) -> BrowserSeat:
        self.seat = BrowserSeat(seat_name, match, view, self._on_prompt, self.idle_s)
        return self.seat

    def _run(self) -> None:
        try:
            final = self._play_and_save()
        except Exception as error:  # a command that cannot start, a broken setup: said on the page
            final = {**self._base_view("failed"), "error": f"{type(error).__name__}: {error}"}
        self.finished.set()  # the place is free before anyone is told the game is over
        self._publish(final)

    def _play_and_save(self) -> PlayView:
        """The game from start to saved record; the view that says how it ended."""
        record = play_game(self.game, self.specs, seed=self.seed, setup=self.setup,
                           time_scale=self.time_scale, human_seat=self._make_seat, sandbox=self.sandbox)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        name = f"play-{self.game.name}-{stamp}-{self.id}.json"
        over: PlayView = {**self._base_view("over"), "result": record["result"], "summary": describe_result(record)}
        try:
            # its folder made if missing, never through a link or a folder a program's uid may change
            write_record(record, self.records_dir / name, make_folders=True)
        except OSError as error:  # the game is over all the same: say so, with the result
            return {**over, "status": "failed", "error": f"the record could not be saved: {error}"}
        return {**over, "record": name}
