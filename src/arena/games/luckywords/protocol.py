"""Lucky Words' dialogue with the two programs (CodeCup 2004).

Both programs get the starting letter. The first caller then gets ``start``;
the other gets the first caller's letter. A caller writes two lines, its
letter and its cell; the other program gets the letter and writes one line,
its cell, then calls in turn (so it writes three lines in a row). There is no
end message. After its last placement a program may write its own total: it
is read within a short grace, recorded and compared, never judged.

A fault (bad format, illegal cell, time-out, crash, early exit) ends the game
at once (no jury in this game): the offender loses with 0 points, the other
side keeps the word points of its unfinished grid.
"""

from __future__ import annotations

from ...judge.match import Match, Outcome, Reply, fault_verdict
from ...judge.process import ProgramFault
from ...judge.record_types import ResultExtras, Setup, Verdict
from ..base import IllegalMoveError, MoveFormatError
from .dictionary import load_words, word_list_identity
from .rules import LuckyWordsState, parse_cell, parse_letter
from .scoring import grid_points, grid_words

TOTAL_GRACE_MS = 300
"""How long the judge waits for each program's optional final total."""

SEAT_NAMES = ("First", "Second")


class _Fault(Exception):
    def __init__(self, seat: int, verdict: Verdict, reason: str) -> None:
        super().__init__(reason)
        self.seat, self.verdict, self.reason = seat, verdict, reason


def _ask(match: Match, seat: int, read):
    """Ask a seat for one line and read it with ``read``; every failure becomes a _Fault."""
    try:
        reply = match.ask(seat)
        return read(reply.text), reply
    except (ProgramFault, MoveFormatError, IllegalMoveError) as error:  # a cell of 49 or more is illegal
        raise _Fault(seat, *fault_verdict(error)) from None


def _send(match: Match, seat: int, line: str) -> None:
    try:
        match.send(seat, line)
    except ProgramFault as fault:
        raise _Fault(seat, fault.verdict, fault.reason) from None


def _play(match: Match, state: LuckyWordsState, seat: int, move) -> None:
    try:
        state.play(move)
    except IllegalMoveError as error:
        raise _Fault(seat, *fault_verdict(error)) from None


def _one_call(match: Match, state: LuckyWordsState) -> None:
    caller = state.to_move
    letter, letter_reply = _ask(match, caller, parse_letter)
    cell, cell_reply = _ask(match, caller, parse_cell)
    _play(match, state, caller, (letter, cell))
    both = Reply(f"{letter} {cell}", letter_reply.wall_ms + cell_reply.wall_ms,
                 letter_reply.cpu_ms + cell_reply.cpu_ms, letter_reply.queued_ms + cell_reply.queued_ms)
    match.record_move(caller, both.text, both, call=letter, cell=cell)
    placer = 1 - caller
    _send(match, placer, letter)
    cell, reply = _ask(match, placer, parse_cell)
    _play(match, state, placer, cell)
    match.record_move(placer, str(cell), reply, cell=cell)


def run_protocol(match: Match, setup: Setup) -> Outcome:
    words = load_words(setup.get("words"))
    state = LuckyWordsState(setup["letter"], words)
    match.state = state
    try:
        for seat in range(2):
            _send(match, seat, state.letter)
        _send(match, 0, "start")
        while not state.is_over():
            _one_call(match, state)
    except _Fault as fault:
        match.fault(fault.seat, fault.verdict, fault.reason)
        return _outcome(state, words, match, fault, setup.get("words"))
    return _outcome(state, words, match, None, setup.get("words"))


def _claimed_totals(match: Match, points: list[int]) -> tuple[list, list]:
    claims, correct = [], []
    for seat in range(2):
        line = match.try_read(seat, TOTAL_GRACE_MS)
        text = None if line is None else line.strip()
        # a number as int() reads it (no '²', not thousands of digits); anything else is kept as text
        is_number = text is not None and text.isascii() and text.isdigit() and len(text) <= 9
        claims.append(int(text) if text is not None and is_number else text)
        correct.append(None if text is None else claims[-1] == points[seat])
    return claims, correct


def _outcome(state: LuckyWordsState, words: frozenset[str], match: Match, fault: _Fault | None,
             words_path: str | None) -> Outcome:
    grids = [state.grid_text(seat) for seat in range(2)]
    points = [grid_points(grid, words) for grid in grids]
    extra: ResultExtras = {
        "letter": state.letter,
        "grids": grids,
        "word_points": points,
        "words": [grid_words(grid, words) for grid in grids],
        "calls": state.calls,
        # which list scored the grids: {"file": its name, "sha256": of its bytes}
        "word_list": word_list_identity(words_path),
    }
    if fault is not None:
        scores: list[float] = list(points)
        scores[fault.seat] = 0
        reason = f"{SEAT_NAMES[fault.seat]} {fault.verdict}: {fault.reason}"
        return Outcome(scores=scores, winner=1 - fault.seat, reason=reason, extra=extra)
    extra["claimed_totals"], extra["claims_correct"] = _claimed_totals(match, points)
    winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    reason = f"both grids are full: {points[0]} word points to {points[1]}"
    return Outcome(scores=list(points), winner=winner, reason=reason, extra=extra)
