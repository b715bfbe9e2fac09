"""Which Domineering move a click on ``svg.board``'s drawing stands for (the web viewer's play page).

The clicked cell is the domino's upper-left cell: FIRST's domino lies to its
right, SECOND's below it (a pass is typed: ``MOVE -1 -1``).
"""

from __future__ import annotations

from .rules import SIZE, DomineeringState
from .svg import CELL, HEADER, MARGIN


def move_at(state: DomineeringState, x: float, y: float) -> str | None:
    """``MOVE x y`` for the cell under the click (row x, column y, from 1); None off the board."""
    row, column = int((y - HEADER) // CELL) + 1, int((x - MARGIN) // CELL) + 1
    if not (1 <= row <= SIZE and 1 <= column <= SIZE):
        return None
    return f"MOVE {row} {column}"
