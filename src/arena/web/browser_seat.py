"""A person in the browser taking a seat: the same face as a Program and as judge/human.py's HumanPlayer.

The judge runs in its own thread and calls :meth:`BrowserSeat.read_line` like
for any program; the call waits until the browser hands a move in through
:meth:`submit`. A move the rules refuse never reaches the judge: the browser
is told the rules' reason and the seat keeps waiting, as at the terminal.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from typing import Any, Callable

from ..games.base import GameInfo, MoveError
from ..judge.process import ProgramFault

ABANDONED_AFTER_S = 30 * 60
"""A person who has not moved for this long has left: the seat times out and the game ends."""

RESIGNED = None
"""What the browser hands in to resign."""


class BrowserSeat:
    def __init__(self, seat_name: str, match: Any, game: GameInfo, on_prompt: Callable[["BrowserSeat"], None]) -> None:
        self.seat_name = seat_name
        self.match = match
        self.game = game
        self.heard: list[str] = []  # every line the judge sent this seat
        self.closed = False
        self._on_prompt = on_prompt
        self._answers: queue.Queue[list[str] | None] = queue.Queue()
        self._rest_of_move: deque[str] = deque()  # a move written in several lines
        self._lock = threading.Lock()
        self._waiting = False

    @property
    def waiting(self) -> bool:
        return self._waiting

    # -- the judge's side (its own thread) ---------------------------------

    def send(self, line: str) -> None:
        self.heard.append(line)

    def read_line(self, timeout_s: float) -> str | None:
        # A person plays without a clock (as at the terminal): timeout_s is not theirs to meet.
        if self._rest_of_move:
            return self._rest_of_move.popleft()
        if self.match.state is None and self.game.handshake_reply is not None:
            return self.game.handshake_reply
        with self._lock:
            self._waiting = True
        self._on_prompt(self)
        try:
            answer = self._answers.get(timeout=ABANDONED_AFTER_S)
        except queue.Empty:
            raise ProgramFault("timeout", f"no move came from the browser in {ABANDONED_AFTER_S // 60} minutes") from None
        finally:
            with self._lock:
                self._waiting = False
        if answer is RESIGNED:
            raise ProgramFault("exit", "resigned in the browser")
        first, *rest = answer
        self._rest_of_move.extend(rest)
        return first

    def suspend(self) -> None:
        pass

    def resume(self) -> None:
        pass

    def cpu_seconds_since_last_call(self) -> float:
        return 0.0

    def let_finish(self) -> None:
        pass

    def close(self, grace_s: float = 0.0) -> None:
        self.closed = True

    # -- the browser's side (a web request's thread) -----------------------

    def submit(self, text: str) -> str | None:
        """Hand the judge a move; return the reason it is refused (None: accepted)."""
        text = text.strip()
        with self._lock:
            if not self._waiting:
                return "it is not your turn"
            state = self.match.state
            if state is not None and not state.is_over():
                try:
                    state.copy().play_text(text)
                except MoveError as error:
                    return str(error)
            split = self.game.move_lines if state is not None else None
            lines = split(text) if split else [text]
            self._waiting = False
            self._answers.put(lines or [""])
        return None

    def resign(self) -> None:
        self._answers.put(RESIGNED)
