"""Is the opponent playing the one-ply greedy policy? player.py asks after every move.

Many weak programs pick the move that leaves them the most pieces. A minimax
search treats them as perfect and leaves most of their blunders unused:
against ``builtin:greedy`` it takes about 68% of the points; searching against
the policy itself takes about 85% (see the closing notes of issue 6). So
player.py watches the opponent. Once the opponent has played
``EVIDENCE_NEEDED`` greedy moves where it had a real choice (not every legal move
was a greedy one), and nothing else, player.py searches against that policy
(greedy_model.pxi). The first non-greedy move ends it for the rest of the game.

A good opponent rarely matches the policy that often. Our own minimax search
picks a greedy move in 21% of its real choices and so passes the test in
0.04% of games; a player that did so 40% of the time would pass in 1%, and
only until its next other move. (5 rather than 8: the model then starts
about three moves earlier, worth 85.3% -> 86.9% of the points, 20 games.)
"""

from __future__ import annotations

from ...greedy_evidence import GreedyEvidence
from . import engine

EVIDENCE_NEEDED = 5


class GreedyWatch(GreedyEvidence):
    evidence_needed = EVIDENCE_NEEDED

    def observe(self, mover: int, other: int, square: int) -> None:
        """The opponent, owning ``mover`` (before its move) against ``other``, played ``square``."""
        if self.refuted:
            return  # nothing more to learn: skip the move generation
        greedy = engine.greedy_moves(mover, other)
        hit = bool(greedy >> square & 1)
        self.record(hit, hit and greedy != engine.legal_moves(mover, other))
