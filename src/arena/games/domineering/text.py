"""Domineering for people: the board with the last domino marked; READY answered, moves listed by row."""

from __future__ import annotations

from ..human_view import HumanView
from .rules import DIRECTION, PASS, SEAT_WORDS, SIZE, DomineeringState


def board_text(state: DomineeringState) -> str:
    """Each cell's value, or F / S where the first / second player's dominoes lie (the last in lower case)."""
    last = _last_cells(state)
    lines = ["    " + " ".join(str(y) for y in range(1, SIZE + 1))]
    for x in range(1, SIZE + 1):
        cells = []
        for y in range(1, SIZE + 1):
            owner = state.covered[x][y]
            text = " FS"[owner].strip() or str(state.values[x - 1][y - 1])
            cells.append(text.lower() if (x, y) in last else text)
        lines.append(f"{x:>2}  " + " ".join(cells))
    if state.last_move is not None:
        mover = SEAT_WORDS[1 - state.to_move]
        what = "a pass" if state.last_move == PASS else f"{state.format_move(state.last_move)} (in lower case)"
        lines.append(f"last move: {what} by {mover}")
    first, second = state.scores()
    lines.append(f"FIRST (horizontal) {first}  SECOND (vertical) {second}; {SEAT_WORDS[state.to_move]} to move")
    return "\n".join(lines)


def _last_cells(state: DomineeringState) -> set[tuple[int, int]]:
    if state.last_move is None or state.last_move == PASS:
        return set()
    (x, y), (dx, dy) = state.last_move, DIRECTION[1 - state.to_move]
    return {(x, y), (x + dx, y + dy)}


class DomineeringView(HumanView):
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
