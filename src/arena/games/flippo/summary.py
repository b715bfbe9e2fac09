"""Where Flippo's scores come from: each colour's pieces on the final board, minus 2."""

from __future__ import annotations

from ...judge.record_types import Record
from ..fault_note import fault_note
from .rules import BLACK, WHITE, FlippoState


def explain_result(record: Record) -> list[str]:
    from ..replay import replay  # only when a summary is asked for

    board = replay(record)  # a faulted game too: the jury's moves are in the record
    assert isinstance(board, FlippoState)  # the record of a game of Flippo
    lines = []
    for seat, (name, colour) in enumerate(zip(record["seats"], (WHITE, BLACK))):
        pieces = board.count(colour)
        lines.append(f"{name}: {pieces} pieces on the board - 2 = {pieces - 2}{fault_note(record, seat)}")
    return lines
