"""Domineering's dialogue with the two agents, exactly as ALPHANO's page gives it.

Each agent gets the 8 rows of values, then ``READY FIRST`` or ``READY SECOND``
and must answer ``OK`` within 3000 ms (not charged to its clock). Then, turn by
turn, the mover gets ``TURN my_time opp_time`` (its own and the opponent's
remaining clock, in whole ms) and answers ``MOVE x y``; the other agent is told
``OPP x y t`` with the ms the mover used. At the end both get ``FINISH``.

A fault (time out = TLE, bad format or illegal move = RE) ends the game at
once: the offender loses and both agents get ``FINISH`` (chosen; the page only
names the verdicts). There is no jury player.
"""

from __future__ import annotations

import math
from contextlib import contextmanager

from ...judge.match import SEAT_FAULTS, Match, Outcome, fault_verdict
from ...judge.process import ProgramFault
from ...judge.record_types import Setup
from ..base import MoveFormatError
from .rules import SEAT_WORDS, DomineeringState

CLOCK_MS = 10_000
READY_MS = 3_000
FAREWELL = "FINISH"


class _GameDecided(Exception):
    """Raised inside the dialogue once a seat has faulted: the game ends there."""


def _whole_ms(ms: float) -> int:
    # A person at the keyboard has no clock (infinity); they are shown the nominal one.
    return round(max(ms, 0)) if math.isfinite(ms) else CLOCK_MS


def _ready(match: Match, seat: int, values: list[list[int]]) -> None:
    ready_ms = READY_MS * match.time_scale  # --time-scale scales every limit alike
    for row in values:
        match.send(seat, " ".join(map(str, row)))
    match.send(seat, f"READY {SEAT_WORDS[seat]}")
    reply = match.ask(seat, budget_ms=ready_ms, charge_clock=False)
    if reply.text.strip() != "OK":
        raise MoveFormatError(f"answered READY with {reply.text!r} instead of OK")


def _move(match: Match, state: DomineeringState, seat: int) -> tuple:
    """Ask the mover for its move with ``TURN``, play it and record it."""
    other = 1 - seat
    match.send(seat, f"TURN {_whole_ms(match.clock_left_ms(seat))} {_whole_ms(match.clock_left_ms(other))}")
    reply = match.ask(seat)
    move = state.parse_move(reply.text)
    state.play(move)
    match.record_move(seat, state.format_move(move), reply)
    return move, reply


@contextmanager
def _faults_of(match: Match, seat: int):
    """Whatever goes wrong inside is ``seat``'s fault: give it its verdict and end the game."""
    try:
        yield
    except SEAT_FAULTS as error:
        match.fault(seat, *fault_verdict(error), FAREWELL)
    else:
        return
    raise _GameDecided


def _forward(match: Match, seat: int, line: str, decided: bool) -> None:
    """Tell ``seat`` the opponent's move; once the game is decided, a program gone is not penalised."""
    if decided:
        try:
            match.send(seat, line)
        except ProgramFault:
            pass
        return
    with _faults_of(match, seat):
        match.send(seat, line)


def run_protocol(match: Match, setup: Setup) -> Outcome:
    state = DomineeringState(setup["values"])
    try:
        for seat in range(2):
            with _faults_of(match, seat):
                _ready(match, seat, state.values)
        # The human player checks its moves against match.state; not during READY.
        match.state = state
        while not state.is_over():
            seat = state.to_move
            with _faults_of(match, seat):
                (x, y), reply = _move(match, state, seat)
            # Chosen: every move is forwarded, the last one too, before FINISH.
            _forward(match, 1 - seat, f"OPP {x} {y} {round(reply.charged_ms)}", decided=state.is_over())
    except _GameDecided:
        pass
    for seat in range(2):
        if not match.faulted(seat):
            try:
                match.send(seat, FAREWELL)
            except ProgramFault:
                pass  # the game is decided; a program already gone is not penalised
    return _outcome(match, state)


def _outcome(match: Match, state: DomineeringState) -> Outcome:
    points = list(state.scores())
    offender = match.first_fault()
    if offender is not None:
        # Chosen: the offender loses and scores 0; the opponent keeps its points so far.
        scores = [0 if seat == offender else points[seat] for seat in range(2)]
        seat = match.seats[offender]
        return Outcome(scores=scores, winner=1 - offender,
                       reason=f"{seat.name} {seat.verdict}: {seat.reason}", extra={"points": points})
    winner = 0 if points[0] > points[1] else 1  # the second player's 2.5 rules out a draw
    reason = state.end_reason()
    assert reason is not None  # the jury has played the game to its end
    return Outcome(scores=points, winner=winner, reason=reason, extra={"points": points})
