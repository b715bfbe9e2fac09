"""A person in the browser taking a seat: the same face as a Program and as refereeing/human.py's HumanPlayer.

The judge runs in its own thread and calls :meth:`BrowserSeat.read_line` like
for any program; the call waits until the browser hands a line in through
:meth:`submit`. The game's HumanView (its ``text.py``) says, as at the
terminal, what is asked for, which lines are answered for the person (a
handshake) and why a line is refused; a refused line never reaches the judge.
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Callable

from ..games.human_view import HumanView
from ..refereeing.human import PersonSeat
from ..judge.process import ProgramFault

IDLE_AFTER_S = 5 * 60
"""A person who has not moved for this long has left: the seat times out and the game ends, its record
kept like any other (a game nobody plays must not hold one of the server's few places for long)."""

RESIGNED = None
"""What the browser hands in to resign."""


class BrowserSeat(PersonSeat):
    def __init__(self, seat_name: str, match: Any, view: HumanView | None,
                 on_prompt: Callable[["BrowserSeat"], None], idle_s: float = IDLE_AFTER_S) -> None:
        self.seat_name = seat_name
        self.idle_s = idle_s
        self.match = match
        self.view = view or HumanView()
        self.heard: list[str] = []  # every line the judge sent this seat
        self.closed = False
        self.written: list[str] = []  # this move's lines so far (Lucky Words: the letter, then the cell)
        self._moves_seen = 0  # the match's recorded moves when ``written`` began
        self._on_prompt = on_prompt
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._lock = threading.Lock()
        self._waiting = False

    @property
    def waiting(self) -> bool:
        return self._waiting

    def prompt(self) -> str:
        """What the person is asked for now."""
        state = self.match.state
        return "your move" if state is None else self.view.prompt(state, self.written)

    # -- the judge's side (its own thread) ---------------------------------

    def send(self, line: str) -> None:
        self.heard.append(line)

    def read_line(self, timeout_s: float) -> str | None:
        # A person plays without a clock (as at the terminal): timeout_s is not theirs to meet.
        automatic = self.view.auto_reply(self.heard[-1] if self.heard else None)
        if automatic is not None:
            return automatic
        state = self.match.state
        if state is not None and state.is_over():
            return None  # nothing is due once the game is over (e.g. an optional final total)
        if len(self.match.moves) != self._moves_seen:
            self.written, self._moves_seen = [], len(self.match.moves)
        with self._lock:
            self._waiting = True
        self._on_prompt(self)
        try:
            answer = self._answers.get(timeout=self.idle_s)
        except queue.Empty:
            raise ProgramFault("timeout", f"no move came from the browser in {duration_words(self.idle_s)}: "
                                          f"the game was left") from None
        finally:
            with self._lock:
                self._waiting = False
        if answer is RESIGNED:
            raise ProgramFault("exit", "resigned in the browser")
        self.written.append(answer)
        return answer

    # -- the browser's side (a web request's thread) -----------------------

    def submit(self, text: str) -> str | None:
        """Hand the judge a line; return the reason it is refused (None: accepted)."""
        text = self.view.as_sent(text.strip())
        with self._lock:
            if not self._waiting:
                return "it is not your turn"
            state = self.match.state
            refusal = None if state is None else self.view.refusal(state, self.written, text)
            if refusal is not None:
                return refusal
            self._waiting = False
            self._answers.put(text)
        return None

    def resign(self) -> None:
        self._answers.put(RESIGNED)


def duration_words(seconds: float) -> str:
    return f"{seconds / 60:g} minutes" if seconds >= 60 else f"{seconds:g} seconds"
