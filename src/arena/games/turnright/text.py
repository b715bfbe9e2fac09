"""Turn Right for people: the board with the last move marked; free squares, then what a circuit may be."""

from __future__ import annotations

from ..human_view import HumanView
from .circuit import SIZE, max_corners, square, square_name
from .rules import TurnRightState
from .scoring import BLACK, EMPTY, WHITE

SYMBOLS = {EMPTY: ".", WHITE: "W", BLACK: "B"}


def board_text(state: TurnRightState) -> str:
    """Rank 6 at the top; the last piece placed, or the last circuit's corners, in lower case."""
    last = state.last_move
    marked = set() if last is None else {last} if isinstance(last, int) else set(last)
    lines = []
    for rank in reversed(range(SIZE)):
        symbols = [SYMBOLS[state.board[square(file, rank)]] for file in range(SIZE)]
        cells = [s.lower() if square(file, rank) in marked else s for file, s in enumerate(symbols)]
        lines.append(f"{rank + 1} {' '.join(cells)}")
    lines.append("  a b c d e f")
    if last is not None:
        # placements alternate White, Black; circuits Black, White
        mover = ("White", "Black")[state.circuits % 2 if state.circuits else 1 - state.placements % 2]
        lines.append(f"last move: {state.format_move(last)} by {mover} (in lower case)")
        if state.auto_square is not None and state.circuits == 0:
            lines.append(f"Black's 18th piece went on {square_name(state.auto_square)} by itself")
    lines.append(f"points: White {state.points[0]}  Black {state.points[1]}")
    return "\n".join(lines)


class TurnRightView(HumanView):
    def choices(self, state: TurnRightState, written: list[str]) -> str:
        if state.placing:
            return super().choices(state, written)
        # about 1.2 million circuits are legal: say what makes one instead of listing them
        number = state.circuit_number
        return (f"your circuit {number} of 13: a loop along files and ranks that never crosses itself, "
                f"its corners listed clockwise, at most {max_corners(number)} of them, e.g. a1-a4-d4-d1")

    def prompt(self, state: TurnRightState, written: list[str]) -> str:
        return "a free square (e.g. c3)" if state.placing else "your circuit"
