"""Why a seat of a finished game faulted, told from its record alone.

The verdict and its reason are in ``result``; what a contestant also needs to
find the bug is around them: which of its moves it was making, the last lines
it was sent and wrote, the exact line that was judged, what the game expects
instead, and the end of its stderr. ``arena play``, ``arena check`` and
``arena tournament`` all show faults through :class:`FaultReport`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..games import UnknownGameError, get_game
from ..games.base import GameInfo
from ..judge.match import NO_NEWLINE
from ..judge.record_types import Record
from .terminal_text import visible

CONTEXT_LINES = 6
"""How many lines exchanged before the fault a report shows."""

STDERR_LINES = 8
"""How many of the last lines of the program's stderr a report shows."""

FLUSH_HINT = (
    "it never wrote a single line: it probably does not flush its output (a line written to a pipe",
    "waits in a buffer until flushed). Flush after every move: Python print(move, flush=True);",
    "C++ std::cout << move << std::endl; C fflush(stdout) after printf.",
)

DEBUG_HINT = (
    "if this line is debugging output, write it to stderr instead: stdout carries only the lines",
    "the protocol asks for. Python print(..., file=sys.stderr); C++ std::cerr << ...; C fprintf(stderr, ...).",
)

WORD = re.compile(r"[A-Za-z]{3,}")
"""A word: no move of any game holds three letters in a row, only its keywords do (MOVE)."""

KEYWORD = re.compile(r"\b[A-Z]{2,}\b")
"""A game's own words in its reply format: OK, MOVE (the rest of the sentence is prose)."""


@dataclass(frozen=True)
class FaultReport:
    seat: int
    seat_name: str
    player: str  # the PLAYER as the user wrote it
    verdict: str  # illegal, format, timeout, crash, memory or exit
    reason: str
    move_number: int  # which of its own moves it was making (1: its first)
    line: str | None  # the line it wrote that was judged; None when it wrote none
    exchanged: list[tuple[str, str]]  # the last lines before the fault: ("in" or "out", text)
    stderr_tail: list[str]
    expected: str  # the game's reply format, in one sentence ("" if the game gives none)
    wrote_nothing: bool  # it had not written a single line before its fault
    is_program: bool = True  # False for a person at the terminal: no stderr, no flushing

    @property
    def probably_unflushed(self) -> bool:
        """Out of time without ever writing a line: the classic symptom of a missing flush.

        Not when the judge saw part of a line: that one was flushed, only its newline is missing.
        """
        return (self.is_program and self.verdict == "timeout" and self.wrote_nothing
                and NO_NEWLINE not in self.reason)

    @property
    def probably_debugging(self) -> bool:
        """A line that is not a move and holds a word the game never uses (``debug: thinking``):
        most likely debugging output written to stdout, where the judge reads moves."""
        if not self.is_program or self.verdict != "format" or self.line is None:
            return False
        keywords = set(KEYWORD.findall(self.expected))
        return any(word not in keywords for word in WORD.findall(self.line))


def faulted_seats(record: Record) -> list[int]:
    return [seat for seat, verdict in enumerate(record["result"]["verdicts"]) if verdict != "ok"]


def fault_report(record: Record, seat: int, game: GameInfo | None = None) -> FaultReport | None:
    """The explanation of ``seat``'s fault in ``record``, or None if it played without one."""
    result = record["result"]
    if result["verdicts"][seat] == "ok":
        return None
    transcript = [(way, text) for way, text in record["transcripts"][seat]]
    fault_at = result.get("fault_at", [None, None])[seat]
    before = transcript if fault_at is None else transcript[:fault_at]  # the rest is a farewell
    own_moves = [m for m in record["moves"] if m["seat"] == seat and "wall_ms" in m]
    return FaultReport(
        seat=seat,
        seat_name=record["seats"][seat],
        player=record["players"][seat]["name"],
        verdict=result["verdicts"][seat],
        reason=result["faults"][seat] or "",
        move_number=len(own_moves) + 1,
        line=result.get("fault_lines", [None, None])[seat],
        exchanged=before[-CONTEXT_LINES:],
        stderr_tail=_tail(record["stderr"][seat], STDERR_LINES),
        expected=game.reply_format if game is not None else _reply_format(record["game"]),
        wrote_nothing=all(way != "out" for way, _ in before),
        is_program=record["players"][seat].get("command") is not None,
    )


def _tail(text: str, count: int) -> list[str]:
    lines = text.rstrip("\n").splitlines()
    return lines[-count:]


def _reply_format(game_name: str) -> str:
    try:
        return get_game(game_name).reply_format
    except UnknownGameError:
        return ""


def summary(report: FaultReport, with_line: bool = True, escape: Callable[[str], str] = visible) -> str:
    """One line: who faulted, how, on which move, and (``with_line``) the line it wrote.

    Like every line here, ready for a terminal: the program's text has its control characters
    written out (repr does it for the judged line). ``escape``: how the program's own text is
    written (a competition keeps it as it is, and escapes it where it shows it)."""
    wrote = "" if report.line is None or not with_line else f"; it wrote {report.line!r}"
    return (f"{report.seat_name} ({escape(report.player)}) {report.verdict} at its move "
            f"{report.move_number}: {escape(report.reason)}{wrote}")


def explain(report: FaultReport, escape: Callable[[str], str] = visible) -> list[str]:
    """The whole explanation, as lines for a terminal (control characters written out; ``escape``:
    as summary's)."""
    lines = [summary(report, with_line=False, escape=escape)]
    if report.line is not None:
        lines.append(f"  the line it wrote: {report.line!r}")
    if report.expected and report.verdict in ("illegal", "format"):
        lines.append(f"  expected: {report.expected}")
    if report.exchanged:
        lines.append("  the last lines exchanged (in: sent to it, out: written by it):")
        for number, (way, text) in enumerate(report.exchanged, start=1):
            faulted = number == len(report.exchanged) and way == "out" and report.line is not None
            lines.append(f"    {way:<3} {escape(text)}{'   <- this line' if faulted else ''}")
    if report.probably_debugging:
        lines.append(f"  hint: {DEBUG_HINT[0]}")
        lines.extend(f"        {line}" for line in DEBUG_HINT[1:])
    if report.probably_unflushed:
        lines.append(f"  hint: {FLUSH_HINT[0]}")
        lines.extend(f"        {line}" for line in FLUSH_HINT[1:])
    if report.stderr_tail:
        lines.append("  the last lines of its stderr:")
        lines.extend(f"    | {escape(line)}" for line in report.stderr_tail)
    elif report.is_program:
        lines.append("  its stderr is empty")
    return lines


def explain_faults(record: Record) -> list[str]:
    """The explanation of every fault in a record (no lines for a clean game)."""
    lines: list[str] = []
    for seat in faulted_seats(record):
        report = fault_report(record, seat)
        assert report is not None  # a faulted seat has its fault to report
        lines.extend(explain(report))
    return lines
