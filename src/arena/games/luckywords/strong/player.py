"""Lucky Words' strong player: the compiled engine's line values under a whole-game time plan.

Run it with ``arena bot luckywords strong``. It speaks the CodeCup protocol
(starting letter, ``start`` or the opponent's letter, then cells and calls) and
writes its own total at the end. The word list is the one the judge scores
with (``player_words.py`` says how it learns it); it is read after the first line, so
start-up stays short.

The clock is 30 s per game, start-up included. The time plan shares
``SPEND`` of it (less the set-up) evenly over the decisions still to make (48
placements, 24 calls). A placement looks one letter ahead at its best cells,
then plays its best few out to the end of the game for the rest of its share;
a call plays out its best few letters (tactics.py). Play-outs stop at their
deadline, so a game takes about ``SPEND`` of the clock whatever the machine.
When even a decision's share is tiny (a very small ``--time-scale``, a crowded
machine) it places and calls on its own grid's values alone.
"""

from __future__ import annotations

import sys
import time

from ...time_plan import Stopwatch, clock_seconds
from . import engine
from .tactics import LOOK_WIDTH, best_cell, choose_call

CELLS, CENTRE = 49, 24
DECISIONS = 72  # 48 placements and 24 calls per game
SPEND = 0.55  # of the clock: play-outs use all they are given, so keep a wide margin
TINY = 0.004  # seconds per decision below which it plans on its own grid alone
PLAYOUT_FROM = 48  # empty cells from which moves are played out to the end (48: all of them)
PLAYOUT_SHARE = 1.1  # of a decision's even share, for a placement's play-outs
CALL_PLAYOUT_SHARE = 0.8  # ... for a call's


class Player:
    def __init__(self, first_letter: str, clock: float) -> None:
        # imported here, after the first line: the dictionary, its letter odds and the
        # opponent's model are the player's set-up, not its start-up
        from ..player_words import scoring_words
        from .odds import LetterOdds
        from .opponent_model import OpponentModel

        words = scoring_words()
        self.engine = engine.Engine(words)
        self.odds = LetterOdds()
        self.grid = bytearray(CELLS)
        self.grid[CENTRE] = letter_code(first_letter)
        self.model = OpponentModel(words, first_letter.strip().upper())
        self.budget = clock * SPEND
        self.decisions = 0
        self.look_ahead = True
        self.candidate_seconds = 0.003  # what looking one cell ahead costs, as last measured

    def refresh(self) -> None:
        self.engine.set_odds(self.odds.odds(self.grid.count(0)), self.odds.share)

    def allowance(self) -> float:
        """Seconds for this decision: an even share of what the plan has left."""
        return self.budget / max(DECISIONS - self.decisions, 1)

    def cheap(self) -> bool:
        """Too little clock left for the opponent's model: plan on our own grid only."""
        return self.allowance() < TINY

    def place(self, letter: int, ours_next: bool) -> int:
        width = min(LOOK_WIDTH, int(0.7 * self.allowance() / self.candidate_seconds))
        shares = self.odds.next_shares() if self.look_ahead and width >= 2 and not self.cheap() else None
        started = time.monotonic()
        playout = 0.0
        if shares is not None and self.grid.count(0) <= PLAYOUT_FROM:
            playout = PLAYOUT_SHARE * self.allowance() - width * self.candidate_seconds
        cell, _ = best_cell(self.engine, self.grid, letter, shares, width, playout_seconds=max(0.0, playout),
                            ours_next=ours_next)
        if shares is not None and playout <= 0:
            measured = (time.monotonic() - started) / width
            self.candidate_seconds = 0.7 * self.candidate_seconds + 0.3 * measured
        self.grid[cell] = letter
        self.model.place(chr(letter + 64))  # the opponent places it too
        return cell

    def call(self) -> int:
        if self.cheap():
            return choose_call(self.engine, self.grid, None)
        playout = CALL_PLAYOUT_SHARE * self.allowance() if self.grid.count(0) <= PLAYOUT_FROM else 0.0
        return choose_call(self.engine, self.grid, self.model.grid_bytes(), next_shares=self.odds.next_shares(),
                           playout_seconds=playout)


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
    move_time = Stopwatch()
    player = Player(first, clock)
    player.budget -= move_time.seconds()  # the set-up runs on our clock too
    while player.grid.count(0):
        line = sys.stdin.readline()
        if not line:
            return
        move_time.restart()
        player.refresh()
        if line.strip().upper() != "START":
            letter = letter_code(line)
            player.odds.hear(chr(letter + 64))
            replies: list[int | str] = [player.place(letter, ours_next=True)]
        else:
            replies = []
        if player.grid.count(0):
            letter = player.call()
            replies += [chr(letter + 64), player.place(letter, ours_next=False)]
        player.decisions += len(replies)
        player.budget -= move_time.seconds()  # counted before the replies go out
        for reply in replies:
            write(reply)
    write(player.engine.grid_points(bytes(player.grid)))
