"""Domineering for people: the board with the last domino marked; READY answered, moves listed by row."""

from __future__ import annotations

from ..human_view import HumanView
from .rules import SIZE, DomineeringState


class DomineeringView(HumanView[DomineeringState]):
    def auto_reply(self, received: str | None) -> str | None:
        # READY FIRST / READY SECOND only asks whether the agent is there: a person is
        return "OK" if received is not None and received.startswith("READY ") else None

    def choices(self, state: DomineeringState, written: list[str]) -> str:
        """The upper-left cells where a domino fits, grouped by row."""
        by_row: dict[int, list[int]] = {x: [] for x in range(1, SIZE + 1)}
        for x, y in state.placements(state.to_move):
            by_row[x].append(y)
        rows = [f"  row {x}: columns {' '.join(map(str, ys))}" for x, ys in by_row.items() if ys]
        if not rows:
            return "no domino fits: pass with MOVE -1 -1"
        heading = "legal: MOVE row column, the domino's upper-left cell at"
        return "\n".join([heading] + rows + ["  or MOVE -1 -1 to pass"])

    def prompt(self, state: DomineeringState, written: list[str]) -> str:
        return "your move (MOVE row column)"
