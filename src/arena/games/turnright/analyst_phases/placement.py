"""The analyst's placement phase: the strong engine's placement search (strong/placement.pxi).

The search deepens while its time lasts. Once it reaches the full board (Black's last piece
placed by itself), every line ends in Black's first rectangle against White's reply, valued
by the 2-ply circuit search in eighths of a point: the value is then the head start plus the
points of those two circuits as that search sees them. Before, the leaves are the engine's
estimate of how close each colour stands to 2×2 and 3×3 blocks, counted here at HEURISTIC
of its units to the point: a whole 2×2 block of one's own colour is 12 units, and it scores
a point on every circuit it lives through. The move played is searched to the same depth as
the best one, so its loss compares like with like.
"""

from __future__ import annotations

import time

from ...analyst_contract import AnalystDetail, Evaluation
from ...base import MoveError
from .units import EIGHTHS, WIN, forced_3x3, margin, masks, win_value
from ..rules import TurnRightState
from ..scoring import EMPTY

HEURISTIC = 12      # the placement estimate's units per point (see above)
SEARCH_SHARE = 0.6  # of the time for the best placement; the rest values the one played


def _engine():
    from ..strong import engine
    return engine


def evaluate_placement(state: TurnRightState, played: str | None, seconds: float) -> Evaluation:
    engine = _engine()
    deadline = time.monotonic() + seconds
    mover = state.to_move
    mine, theirs = masks(state, mover)
    free = state.board.count(EMPTY)
    square, depth, raw = engine.search_placement(mine, theirs, seconds * SEARCH_SHARE)
    full_board = depth >= free - 1  # every line reached the full board (the last square fills itself)
    lead = margin(state, mover)
    value = _points(raw, lead, full_board)
    best = state.format_move(square)
    played_value = None
    if played is not None:
        played_value = _played_value(engine, state, played, square, value, depth, full_board,
                                     max(deadline - time.monotonic(), 0.01))
    detail: AnalystDetail = forced_3x3(value, mover, 2) if full_board else {}
    detail["search"] = f"placement, {depth} plies" + (" to the full board" if full_board else "")
    return Evaluation(value=value, best=best, exact=False, played_value=played_value, detail=detail)


def _points(raw: int, lead: int, full_board: bool) -> float:
    """The placement search's value ``raw`` as a point margin for a mover ``lead`` ahead."""
    if not full_board:
        return lead + raw / HEURISTIC
    if raw >= WIN // 2:  # a 3×3 in the first two circuits
        return win_value(lead)
    if raw <= -WIN // 2:
        return -win_value(-lead)
    return lead + raw / EIGHTHS


def _played_value(engine, state: TurnRightState, played: str, best_square: int, best_value: float,
                  depth: int, full_board: bool, seconds: float) -> float | None:
    """The value of the placement ``played`` at the best one's depth; None if it is no free
    square or its search ran out of time."""
    try:
        square = state.parse_move(played)
    except MoveError:
        return None
    if not isinstance(square, int) or state.board[square] != EMPTY:
        return None
    if square == best_square:
        return best_value
    mine, theirs = masks(state, state.to_move)
    raw, complete = engine.placement_move_value(mine, theirs, square, depth, seconds)
    return _points(raw, margin(state, state.to_move), full_board) if complete else None
