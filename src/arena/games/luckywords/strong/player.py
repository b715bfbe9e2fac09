"""Lucky Words' strong player: the compiled engine's line values under a whole-game time plan.

Run it with ``arena bot luckywords strong``. It speaks the CodeCup protocol
(starting letter, ``start`` or the opponent's letter, then cells and calls) and
writes its own total at the end. The word list is the one the judge scores
with (``player_words.py`` says how it learns it); it is read after the first line, so
start-up stays short.

The clock is 30 s per game, start-up included. A decision costs milliseconds;
the time plan only switches the opponent's model off if the clock runs short
(a very small ``--time-scale`` or a crowded machine).
"""

from __future__ import annotations

import sys
import time

from ...time_plan import SPEND, clock_seconds
from . import engine
from .tactics import best_cell, choose_call

CELLS, CENTRE = 49, 24
DECISIONS = 72  # 48 placements and 24 calls per game


class Player:
    def __init__(self, first_letter: str, clock: float) -> None:
        # imported here, after the first line: the dictionary, its letter odds and the
        # opponent's model are the player's set-up, not its start-up
        from ..player_words import scoring_words
        from .odds import LetterOdds
        from .opponent_model import OpponentModel

        words = scoring_words()
        self.engine = engine.Engine(words)
        self.odds = LetterOdds(words)
        self.grid = bytearray(CELLS)
        self.grid[CENTRE] = letter_code(first_letter)
        self.model = OpponentModel(words, first_letter.strip().upper())
        self.budget = clock * SPEND
        self.decisions = 0
        self.look_ahead = True

    def refresh(self) -> None:
        self.engine.set_odds(self.odds.odds(self.grid.count(0)), self.odds.share)

    def cheap(self) -> bool:
        """Too little clock left for the opponent's model: plan on our own grid only."""
        left = DECISIONS - self.decisions
        return self.budget / max(left, 1) < 0.004

    def place(self, letter: int) -> int:
        shares = self.odds.next_shares() if self.look_ahead and not self.cheap() else None
        cell, _ = best_cell(self.engine, self.grid, letter, shares)
        self.grid[cell] = letter
        self.model.place(chr(letter + 64))  # the opponent places it too
        return cell

    def call(self) -> int:
        return choose_call(self.engine, self.grid, None if self.cheap() else self.model.grid_bytes())


def letter_code(text: str) -> int:
    return ord(text.strip().upper()) - 64


def main(seed: int | None = None) -> None:
    """Play one game on stdin/stdout. ``seed`` is accepted for the judge; the play is deterministic."""
    clock = clock_seconds(30_000)

    def write(text) -> None:
        sys.stdout.write(f"{text}\n")
        sys.stdout.flush()

    first = sys.stdin.readline()
    if not first.strip():
        return
    player = Player(first, clock)
    while player.grid.count(0):
        line = sys.stdin.readline()
        if not line:
            return
        started = time.monotonic()
        player.refresh()
        if line.strip().upper() != "START":
            letter = letter_code(line)
            player.odds.hear(chr(letter + 64))
            replies = [player.place(letter)]
        else:
            replies = []
        if player.grid.count(0):
            letter = player.call()
            replies += [chr(letter + 64), player.place(letter)]
        player.decisions += len(replies)
        player.budget -= time.monotonic() - started  # counted before the replies go out
        for reply in replies:
            write(reply)
    write(player.engine.grid_points(bytes(player.grid)))
