"""Domineering's analyst: the strong engine's search on one position (arena/analysis/evaluation.py).

Values are point margins: the mover's final points minus the opponent's, by rules.py's
scores() (the second seat's 2.5 start included). The value is the margin so far, plus the
worth of what is already decided (cells nobody can cover, runs only one side can still fill:
the engine's settle()), plus the engine's search of the contested cells left. With
SOLVE_EMPTIES contested cells or fewer the engine searches to the end; only a search that
needed no estimate is marked exact.
"""

from __future__ import annotations

from ..base import GameState
from .rules import PASS, SIZE
from .strong import engine
from .strong.player import own_run_move

UNITS = "point margin"
# A game is some 30-40 plies: on two cores at 0.5 s a ply, about 10 s.
DEFAULT_SECONDS = 0.5
# 2 points: a domino covers two cells of 0-3, so a loss of 2 is a domino's worth given away
# (the second seat's 2.5 start is about one); a loss of 1 is a single cell of value 1, often
# the price of a tempo that the estimate cannot tell from noise.
MISTAKE = 2.0
# The strong player solves exactly from 36 contested cells (strong/player.py); so do we.
SOLVE_EMPTIES = 36

_values_loaded: tuple[int, ...] | None = None


def occupancy(state: GameState) -> int:
    """The covered cells as the engine's mask: bit (x − 1) · 8 + (y − 1) is row x, column y."""
    return sum(1 << (x - 1) * SIZE + y - 1
               for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if state.covered[x][y])


def load_values(state: GameState) -> None:
    """Give the engine this game's cell values; a new board forgets the transposition table,
    the same board (the next ply of the game) keeps what earlier searches learnt."""
    global _values_loaded
    values = tuple(value for row in state.values for value in row)
    if values != _values_loaded:
        engine.set_values(list(values))
        _values_loaded = values


def move_text(state: GameState, bit: int) -> str:
    return state.format_move(PASS if bit == -1 else (bit // SIZE + 1, bit % SIZE + 1))


def evaluate(state: GameState, played: str | None, seconds: float):
    from ...analysis.evaluation import Evaluation

    load_values(state)
    side, passed = state.to_move, state.passes_in_a_row == 1
    occ = occupancy(state)
    settled, first_minus_second = engine.settled(occ)
    scores = state.scores()
    known = scores[side] - scores[1 - side] + (first_minus_second if side == 0 else -first_minus_second)
    if engine.placements(settled, side):
        bit, score, _depth, _nodes, exact = engine.search(settled, side, passed, seconds, seconds, SOLVE_EMPTIES)
    elif passed or not engine.placements(settled, 1 - side):
        # nothing contested is left for either side, or the opponent just passed and a pass
        # here ends the game: only what is decided counts (the engine's own rule at a leaf)
        bit, score, exact = -1, 0, True
    else:
        # the mover has no contested placement: it passes (or fills its own run, which the
        # settled worth counts already) and the opponent moves with a pass before it
        _reply, opponent_score, _depth, _nodes, exact = engine.search(
            settled, 1 - side, True, seconds, seconds, SOLVE_EMPTIES)
        bit, score = -1, -opponent_score
    if bit == -1:
        bit = own_run_move(occ, side)  # a pass that scores: it fills a run only the mover can
    return Evaluation(value=float(known + score), best=move_text(state, bit), exact=bool(exact))


def outcome(state: GameState, seat: int) -> float:
    """The final point margin from ``seat``'s view: its points minus the other's."""
    scores = state.scores()
    return float(scores[seat] - scores[1 - seat])
