"""Domineering's analyst: the strong engine's search on one position (arena/games/analyst_contract.py).

Values are point margins: the mover's final points minus the opponent's, by rules.py's
scores() (the second seat's 2.5 start included). The value is the margin so far, plus the
worth of what is already decided (cells nobody can cover, runs only one side can still fill:
the engine's settle()), plus the engine's search of the contested cells left. With
SOLVE_EMPTIES contested cells or fewer the engine searches to the end; only a search that
needed no estimate is marked exact. Right after a pass, when a second pass ends the game as
it stands, after_a_pass() values the pass by the rules and the placements by the engine.
"""

from __future__ import annotations

from .rules import PASS, SIZE, DomineeringState
from .strong import engine
from .strong.player import own_run_move

UNITS = "point margin"
# A game is some 30-40 plies: on two cores at 0.5 s a ply, about 10 s.
DEFAULT_SECONDS = 0.5
# 2 points: a domino earns 0-6 (3 on average), so a loss of 2 is most of a domino given away,
# about the second seat's 2.5 start; a loss of 1 is one cell's value, the size by which the
# estimate of a tempo wobbles between neighbouring plies.
MISTAKE = 2.0
# The strong player solves exactly from 36 contested cells (strong/player.py); so do we.
SOLVE_EMPTIES = 36

_values_loaded: tuple[int, ...] | None = None


def occupancy(state: DomineeringState) -> int:
    """The covered cells as the engine's mask: bit (x − 1) · 8 + (y − 1) is row x, column y."""
    return sum(1 << (x - 1) * SIZE + y - 1
               for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if state.covered[x][y])


def load_values(state: DomineeringState) -> None:
    """Give the engine this game's cell values; a new board forgets the transposition table,
    the same board (the next ply of the game) keeps what earlier searches learnt."""
    global _values_loaded
    values = tuple(value for row in state.values for value in row)
    if values != _values_loaded:
        engine.set_values(list(values))
        _values_loaded = values


def move_text(state: DomineeringState, bit: int) -> str:
    return state.format_move(PASS if bit == -1 else (bit // SIZE + 1, bit % SIZE + 1))


def engine_value(state: DomineeringState, seconds: float) -> tuple[float, int, bool]:
    """(value, best placement's bit or -1 to pass, exact) by the engine's model of the game.

    The engine counts what is decided (settle) as won and lets a second pass in a row end
    the rest of the game: sound when the last move was not a pass (tests check it against
    brute force), not right after one (evaluate() says why).
    """
    load_values(state)
    side, passed = state.to_move, state.passes_in_a_row == 1
    settled, first_minus_second = engine.settled(occupancy(state))
    scores = state.scores()
    known = scores[side] - scores[1 - side] + (first_minus_second if side == 0 else -first_minus_second)
    if engine.placements(settled, side):
        bit, score, _depth, _nodes, exact = engine.search(settled, side, passed, seconds, seconds, SOLVE_EMPTIES)
    elif passed or not engine.placements(settled, 1 - side):
        bit, score, exact = -1, 0, True  # nothing contested is left, or a pass ends the game
    else:
        # no contested placement for the mover: it passes (or fills its own run, which the
        # settled worth counts already) and the opponent moves with a pass before it
        _reply, opponent_score, _depth, _nodes, exact = engine.search(
            settled, 1 - side, True, seconds, seconds, SOLVE_EMPTIES)
        bit, score = -1, -opponent_score
    return float(known + score), bit, bool(exact)


def after_a_pass(state: DomineeringState, seconds: float) -> tuple[float, str, bool]:
    """The value right after the opponent passed, move by move.

    A pass now ends the game as it stands: the runs only one side could still fill stay
    empty, which the engine, counting them as won, cannot see (a program that passes with a
    run of its own left gives it away). So the pass is valued by the scores, and each
    placement by the engine from the position after it, where no pass came last.
    """
    scores = state.scores()
    best_value, best_move, exact = scores[state.to_move] - scores[1 - state.to_move], PASS, True
    placements = state.placements(state.to_move)
    for move in placements:
        after = state.copy()
        after.play(move)
        if after.is_over():
            reply_value, child_exact = -outcome(after, state.to_move), True
        else:
            reply_value, _bit, child_exact = engine_value(after, seconds / len(placements))
        exact = exact and child_exact
        if -reply_value > best_value:
            best_value, best_move = -reply_value, move
    return float(best_value), state.format_move(best_move), exact


def evaluate(state: DomineeringState, played: str | None, seconds: float):
    from ..analyst_contract import Evaluation

    if state.passes_in_a_row == 1:
        value, best, exact = after_a_pass(state, seconds)
    else:
        value, bit, exact = engine_value(state, seconds)
        if bit == -1:
            bit = own_run_move(occupancy(state), state.to_move)  # a pass that scores: a run only it can fill
        best = move_text(state, bit)
    # the best move played loses nothing, whatever the next position's search says
    played_value = value if played == best else None
    return Evaluation(value=value, best=best, exact=exact, played_value=played_value)


def outcome(state: DomineeringState, seat: int) -> float:
    """The final point margin from ``seat``'s view: its points minus the other's."""
    scores = state.scores()
    return float(scores[seat] - scores[1 - seat])
