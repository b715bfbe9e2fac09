"""A person at the terminal taking a seat, with the same face as a Program.

The board is drawn from the protocol's current state (``match.state``) through
the game's HumanView (its ``text.py``): what to type, the legal choices, and
why a line is refused; a refused line is asked for again, so a typo never loses
the game. End of input (Ctrl-D) resigns.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, TextIO

from ..games.human_view import HumanView
from ..judge.process import ProgramFault
from .terminal_text import visible

RESIGNED = "resigned (end of input)"


class PersonSeat:
    """What a seat taken by a person does as a process: nothing. Nobody suspends a
    person, a person uses no CPU the judge can measure, and closing only marks the seat."""

    closed = False
    idle_wake_wait_ns = 0  # the judge never waits on a person's pipe (Program.idle_wake_wait_ns)

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


class HumanPlayer(PersonSeat):
    def __init__(
        self,
        seat_name: str,
        match: Any,
        read: Callable[[str], str] = input,
        out: TextIO = sys.stdout,
        view: HumanView[Any] | None = None,
    ) -> None:
        self.seat_name = seat_name
        self.match = match
        self.view = view or HumanView()
        self._read = read
        self._out = out
        self.closed = False
        self._last_received: str | None = None
        self._written: list[str] = []  # this move's lines so far (Lucky Words: letter, then cell)
        self._moves_seen = 0  # the match's recorded moves when they were written

    def send(self, line: str) -> None:
        self._last_received = line
        # the opponent's move, forwarded: a program's text, shown with its control characters written out
        print(f"[{self.seat_name}] judge says: {visible(line)}", file=self._out)

    @property
    def seat(self) -> int:
        return next(i for i, seat in enumerate(self.match.seats) if seat.player is self)

    def read_line(self, timeout_s: float) -> str | None:
        automatic = self.view.auto_reply(self._last_received)
        if automatic is not None:
            print(f"[{self.seat_name}] answered for you: {automatic}", file=self._out)
            return automatic
        state = self.match.state
        if state is not None and state.is_over():
            return None  # nothing is due once the game is over (e.g. an optional final total)
        if len(self.match.moves) != self._moves_seen:
            self._written, self._moves_seen = [], len(self.match.moves)
        text = self._ask(state)
        self._written.append(text)
        return text

    def _ask(self, state: Any) -> str:
        """Ask until a line passes the game's checks; end of input resigns.

        The board is drawn once per move (not again for its second line, nor
        after a refusal, whose reason is the news).
        """
        if state is not None and not self._written:
            print(self.view.board(state, self.seat), file=self._out)
            choices = self.view.choices(state, self._written)
            if choices:
                print(choices, file=self._out)
        while True:
            prompt = "your move" if state is None else self.view.prompt(state, self._written)
            try:
                text = self.view.as_sent(self._read(f"{self.seat_name}, {prompt}: ").strip())
            except EOFError:
                print(file=self._out)
                raise ProgramFault("exit", RESIGNED) from None
            refusal = None if state is None else self.view.refusal(state, self._written, text)
            if refusal is None:
                return text
            print(f"refused: {visible(refusal)}", file=self._out)  # it may quote what was typed
