"""Tell the user, while a tournament runs, the first fault of each player.

A player that faults in one game usually faults in many; its first fault, with
the reason and the line it wrote, is what its author needs, without opening
the database. The rest are in the standings (irregular losses) and the records.
"""

from __future__ import annotations

from rich.console import Console

from ..judge.record_types import Record
from ..refereeing.fault_report import fault_report, faulted_seats, summary
from ..refereeing.terminal_text import visible
from .schedule import ScheduledGame


class FirstFaults:
    """Called with each saved game; prints a player's fault the first time it has one."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.reported: set[str] = set()

    def __call__(self, game: ScheduledGame, record: Record) -> None:
        for seat in faulted_seats(record):
            name = game.players[seat]
            if name in self.reported:
                continue
            self.reported.add(name)
            report = fault_report(record, seat)
            assert report is not None  # a faulted seat has its fault to report
            line = f"first fault of {visible(name)} (game {game.slot}, seed {game.seed}): {summary(report)}"
            # plain text: a reason or a program's line may hold brackets that rich would read as markup
            self.console.print(line, style="yellow", markup=False, highlight=False, soft_wrap=True)
