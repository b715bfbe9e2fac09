"""A person at the terminal taking a seat, with the same face as a Program.

The board is drawn from the protocol's current state (``match.state``); a move
the rules refuse is explained and asked for again, so a typo never loses the game.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, TextIO

from ..games.base import MoveError


MAX_MOVES_SHOWN = 60
"""More legal moves than this (Black Hole's 465) are counted, not listed."""


class HumanPlayer:
    def __init__(
        self,
        seat_name: str,
        match: Any,
        read: Callable[[str], str] = input,
        out: TextIO = sys.stdout,
    ) -> None:
        self.seat_name = seat_name
        self.match = match
        self._read = read
        self._out = out
        self.closed = False

    def send(self, line: str) -> None:
        print(f"[{self.seat_name}] judge says: {line}", file=self._out)

    def _refusal(self, text: str) -> str | None:
        state = self.match.state
        if state is None or state.is_over():
            return None
        try:
            state.copy().play_text(text)
        except MoveError as error:
            return str(error)
        return None

    def read_line(self, timeout_s: float) -> str | None:
        state = self.match.state
        while True:
            if state is not None:
                print(state, file=self._out)
                legal = state.legal_moves()
                if len(legal) <= MAX_MOVES_SHOWN:
                    print(f"legal: {' '.join(state.format_move(m) for m in legal)}", file=self._out)
                else:
                    print(f"{len(legal)} legal moves", file=self._out)
            try:
                text = self._read(f"{self.seat_name}, your move: ").strip()
            except EOFError:
                return None  # the person left: treated like a program that stopped replying
            refusal = self._refusal(text)
            if refusal is None:
                return text
            print(f"refused: {refusal}", file=self._out)

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
