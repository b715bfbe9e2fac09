"""Turn Right for people: the board with the last move marked; free squares, then what a circuit may be."""

from __future__ import annotations

from ..human_view import HumanView
from .circuit import max_corners
from .rules import TurnRightState

class TurnRightView(HumanView[TurnRightState]):
    def choices(self, state: TurnRightState, written: list[str]) -> str | None:
        if state.placing:
            return super().choices(state, written)
        # about 1.2 million circuits are legal: say what makes one instead of listing them
        number = state.circuit_number
        return (f"your circuit {number} of 13: a loop along files and ranks that never crosses itself, "
                f"its corners listed clockwise, at most {max_corners(number)} of them, e.g. a1-a4-d4-d1")

    def prompt(self, state: TurnRightState, written: list[str]) -> str:
        return "a free square (e.g. c3)" if state.placing else "your circuit"
