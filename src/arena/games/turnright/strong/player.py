"""Turn Right's strong player: the compiled engine's searches under a whole-game time plan.

Run it with ``arena bot turnright strong``. It speaks the CodeCup 2006 protocol
itself (``Start``, squares, circuits, ``x``) on bit masks, so a move costs no
pure-Python rules. The clock is 30 s per game; games/time_plan.py keeps the
margin, and the player spends only a part of the plan: a placement a tenth of
a second (the last twelve up to 0.75 s, to search through to the circuits), a
circuit at most 1.5 s (late in a game its search with the 3×3 threat checks
uses all of it). ``--seed`` varies its choices among near-best moves.
"""

from __future__ import annotations

import sys

from ...time_plan import Stopwatch, TimePlan, clock_seconds
from . import engine

FILES = "abcdef"
PLACEMENTS = 35          # then Black's 18th piece fills the last free square by itself
CIRCUITS = 26            # 13 each, Black first
PLACEMENT_SHARE = 0.004  # of the clock per placement
LATE_PLACEMENT_SHARE = 0.025  # from LATE_EMPTIES on: the search can reach the full board
LATE_EMPTIES = 12
CIRCUIT_CAP = 0.05       # of the clock at most per circuit (soft limit): the threat checks need it
FULL = (1 << 36) - 1
MARGIN_CAP = 50          # a lead beyond 50 points adds no match points: win at once from there


def square_index(name: str) -> int:
    return FILES.index(name[0]) * 6 + int(name[1]) - 1


def square_name(index: int) -> str:
    return FILES[index // 6] + str(index % 6 + 1)


def loop_of(corners: list[int]) -> list[int]:
    """The loop's squares in travel order (circuit.py's loop_squares, without its imports)."""
    squares = []
    for i, corner in enumerate(corners):
        following = corners[(i + 1) % len(corners)]
        step = (6 if following > corner else -6) if following // 6 != corner // 6 else (1 if following > corner else -1)
        while corner != following:
            squares.append(corner)
            corner += step
    return squares


def turned(mask: int, corners: list[int]) -> int:
    """One colour's mask after the circuit through ``corners`` turns."""
    loop = loop_of(corners)
    after = mask
    for i, square in enumerate(loop):
        after = after & ~(1 << square) | (mask >> loop[i - 1] & 1) << square
    return after


class Game:
    """The position as the player sees it: White's squares, Black's, and the move counts."""

    def __init__(self) -> None:
        self.masks = [0, 0]   # White, Black
        self.points = [5, 0]  # White starts with 5
        self.placements = 0
        self.circuits = 0

    def mover(self) -> int:
        return self.placements % 2 if self.placements < PLACEMENTS else 1 - self.circuits % 2

    def place(self, square: int) -> None:
        self.masks[self.mover()] |= 1 << square
        self.placements += 1
        if self.placements == PLACEMENTS:   # nobody is told where Black's last piece goes
            self.masks[1] = FULL & ~self.masks[0]

    def turn(self, corners: list[int]) -> None:
        self.masks[0] = turned(self.masks[0], corners)
        self.masks[1] = FULL & ~self.masks[0]
        self.circuits += 1
        self.points[0] += engine.points(self.masks[0])
        self.points[1] += engine.points(self.masks[1])

    def over(self) -> bool:
        white, black = engine.wins(self.masks[0]), engine.wins(self.masks[1])
        return self.circuits >= CIRCUITS or (self.circuits > 0 and (white or black))


def choose(game: Game, plan: TimePlan, clock: float) -> str:
    me = game.mover()
    if game.placements < PLACEMENTS:
        late = PLACEMENTS + 1 - game.placements <= LATE_EMPTIES
        share = LATE_PLACEMENT_SHARE if late else PLACEMENT_SHARE
        square, depth, value = engine.search_placement(game.masks[me], game.masks[1 - me], clock * share)
        print(f"place {square_name(square)} d{depth} value {value}", file=sys.stderr)
        game.place(square)
        return square_name(square)
    engine.prepare()
    mine_played = game.circuits // 2
    plies_left = CIRCUITS - game.circuits
    soft, hard = plan.limits(plies_left)
    soft = min(soft, clock * CIRCUIT_CAP)
    lead = game.points[me] - game.points[1 - me]
    index, value, examined, candidates = engine.search_circuit(
        game.masks[me], 2 * (mine_played + 2), 2 * (mine_played + 3 - me), plies_left, soft, hard,
        margin_room=MARGIN_CAP - lead)
    corners = list(engine.corners(index))
    print(f"circuit {game.circuits + 1} lead {lead} value {value / 8:+.2f} checked {examined}/{candidates} "
          f"soft {soft:.3f}", file=sys.stderr)
    game.turn(corners)
    return "-".join(square_name(c) for c in corners)


def main(seed: int | None = None) -> None:
    # a seed varies the choice among moves within a small margin of the best (variety.pxi)
    engine.set_seed(seed)
    clock = clock_seconds(30_000)
    plan = TimePlan(clock, solve_from=0, endgame_share=0.0, hard_share=0.3)
    game = Game()
    move_time = Stopwatch()
    for line in sys.stdin:
        move_time.restart()
        line = line.strip()
        if line == "x":
            return
        if line != "Start":
            if "-" in line:
                game.turn([square_index(part) for part in line.split("-")])
            else:
                game.place(square_index(line))
            if game.over():
                return
        reply = choose(game, plan, clock)
        # counted before the reply goes out: the judge may suspend us as soon as it reads it
        plan.spent(move_time.seconds())
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()
        if game.over():
            return
