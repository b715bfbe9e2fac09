"""Where Turn Right's figures come from: 2×2 points, then game points, then match points."""

from __future__ import annotations

from ...judge.record_types import Record, Result
from .circuit import SIZE, square, square_name
from .scoring import BLACK, WHITE, WHITE_START_POINTS

GAME_POINTS_RULE = "a 3x3 or a win by fault 3, a win on points 2, a draw 1"


def explain_result(record: Record) -> list[str]:
    from ..replay import replay  # only when a summary is asked for
    from .rules import TurnRightState

    result, seats = record["result"], record["seats"]
    points, game_points, match = result["points"], result["game_points"], result["scores"]
    circuits = sum(1 for move in record["moves"] if "-" in move["text"])
    counted = f"after each of the {circuits} circuits" if circuits else "(no circuit was played)"
    lines = [f"2x2 points {counted}: "
             f"{seats[0]} {WHITE_START_POINTS} at the start + {points[0] - WHITE_START_POINTS} = {points[0]}, "
             f"{seats[1]} {points[1]}"]
    final = replay(record)
    assert isinstance(final, TurnRightState)  # the record of a game of Turn Right
    board = final.board  # a faulted game stops at the fault
    for colour, name in ((WHITE, seats[0]), (BLACK, seats[1])):
        for block in blocks_3x3(board, colour):
            lines.append(f"{name} has a 3x3 block {block}")
    lines.append(f"game points ({GAME_POINTS_RULE}): {seats[0]} {game_points[0]}, {seats[1]} {game_points[1]}")
    lines.append("match points: " + _match_formula(result, seats))
    return lines


def _match_formula(result: Result, seats: list[str]) -> str:
    winner, points, match = result["winner"], result["points"], result["scores"]
    if winner is None:
        return f"a draw, 50 each: {seats[0]} {match[0]}, {seats[1]} {match[1]}"
    loser = 1 - winner
    base = min(max(50 + points[winner] - points[loser], 0), 100)
    bonus = " + 50 (bonus for a 3x3 or the opponent's fault)" if result["ending"] in ("3x3", "fault") else ""
    loser_share = "0 for its fault" if result["ending"] == "fault" else f"100 - {base} = {100 - base}"
    return (f"{seats[winner]} 50 + ({points[winner]} - {points[loser]}), kept within 0-100, = {base}{bonus}"
            f" = {match[winner]}; {seats[loser]} {loser_share}")


def blocks_3x3(board: list[int], colour: int) -> list[str]:
    """Every 3×3 block of one colour, named by its corners (``b2-d4``)."""
    return [
        f"{square_name(square(f, r))}-{square_name(square(f + 2, r + 2))}"
        for f in range(SIZE - 2) for r in range(SIZE - 2)
        if all(board[square(f + i, r + j)] == colour for i in range(3) for j in range(3))
    ]
