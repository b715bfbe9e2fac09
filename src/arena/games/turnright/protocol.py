"""Turn Right's dialogue with the two programs (CodeCup 2006).

White's first line is ``Start``; Black's first line is White's first placement.
Every move is forwarded to the opponent, the last one too, circuits in
canonical form. Black's automatic 18th piece is sent to nobody: Black's answer
to White's 18th placement is already its first circuit. There is no end
message: programs stop by themselves after 26 circuits or a 3×3, and nothing
they do after that is judged. On a fault (no jury in this game) both programs
get ``x`` and the game ends with the offender's loss.
"""

from __future__ import annotations

from ...judge.match import SEAT_FAULTS, Match, Outcome, fault_verdict
from ...judge.process import ProgramFault
from ...judge.record_types import Verdict
from .circuit import square_name
from .rules import TurnRightResult, TurnRightState

FAULT_LINE = "x"
SEAT_NAMES = ("White", "Black")


def run_protocol(match: Match, setup: dict) -> Outcome:
    state = TurnRightState()
    match.state = state
    line = "Start"
    seat = 0
    while not state.is_over():
        seat = state.to_move
        auto_before = state.auto_square
        try:
            match.send(seat, line)
            reply = match.ask(seat)
            # (chosen) spaces around a move are forgiven, as old Pascal/C programs wrote them
            move = state.parse_move(reply.text.strip())
            state.play(move)
        except SEAT_FAULTS as error:
            return _fault(match, state, seat, *fault_verdict(error))
        line = state.format_move(move)
        match.record_move(seat, line, reply, points=list(state.points))
        if state.auto_square is not None and auto_before is None:
            match.record_move(1, square_name(state.auto_square), None, automatic=True)
    try:
        match.send(1 - seat, line)  # the last move is forwarded too
    except ProgramFault:
        pass  # the game is decided; a program already gone is not penalised
    result = state.result()
    return _outcome(result, _describe(state, result, seat))


def _fault(match: Match, state: TurnRightState, seat: int, verdict: Verdict, reason: str) -> Outcome:
    match.fault(seat, verdict, reason, farewell=FAULT_LINE)
    other = 1 - seat
    try:
        match.send(other, FAULT_LINE)
    except ProgramFault:
        pass  # the opponent is not judged once the game is decided
    result = state.fault_result(seat)
    return _outcome(result, f"{SEAT_NAMES[seat]} {verdict}: {reason}")


def _describe(state: TurnRightState, result: TurnRightResult, last_mover: int) -> str:
    white, black = result.points
    if result.ending == "3x3":
        assert result.winner is not None  # a 3x3 block is a win
        return (f"{SEAT_NAMES[result.winner]} has a 3x3 block after circuit {state.circuits} "
                f"(moved by {SEAT_NAMES[last_mover]}); points White {white}, Black {black}")
    return f"all 26 circuits played: White {white} points, Black {black}"


def _outcome(result: TurnRightResult, reason: str) -> Outcome:
    return Outcome(
        scores=list(result.match_points),
        winner=result.winner,
        reason=reason,
        extra={"game_points": result.game_points, "points": result.points, "ending": result.ending},
    )
