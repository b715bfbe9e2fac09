"""The dialogue shared by Flippo and Black Hole: alternate moves, forward each
one to the other side, ``Quit`` at the end, and a jury player on a fault.

A program that faults (illegal move, bad format, time-out, crash, early exit)
is sent ``Quit``, scores 0, and a jury player, choosing uniformly among the
legal moves with the game's seeded dice, finishes the game in its place; the
opponent keeps the points it ends with.
"""

from __future__ import annotations

from typing import Iterable

from ..judge.match import SEAT_FAULTS, Match, fault_verdict
from ..judge.process import ProgramFault
from .base import GameState


def _take_turn(match: Match, state: GameState, seat: int, line: str, farewell: str) -> str:
    """Ask a seat for its move and play it; on any fault, the jury moves instead."""
    if not match.faulted(seat):
        try:
            match.send(seat, line)
            reply = match.ask(seat)
            move = state.parse_move(reply.text)
            state.play(move)
            text = state.format_move(move)
            match.record_move(seat, text, reply)
            return text
        except SEAT_FAULTS as error:
            match.fault(seat, *fault_verdict(error), farewell)
    move = match.jury.choice(state.legal_moves())
    state.play(move)
    text = state.format_move(move)
    match.record_move(seat, text)
    return text


def play_with_jury(
    match: Match,
    state: GameState,
    opening: Iterable[str] = (),
    start: str = "Start",
    farewell: str = "Quit",
) -> list[float]:
    """Play ``state`` to its end; return the scores with 0 for every seat that faulted."""
    match.state = state
    for seat in range(2):
        for line in opening:
            try:
                match.send(seat, line)
            except ProgramFault as fault:
                match.fault(seat, fault.verdict, fault.reason)
    last = start
    while not state.is_over():
        last = _take_turn(match, state, state.to_move, last, farewell)
    for seat in range(2):
        if not match.faulted(seat):
            try:
                match.send(seat, farewell)
            except ProgramFault:
                pass  # the game is decided; a program already gone is not penalised
    return [0 if match.faulted(seat) else score for seat, score in enumerate(state.scores())]


def winner_by_points(scores: list[float]) -> int | None:
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def describe_faults(match: Match) -> str:
    parts = [
        f"{seat.name} {seat.verdict}: {seat.reason}; the jury finished its game"
        for seat in match.seats
        if seat.faulted
    ]
    return "; ".join(parts)
