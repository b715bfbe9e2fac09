"""Where Domineering's scores come from: the cell values under each side's dominoes."""

from __future__ import annotations

from ...judge.record_types import Record
from ..fault_note import fault_note
from .rules import PASS, SECOND, SECOND_START, DomineeringState


def explain_result(record: Record) -> list[str]:
    state = DomineeringState(record["setup"]["values"])
    gains: list[list[int]] = [[], []]
    for move in record["moves"]:  # a faulted game stops at the fault: its moves are all legal
        seat, played = move["seat"], state.parse_move(move["text"])
        if played != PASS:
            gains[seat].append(state.gain(seat, played))
        state.play(played)
    lines = []
    for seat, shape in enumerate(("horizontal", "vertical")):
        start = SECOND_START if seat == SECOND else 0
        terms = ([f"{start:g} at the start"] if start else []) + [str(gain) for gain in gains[seat]]
        total = start + sum(gains[seat])
        lines.append(f"{record['seats'][seat]} ({shape}): {len(gains[seat])} dominoes, "
                     f"{' + '.join(terms) or '0'} = {total:g}{fault_note(record, seat)}")
    return lines
