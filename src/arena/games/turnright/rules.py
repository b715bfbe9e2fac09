"""Turn Right (CodeCup 2006): the rules as a library.

Seat 0 is White, seat 1 is Black. Phase 1: White places first, alternately;
White places 18 pieces and Black 17, then Black's 18th piece goes on the last
free square by itself (:attr:`TurnRightState.auto_square`). Phase 2: 13
circuits each, Black first. After every circuit each 2×2 block of one colour
scores a point to that colour; White starts with 5. A 3×3 block ends the game.

A placement is a square index (see ``circuit.py``), a circuit a tuple of corners.

>>> state = TurnRightState()
>>> state.play_text("c3")
14
>>> state.to_move
1
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameState, IllegalMoveError, MoveFormatError
from .circuit import (
    SIZE, canonical, check_circuit, format_circuit, parse_circuit, parse_square, rotate, square,
    square_name,
)
from .scoring import BLACK, EMPTY, WHITE, WHITE_START_POINTS, has_3x3, match_points, points_on_board

SEAT_COLOUR = (WHITE, BLACK)
PLACEMENTS = 35  # 18 by White and 17 by Black; the 36th square is filled by the judge
CIRCUITS = 26  # 13 each, Black first


@dataclass
class TurnRightResult:
    """How a game ended, in CodeCup 2006's figures (both lists are [White, Black])."""

    ending: str  # "circuits", "3x3" or "fault"
    winner: int | None
    game_points: list[int]
    match_points: list[int]
    points: list[int]  # the 2×2 points (White's 5 free points included)


class TurnRightState(GameState):
    def __init__(self) -> None:
        self.board = [EMPTY] * (SIZE * SIZE)
        self.placements = 0
        self.circuits = 0
        self.points = [WHITE_START_POINTS, 0]
        self.auto_square: int | None = None  # where Black's 18th piece went by itself
        self.winner_3x3: int | None = None
        self.last_move: int | tuple[int, ...] | None = None  # for the boards drawn to people (text and SVG)

    # -- whose turn, which phase -------------------------------------------

    @property
    def placing(self) -> bool:
        return self.placements < PLACEMENTS

    @property
    def to_move(self) -> int:
        if self.placing:
            return self.placements % 2  # White first
        return 1 - self.circuits % 2  # Black first

    @property
    def circuit_number(self) -> int:
        """The mover's own circuit count (1..13) for the circuit it is about to play."""
        return self.circuits // 2 + 1

    def is_over(self) -> bool:
        return self.circuits >= CIRCUITS or self.winner_3x3 is not None

    # -- moves ---------------------------------------------------------------

    def legal_moves(self) -> list:
        """Free squares while placing; in phase 2 only the rectangles.

        The full set of circuits on a 6×6 board runs to about 1.2 million loops,
        too many to list; :meth:`play` judges any circuit. Rectangles are always
        legal (every player's circuit may have at least 4 corners).
        """
        if self.is_over():
            return []
        if self.placing:
            return [sq for sq in range(SIZE * SIZE) if self.board[sq] == EMPTY]
        return rectangles()

    def play(self, move) -> None:
        if self.is_over():
            raise IllegalMoveError("the game is over")
        if self.placing:
            self._place(move)
        else:
            self._turn(move)

    def _place(self, move) -> None:
        if not isinstance(move, int):
            raise IllegalMoveError("in the placement phase a move is one free square, not a circuit")
        if self.board[move] != EMPTY:
            raise IllegalMoveError(f"{square_name(move)} is already occupied")
        self.board[move] = SEAT_COLOUR[self.to_move]
        self.placements += 1
        self.last_move = move
        if self.placements == PLACEMENTS:
            # Black's last piece has only one place to go; nobody is told (docs/games/turnright.md).
            self.auto_square = self.board.index(EMPTY)
            self.board[self.auto_square] = BLACK

    def _turn(self, corners) -> None:
        if not isinstance(corners, tuple):
            raise IllegalMoveError("the board is full: a move is now a circuit such as a1-a4-d4-d1")
        check_circuit(corners, self.circuit_number)
        mover = self.to_move
        rotate(self.board, corners)
        self.circuits += 1
        self.last_move = corners
        white, black = points_on_board(self.board)
        self.points[0] += white
        self.points[1] += black
        white_wins, black_wins = has_3x3(self.board, WHITE), has_3x3(self.board, BLACK)
        if white_wins and black_wins:
            self.winner_3x3 = 1 - mover  # both at once: the player who did not move wins
        elif white_wins or black_wins:
            self.winner_3x3 = 0 if white_wins else 1

    def parse_move(self, text: str):
        if self.placing:
            if "-" in text:
                raise MoveFormatError(f"{text!r}: the placement phase expects one free square such as c3")
            return parse_square(text)
        return parse_circuit(text)

    def format_move(self, move) -> str:
        """Squares by name; circuits in canonical form, as the judge forwards them."""
        if isinstance(move, int):
            return square_name(move)
        return format_circuit(canonical(move))

    # -- results -------------------------------------------------------------

    def scores(self) -> tuple[int, int]:
        """The 2×2 points of White and Black so far."""
        return self.points[0], self.points[1]

    def result(self) -> TurnRightResult:
        """The result of a game that ended by the rules (26 circuits or a 3×3)."""
        white, black = self.points
        if self.winner_3x3 is not None:
            return _win(self.winner_3x3, self.points, "3x3", game_points=3, bonus=True)
        if white == black:
            return TurnRightResult("circuits", None, [1, 1], [50, 50], list(self.points))
        return _win(0 if white > black else 1, self.points, "circuits", game_points=2, bonus=False)

    def fault_result(self, offender: int) -> TurnRightResult:
        """The opponent wins 3 game points and its base + 50; the offender gets nothing."""
        result = _win(1 - offender, self.points, "fault", game_points=3, bonus=True)
        result.match_points[offender] = 0
        return result

    def __str__(self) -> str:
        return board_text(self)

