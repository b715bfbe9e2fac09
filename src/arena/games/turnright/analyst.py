"""Turn Right's analyst (arena/games/analyst_contract.py): the strong engine's value of a position.

The unit is the **point margin**: the mover's 2×2 points minus the opponent's (White's 5 free
points included) as the game would end. A 3×3 win ends it at once and counts as 50 points
plus the winner's lead then, the lead counted from 0 to 50: a 3×3 winner is always ahead
(it gets 3 game points, the most there are), and, as in the match points, a lead beyond 50
adds nothing and a win is worth more the more the winner leads. The strong player holds a
3×3 win back on the same reckoning (strong/margin.pxi).

Both phases are plies. A circuit is valued by the engine's 2-ply search (the mover's circuit
against every reply of the opponent: the points of both circuits plus the search's estimate
of the board left, analyst_phases/circuits.py); the last two circuits are solved exactly, every
circuit of both sides. A placement is valued by the engine's placement search
(analyst_phases/placement.py): once it reaches the full board, in the points of the first two
circuits; before that, by its estimate of how close each colour stands to 2×2 and 3×3 blocks.
"""

from __future__ import annotations

from .analyst_phases.units import margin, outcome  # noqa: F401  (outcome is part of the contract)
from .rules import TurnRightState

UNITS = "point margin (a 3x3 win: 50 + the lead)"
DEFAULT_SECONDS = 0.6
"""A circuit's 2-ply search is usually complete in a few tenths of a second and the exact end
needs 0.1-0.45 s; a placement's search reaches 5-8 plies in 0.36 s; a whole game (61 plies at
most) takes about 20 s of one core, 10-12 s on two."""
MISTAKE = 4.0
"""Four points: a 2×2 block kept for four circuits, or a good circuit's whole gain. The
estimates of the 2-ply search and of the placement search are off by a point or two (their
unit is a guess beyond the search), so smaller losses are mostly noise."""


def evaluate(state: TurnRightState, played: str | None, seconds: float):
    """The Evaluation of ``state`` (not over) for the side to move; ``state`` is left as it was."""
    if state.is_over():
        raise ValueError("the game is over: there is no move to evaluate")
    if state.placing:
        from .analyst_phases.placement import evaluate_placement
        return evaluate_placement(state, played, seconds)
    from .analyst_phases.circuits import evaluate_circuit
    return evaluate_circuit(state, played, seconds)


__all__ = ["UNITS", "DEFAULT_SECONDS", "MISTAKE", "evaluate", "outcome", "margin"]
