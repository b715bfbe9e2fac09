"""Which Flippo move a click on ``svg.board``'s drawing stands for (the web viewer's play page)."""

from __future__ import annotations

from .rules import SIZE, FlippoState, square_name
from .svg import CELL, MARGIN


def move_at(state: FlippoState, x: float, y: float) -> str | None:
    """The square under (x, y), in the drawing's own coordinates; None off the board."""
    column, row = int((x - MARGIN) // CELL), int((y - MARGIN) // CELL)
    if not (0 <= row < SIZE and 0 <= column < SIZE):
        return None
    return square_name(row * SIZE + column)
