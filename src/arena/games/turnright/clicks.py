"""Which Turn Right move a click on ``svg.board``'s drawing stands for (the web viewer's play page).

Only placements are clicked; a circuit is typed (``a4-d4-d1-a1``).
"""

from __future__ import annotations

from .circuit import SIZE, square_name
from .rules import TurnRightState
from .svg import CELL, HEADER, MARGIN


def move_at(state: TurnRightState, x: float, y: float) -> str | None:
    """The square under (x, y) in the placement phase, in the drawing's own coordinates; None otherwise."""
    file, row = int((x - MARGIN) // CELL), int((y - HEADER) // CELL)
    if not state.placing or not (0 <= file < SIZE and 0 <= row < SIZE):
        return None
    return square_name(file * SIZE + (SIZE - 1 - row))
