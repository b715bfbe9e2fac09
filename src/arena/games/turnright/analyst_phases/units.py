"""The analyst's unit, the point margin, and how the engine's figures turn into it.

The engine counts a 3×3 win as WIN (plus the points of the circuits that led to it) and
everything else in 2×2 points (the exact search) or eighths of a point (the 2-ply search).
"""

from __future__ import annotations

from ...analyst_contract import AnalystDetail
from ..rules import SEAT_COLOUR, TurnRightState
from ..scoring import colour_mask

WIN = 1_000_000  # the engine's 3×3 win (strong/circuit_search.pxi)
WIN_BONUS = 50   # what a 3×3 win counts on top of the lead (analyst.py says why)
LEAD_CAP = 50    # a lead beyond this adds nothing to a 3×3 win (as in the match points)
EIGHTHS = 8      # the 2-ply search's values are in eighths of a point
SEATS = ("White", "Black")


def margin(state: TurnRightState, seat: int) -> int:
    """``seat``'s 2×2 points minus the opponent's so far."""
    return state.points[seat] - state.points[1 - seat]


def win_value(lead: float) -> float:
    """What a 3×3 win with ``lead`` points ahead is worth to its winner."""
    return WIN_BONUS + min(max(lead, 0), LEAD_CAP)


def outcome(state: TurnRightState, seat: int) -> float:
    """A finished game's point margin from ``seat``'s view (a 3×3 win as win_value says)."""
    if state.winner_3x3 is not None:
        winner = state.winner_3x3
        value = win_value(margin(state, winner))
        return value if seat == winner else -value
    return float(margin(state, seat))


def from_exact(value: int, lead: int) -> float:
    """An exact search value (points gained, ±WIN for a 3×3 win) for a mover ``lead`` ahead."""
    if value > WIN // 2:
        return win_value(lead + value - WIN)
    if value < -WIN // 2:
        return -win_value(-(lead + value + WIN))
    return float(lead + value)


def forced_3x3(value: float, mover: int, circuits: int) -> AnalystDetail:
    """The detail naming a 3×3 win the search sees coming, for ``value`` from ``mover``'s view."""
    if value >= WIN_BONUS:
        return {"forced_3x3": SEATS[mover], "circuits": circuits}
    if value <= -WIN_BONUS:
        return {"forced_3x3": SEATS[1 - mover], "circuits": circuits}
    return {}


def masks(state: TurnRightState, seat: int) -> tuple[int, int]:
    """(``seat``'s squares, the opponent's) as the engine's bit masks (bit = square index)."""
    return colour_mask(state.board, SEAT_COLOUR[seat]), colour_mask(state.board, SEAT_COLOUR[1 - seat])
