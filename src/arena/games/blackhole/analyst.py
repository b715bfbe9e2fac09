"""Black Hole's analyst: the strong engine's search on one position (arena/games/analyst_contract.py).

Values are point margins: the mover's final score minus the opponent's, by rules.py's
scores(). Red scores 75 + R − B and Blue 75 − R + B, so the margin is twice the mover's
R − B at the hole (the engine's score, in hundredths of R − B, is doubled).

Before the end the value is the engine's estimate (its greedy playout's blurred order
statistic at the search's horizon: an expected margin). With SOLVE_PLIES plies or fewer
left the engine searches to the end; only a search that got there is marked exact.
"""

from __future__ import annotations

import time

from ..base import MoveError
from .rules import BLUE, BROWN, RED, BlackHoleState
from .strong import engine

UNITS = "point margin"
# A 30-ply game on two cores in under 15 s: 15 plies a core at 0.7 s is 10.5 s, and the last
# dozen plies solve in milliseconds, leaving room for start-up and replay.
DEFAULT_SECONDS = 0.7
# 4 points: every point of R − B at the hole counts twice in the margin (one more for me, one
# less for the other), so exact margins move in steps of 2. A loss of 4 is the hole's sum off by
# 2, a stone's choice a strong player would not give away; a loss of 2 is within what the
# estimate (about 1.8 off in R − B, strong/evaluate.pxi) wobbles between neighbouring plies.
MISTAKE = 4.0
# The engine's player solves exactly from 13 plies left (strong/player.py); so do we.
SOLVE_PLIES = 13
# Estimated iterations before the solve: a fallback move and value if the solve runs out of time.
SEARCH_BEFORE_SOLVE = 4
# With this many plies left the exact solve takes milliseconds (a few thousand nodes at most
# in the games measured; 13 plies take up to 2 s), so it may run past a very short ``seconds``.
QUICK_SOLVE_PLIES = 10
QUICK_SOLVE_SECONDS = 1.0
# Of the time, the share of the search for the best move; the rest searches the move played.
SEARCH_SHARE = 0.8
# The move played gets at least this long (its search mostly reuses the table of the first).
PLAYED_MIN_SECONDS = 0.02


def load(state: BlackHoleState) -> None:
    """Make the engine's position ``state``'s: the brown stones, then the stones alternately.

    A rules.py position does not keep the order of the moves, and the engine needs none: a
    stone's effect does not depend on when it came, only on whose it is, and the engine
    reads whose from the turn, so Red's and Blue's stones go down in turn.
    """
    engine.new_game([tile for tile, owner in enumerate(state.owner) if owner == BROWN])
    red = [(tile, state.number[tile]) for tile, owner in enumerate(state.owner) if owner == RED]
    blue = [(tile, state.number[tile]) for tile, owner in enumerate(state.owner) if owner == BLUE]
    for i, stone in enumerate(red):
        engine.play(*stone)
        if i < len(blue):
            engine.play(*blue[i])


def evaluate(state: BlackHoleState, played: str | None, seconds: float):
    from ..analyst_contract import Evaluation

    load(state)
    plies = 30 - state.turns
    hard = max(seconds, QUICK_SOLVE_SECONDS) if plies <= QUICK_SOLVE_PLIES else seconds
    started = time.monotonic()
    tile, number, score, _depth, _nodes, exact = engine.search(
        seconds * SEARCH_SHARE, hard * SEARCH_SHARE, SOLVE_PLIES, 30, SEARCH_BEFORE_SOLVE)
    best = state.format_move((tile, number))
    value = 2 * score / 100
    played_value = None
    if played == best:
        played_value = value  # no loss: not the next position's value, of another depth
    elif played is not None:
        played_value = played_score(state, played, hard - (time.monotonic() - started))
    return Evaluation(value=value, best=best, exact=bool(exact), played_value=played_value)


def played_score(state: BlackHoleState, played: str, seconds: float) -> float | None:
    """The margin after the move played, searched on the same horizon as the best move.

    The next position's own value comes from a search of another depth; estimates of one
    depth and the next differ by a few points (whose move ends the horizon counts), which
    would read as a loss. The same depth for both moves leaves the difference the moves make.
    None (the next position's value is used) if the move is not legal or time runs out.
    """
    depth = engine.last_depth()
    try:
        tile, number = state.parse_move(played)
    except MoveError:
        return None
    if depth == 0 or state.owner[tile] is not None or number in state.used[state.to_move]:
        return None
    score = engine.score_move(tile, number, depth, max(seconds, PLAYED_MIN_SECONDS))
    return None if score is None else 2 * score / 100


def outcome(state: BlackHoleState, seat: int) -> float:
    """The final point margin from ``seat``'s view: its score minus the other's."""
    scores = state.scores()
    return float(scores[seat] - scores[1 - seat])
