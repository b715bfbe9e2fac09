"""The analyst's circuit phase: the strong engine's 2-ply search, and the exact end.

With three circuits or more to go, the value is the engine's own 2-ply search (as
strong/player.py calls it): the points the mover's circuit and the opponent's best reply
score, plus the search's estimate of the board left, plus the margin so far. With one or two
circuits to go, ``engine.solve_end`` goes through every circuit of both sides: the value is
then the game's (exact). The move played is valued by the same search as the best one, so
its loss does not mix two estimates.
"""

from __future__ import annotations

import time

from ...analyst_contract import Evaluation
from ...base import MoveError
from .units import EIGHTHS, LEAD_CAP, WIN, forced_3x3, from_exact, margin, masks, outcome, win_value
from ..rules import CIRCUITS, SEAT_COLOUR, TurnRightState
from ..scoring import colour_mask

FULL = (1 << 36) - 1

EXACT_FROM = 2      # circuits left from which the end is solved exactly
SEARCH_SHARE = 0.6  # of the time for the best circuit; the rest values the circuit played
EXACT_SHARE = 0.9   # the exact end: valuing the circuit played exactly is quick


def _engine():
    from ..strong import engine  # compiled; the circuit table is built once per process
    engine.prepare()
    return engine


def evaluate_circuit(state: TurnRightState, played: str | None, seconds: float) -> Evaluation:
    engine = _engine()
    deadline = time.monotonic() + seconds
    mover, lead = state.to_move, margin(state, state.to_move)
    mine, _ = masks(state, mover)
    my_limit = 2 * (state.circuit_number + 1)
    their_limit = 2 * (state.circuit_number + 2 - mover)  # Black turns first in each pair
    plies_left = CIRCUITS - state.circuits
    exact = False
    if plies_left <= EXACT_FROM:
        index, raw, exact = engine.solve_end(mine, my_limit, their_limit, plies_left, seconds * EXACT_SHARE)
        if exact:
            value = from_exact(raw, lead)
            circuits = 1 if plies_left == 1 or engine.wins(engine.turn(mine, index)) else 2
    if not exact:
        left = max(deadline - time.monotonic(), 0.0) * SEARCH_SHARE
        index, raw, examined, candidates = engine.search_circuit(
            mine, my_limit, their_limit, plies_left, left * 0.8, left, margin_room=LEAD_CAP - lead)
        if examined == 0 and candidates > 0 and raw < WIN // 2:
            # out of time before any reply was searched: the best candidate's own points only
            # (the search's -WIN then means "nothing searched", not a 3×3 to come)
            value, circuits = lead + _gain(engine, engine.turn(mine, index)), 0
        else:
            value, circuits = _from_search(engine, index, raw, mine, lead, (their_limit, my_limit), candidates, left)
    best = state.format_move(engine.corners(index))
    played_value = None
    if played is not None:
        played_value, played_exact = _played_value(engine, state, played, value, (their_limit, my_limit),
                                                   exact, max(deadline - time.monotonic(), 0.01))
        if played_value is not None and played_value > value:  # the search missed the move played
            value, best, exact = played_value, state.format_move(state.parse_move(played)), played_exact
    detail = forced_3x3(value, mover, circuits)
    detail["search"] = "exact" if exact else "2-ply"
    return Evaluation(value=value, best=best, exact=exact, played_value=played_value, detail=detail)


def _from_search(engine, index: int, raw: int, mine: int, lead: int, limits: tuple[int, int],
                 candidates: int, seconds: float) -> tuple[float, int]:
    """(value, circuits to a forced 3×3 or 0) of the 2-ply search's circuit ``index`` valued ``raw``."""
    if raw >= WIN:  # a 3×3 win now, scoring raw - WIN points on the way
        return win_value(lead + raw - WIN), 1
    if raw >= WIN // 2:  # a 3×3 win held back while the lead grows (strong/margin.pxi)
        held = _held_win(engine, engine.turn(mine, index), lead, limits, seconds)
        return (win_value(lead) if held is None else held), 3
    if raw <= -WIN:  # every circuit loses to a 3×3: at once (no candidate) or to the reply
        return -win_value(-lead), 1 if candidates == 0 else 2
    return lead + raw / EIGHTHS, 0


def _held_win(engine, child: int, lead: int, limits: tuple[int, int], seconds: float) -> float | None:
    """A circuit that leaves the mover a 3×3 win after every reply, valued at its worst; None if
    it does not (or the check ran out of time)."""
    their_limit, my_limit = limits
    holds, worst = engine.keeps_win(child, their_limit, my_limit + 2, seconds)
    return win_value(lead + _gain(engine, child) + worst) if holds else None


def _gain(engine, child: int) -> int:
    """The 2×2 points a circuit leaving the mover's colour as ``child`` scores, net."""
    return engine.points(child) - engine.points(~child & FULL)


def _played_value(engine, state: TurnRightState, played: str, best_value: float, limits: tuple[int, int],
                  exact: bool, seconds: float) -> tuple[float | None, bool]:
    """(value, exact) of the circuit ``played``, by the search that valued the best one;
    (None, False) if it is no legal circuit here."""
    after = state.copy()
    try:
        after.play_text(played)
    except MoveError:
        return None, False
    mover, lead = state.to_move, margin(state, state.to_move)
    if after.winner_3x3 is not None:  # the circuit ended the game
        return outcome(after, mover), True
    child = colour_mask(after.board, SEAT_COLOUR[mover])
    their_limit, _ = limits
    plies_left = CIRCUITS - state.circuits
    if exact:
        raw, complete = engine.exact_circuit_value(child, their_limit, plies_left, seconds)
        return (from_exact(raw, lead), True) if complete else (None, False)
    if best_value >= win_value(0) and plies_left >= 3:  # the best was a win: was it held, not lost?
        held = _held_win(engine, child, lead, limits, seconds / 2)
        if held is not None:
            return held, False
    raw, complete = engine.circuit_reply_value(child, their_limit, plies_left == 2, seconds)
    if not complete:
        return None, False
    g1 = _gain(engine, child)
    if raw >= WIN:
        return win_value(lead + g1), False
    if raw <= -WIN:
        return -win_value(-(lead + g1)), False
    return lead + raw / EIGHTHS, False
