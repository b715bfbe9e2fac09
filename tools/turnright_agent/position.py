"""A Turn Right observation (docs/envs.md) seen from the mover: its pieces, the opponent's, the
points, and whose circuit comes next; and the boards after each of its placements. Only numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from boards import SQUARES

PLACEMENTS = 35  # the 36th square gets Black's last piece by itself
CIRCUITS = 26
OWN_CIRCUITS = CIRCUITS // 2
POINTS_SCALE = 100.0  # the encoding's scale of the points features


@dataclass
class Position:
    mine: np.ndarray  # bool (36,): the mover's pieces
    theirs: np.ndarray  # bool (36,)
    my_points: int  # the 2×2 points so far (White's 5 free points included)
    their_points: int
    placing: bool
    placements: int  # pieces placed so far (0-35)
    circuits: int  # circuits turned so far (0-26)
    my_circuit_number: int  # the mover's own circuit about to be turned (1-13)
    seat: int  # 0 White, 1 Black

    @property
    def margin(self) -> int:
        return self.my_points - self.their_points

    @property
    def their_next_circuit_number(self) -> int:
        """The opponent's circuit after the mover's: White's N-th circuit answers Black's N-th,
        Black's (N+1)-th answers White's N-th (Black turns first)."""
        return self.my_circuit_number + (1 if self.seat == 0 else 0)


def position_of(observation: np.ndarray) -> Position:
    planes = observation[:3 * SQUARES].reshape(3, SQUARES) > 0.5  # mine, theirs, empty
    placing, placements, circuits, my_number, my_points, their_points, seat = observation[3 * SQUARES:3 * SQUARES + 7]
    return Position(
        mine=planes[0].copy(), theirs=planes[1].copy(),
        my_points=round(float(my_points) * POINTS_SCALE), their_points=round(float(their_points) * POINTS_SCALE),
        placing=bool(placing > 0.5), placements=round(float(placements) * PLACEMENTS),
        circuits=round(float(circuits) * CIRCUITS), my_circuit_number=round(float(my_number) * OWN_CIRCUITS),
        seat=int(seat > 0.5),
    )


def placement_afterstates(position: Position, squares: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the mover's boards, the opponent's) (n, 36) after placing on each of ``squares``."""
    mine = np.repeat(position.mine[None], len(squares), axis=0)
    mine[np.arange(len(squares)), squares] = True
    theirs = np.repeat(position.theirs[None], len(squares), axis=0)
    if position.placements + 1 == PLACEMENTS:  # White's 18th: Black's last piece fills the last square
        theirs |= ~(mine | theirs)
    return mine, theirs
