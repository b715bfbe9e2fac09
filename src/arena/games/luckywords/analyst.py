"""Lucky Words' analyst (arena/games/analyst_contract.py): a move judged by what its player knew.

A ply is a call (``E 35``: the caller's letter and its cell) or a placement (``35``: the
other player's cell for the letter just called).

The value shown is the mover's **expected word-point margin** as a spectator sees it: the
expected word points of its grid minus those of the opponent's real grid (each grid's
expectation from that grid and the public letters alone: the strong engine's line values
under its owner's letter odds, player_knowledge.py). Its points per grid are in
``detail["grids"]``.

The judgment of the move, its best move and its loss, uses only what the mover knew: its own
grid, the letters called so far and the starting letter. The opponent's grid in it is the one
the mover can picture from the called letters (the greedy placement the strong player's
opponent model assumes), never the real one. A placement is worth what it adds to the mover's
own grid; a call what its letter adds to the caller's grid on the cell it names, less what the
letter can add to the opponent's pictured grid (the opponent gets every called letter too).
``played_value`` is the shown value less that loss, so the loss the analysis reports is the
honest one (tests/games/luckywords/test_luckywords_analyst.py proves it does not read the opponent's
grid). Letters are called between plies, which is why the loss cannot be read from the next
position. No value is exact: the letters to come are unknown.
"""

from __future__ import annotations

from ..analyst_contract import AnalystDetail, Evaluation
from ..base import MoveError
from .player_knowledge import (
    engine_for, grid_bytes, pictured_opponent, scoring_words, set_owner_odds,
)
from .rules import LETTERS, LuckyWordsState
from .scoring import grid_points

UNITS = "expected word-point margin"
DEFAULT_SECONDS = 0.1
"""The evaluation is a fixed computation (no search to deepen): about 10-20 ms a ply once a
worker has built its word index (about 0.5 s, once). ``seconds`` is only a bound."""
MISTAKE = 3.0
"""Three expected word points: a lost four-letter word, or a good letter given to the
opponent. Most placements of a fair player lose well under one."""


def evaluate(state: LuckyWordsState, played: str | None, seconds: float) -> Evaluation:
    if state.is_over():
        raise ValueError("the game is over: both grids are full")
    mover = state.to_move
    words = scoring_words(state)
    engine = engine_for(words)
    own = grid_bytes(state.grids[mover])
    set_owner_odds(engine, state, mover, own.count(0))
    own_now = engine.grid_value(own)
    letters = LETTERS if state.called is None else state.called  # calling: any letter
    own_gains = {letter: engine.placement_gains(own, ord(letter) - 64) for letter in letters}
    pictured = pictured_opponent(state, words)
    set_owner_odds(engine, state, 1 - mover, pictured.count(0))
    pictured_now = engine.grid_value(pictured)
    # a call hands the letter to the opponent too, and it will put it where it helps most
    given = engine.letter_gains(pictured) if state.calling else [0.0] * 26

    def worth(letter: str, cell: int) -> float:
        gain = own_gains[letter][cell]
        assert gain is not None  # asked only of an empty cell (a taken one's gain is None)
        return own_now + gain - pictured_now - given[ord(letter) - 65]

    moves = [(letter, cell) for letter in letters for cell in range(49) if own_gains[letter][cell] is not None]
    judged, best_letter, best_cell = max((worth(letter, cell), letter, -cell) for letter, cell in moves)
    best = state.format_move((best_letter, -best_cell) if state.calling else -best_cell)
    grids = _real_grids(engine, state)
    value = grids[mover] - grids[1 - mover]
    played_value = judged_played = None
    if played is not None:
        move = _legal(state, played)
        if move is not None:
            judged_played = worth(*move) if state.called is None else worth(state.called, move)
            played_value = value - (judged - judged_played)
    detail: AnalystDetail = {"grids": grids, "pictured_opponent": round(pictured_now, 3),
                             "judged": round(judged, 3),
                             "judged_played": None if judged_played is None else round(judged_played, 3)}
    return Evaluation(value=value, best=best, exact=False, played_value=played_value, detail=detail)


def _legal(state: LuckyWordsState, played: str):
    """The move ``played`` as rules.py reads it, or None if it is no legal move here."""
    try:
        move = state.parse_move(played)
    except MoveError:
        return None
    cell = move[1] if state.calling else move
    return move if state.grids[state.to_move][cell] == "." else None


def _real_grids(engine, state: LuckyWordsState) -> list[float]:
    """Each real grid's expected word points, as a spectator sees them (for people)."""
    values = []
    for seat in range(2):
        grid = grid_bytes(state.grids[seat])
        set_owner_odds(engine, state, seat, grid.count(0))
        values.append(round(engine.grid_value(grid), 3))
    return values


def outcome(state: LuckyWordsState, seat: int) -> float:
    """The finished game's word-point margin from ``seat``'s view (the game's own list)."""
    words = scoring_words(state)
    points = [grid_points(state.grid_text(k), words) for k in range(2)]
    return float(points[seat] - points[1 - seat])
