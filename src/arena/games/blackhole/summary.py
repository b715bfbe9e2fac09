"""Where Black Hole's scores come from: the hole and the red and blue stones around it."""

from __future__ import annotations

from ...judge.record_types import Record
from ..fault_note import fault_note
from .rules import BASE_SCORE, BLUE, LABELS, NEIGHBOURS, RED, BlackHoleState


def explain_result(record: Record) -> list[str]:
    from ..replay import replay  # only when a summary is asked for

    state = replay(record)  # a faulted game too: the jury's moves are in the record
    assert isinstance(state, BlackHoleState)  # the record of a game of Black Hole
    hole = state.hole()
    assert hole is not None  # the jury played the game to its end
    around: dict[int, list[str]] = {RED: [], BLUE: []}
    for tile in NEIGHBOURS[hole]:
        owner = state.owner[tile]
        if owner in around:
            around[owner].append(f"{LABELS[tile]}={state.number[tile]}")
    red, blue = state.sums_around(hole)
    lines = [f"black hole {LABELS[hole]}; around it:"]
    for colour, letter, total in ((RED, "R", red), (BLUE, "B", blue)):
        stones = " + ".join(around[colour]) or "none"
        lines.append(f"  {record['seats'][colour].lower()}: {stones}, {letter} = {total}")
    signs = ((RED, "+ R - B", red - blue), (BLUE, "- R + B", blue - red))
    for seat, formula, margin in signs:
        lines.append(f"{record['seats'][seat]}: {BASE_SCORE} {formula} = {BASE_SCORE + margin}"
                     f"{fault_note(record, seat)}")
    return lines
