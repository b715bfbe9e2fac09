"""Flippo's analyst: the strong engine's search on one position (arena/games/analyst_contract.py).

Values are disc margins (the mover's discs minus the opponent's at the end), as the game is
scored. With SOLVE_EMPTIES empty squares or fewer the search solves the end exactly, which
takes longer than the time per ply: the last plies decide most games, so they get the time.
"""

from __future__ import annotations

from .rules import BLACK, EMPTY, SEAT_COLOUR, WHITE, FlippoState, square_name
from .strong import engine

UNITS = "disc margin"
# A 60-ply game on two cores in about 10 s (bench/analysis.py): 30 plies per core, each search stopping
# between half and all of it, the endgame's exact solves included.
DEFAULT_SECONDS = 0.4
# Four discs is a move a strong player would not make: the 2019 finals were often decided by less.
MISTAKE = 4.0
# 14 empties solve in 0.2-0.4 s; 16 in a few seconds, more than a ply is worth.
SOLVE_EMPTIES = 14
# The exact solve may run past the time per ply, up to this many times it.
SOLVE_STRETCH = 8.0


def bitboards(state: FlippoState) -> tuple[int, int]:
    """The mover's discs and the opponent's, as the engine's masks."""
    own_colour = SEAT_COLOUR[state.to_move]
    own = opp = 0
    for square, cell in enumerate(state.board):
        if cell == own_colour:
            own |= 1 << square
        elif cell != EMPTY:
            opp |= 1 << square
    return own, opp


def evaluate(state: FlippoState, played: str | None, seconds: float):
    from ..analyst_contract import Evaluation

    own, opp = bitboards(state)
    empties = 64 - bin(own | opp).count("1")
    hard = seconds * (SOLVE_STRETCH if empties <= SOLVE_EMPTIES else 1.0)
    square, score, _depth, _nodes, exact = engine.search(own, opp, seconds, hard, SOLVE_EMPTIES)
    return Evaluation(value=score / 100, best=square_name(square), exact=bool(exact))


def outcome(state: FlippoState, seat: int) -> float:
    """The final disc margin from ``seat``'s view."""
    own = sum(1 for cell in state.board if cell == SEAT_COLOUR[seat])
    opp = sum(1 for cell in state.board if cell in (WHITE, BLACK)) - own
    return float(own - opp)
