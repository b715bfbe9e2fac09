"""Is the opponent playing the one-ply greedy policy? player.py asks after every move.

Against ``builtin:greedy`` the minimax search wins every game, but by about 8
points: it treats greedy as perfect and never steers toward its mistakes.
Searching against the policy itself (greedy_model.pxi) wins by about 16
(1,000 games through the judge at the full clock). So player.py watches the opponent:
once it has played ``EVIDENCE_NEEDED`` greedy moves before the filling phase,
and nothing else, player.py searches against that policy. The first
non-greedy move ends it for the rest of the game.

Moves in the filling phase (no empty tile touches another) are no evidence:
there every sound player fills the tile worst for it, which is also greedy's
move.

Why 5: Maks Verver's published CodeCup 2018 player opens like greedy (big
stones on open tiles) for up to 4 moves before its first other move (13
games); at 4 the model switched on against it once, for one move. vs greedy,
40 games at the full clock: evidence 4 +16.5 (20 games), 5 +15.1, 6 +13.6.
"""

from __future__ import annotations

from ...greedy_evidence import GreedyEvidence
from . import engine

EVIDENCE_NEEDED = 5


class GreedyWatch(GreedyEvidence):
    evidence_needed = EVIDENCE_NEEDED

    def observe(self, tile: int, number: int) -> None:
        """The opponent played ``number`` on ``tile`` in the engine's position (not yet made)."""
        if self.refuted:
            return  # nothing more to learn: skip the move generation
        hit = (tile, number) in engine.greedy_moves()
        self.record(hit, hit and not engine.in_filling_phase())