def _win(winner: int, points: list[int], ending: str, game_points: int, bonus: bool) -> TurnRightResult:
    won, lost = match_points(points[winner], points[1 - winner], bonus=bonus)
    game = [0, 0]
    match = [0, 0]
    game[winner] = game_points
    match[winner], match[1 - winner] = won, lost
    return TurnRightResult(ending, winner, game, match, list(points))


def rectangles() -> list[tuple[int, ...]]:
    """Every rectangular circuit, corners clockwise from the lower left (x = file, y = rank)."""
    found: list[tuple[int, ...]] = []
    for f1 in range(SIZE):
        for f2 in range(f1 + 1, SIZE):
            for r1 in range(SIZE):
                for r2 in range(r1 + 1, SIZE):
                    found.append((square(f1, r1), square(f1, r2), square(f2, r2), square(f2, r1)))
    return found


# -- the position as text for people (str(state)): the terminal, the viewer's fallback, the envs' ansi

SYMBOLS = {EMPTY: ".", WHITE: "W", BLACK: "B"}


def board_text(state: TurnRightState) -> str:
    """Rank 6 at the top; the last piece placed, or the last circuit's corners, in lower case."""
    last = state.last_move
    marked = set() if last is None else {last} if isinstance(last, int) else set(last)
    lines = []
    for rank in reversed(range(SIZE)):
        symbols = [SYMBOLS[state.board[square(file, rank)]] for file in range(SIZE)]
        cells = [s.lower() if square(file, rank) in marked else s for file, s in enumerate(symbols)]
        lines.append(f"{rank + 1} {' '.join(cells)}")
    lines.append("  a b c d e f")
    if last is not None:
        # placements alternate White, Black; circuits Black, White
        mover = ("White", "Black")[state.circuits % 2 if state.circuits else 1 - state.placements % 2]
        lines.append(f"last move: {state.format_move(last)} by {mover} (in lower case)")
        if state.auto_square is not None and state.circuits == 0:
            lines.append(f"Black's 18th piece went on {square_name(state.auto_square)} by itself")
    lines.append(f"points: White {state.points[0]}  Black {state.points[1]}")
    return "\n".join(lines)
