"""The circuits the agent weighs, as tables: every circuit of at most 6 corners (the 225
rectangles and 1,600 L-shaped hexagons, the same set builtin:greedy tries), the boards they
leave, and the sets of squares from which one of them makes a 3×3 block. Only numpy: the
tables are read from circuits.npz, which build_circuits.py writes from arena's own table.

``source[c, sq]`` is the square whose piece circuit ``c`` brings to ``sq``, so a colour's
squares after the circuit are ``colour[source[c]]``, for every circuit in one gather.
Circuit ``c`` is the environments' action ``SQUARES + c``: the environments number the
circuits fewest corners first, so those of at most 6 corners are the first 1,825.

A colour holds a 3×3 block after circuit ``c`` exactly when it held the nine squares
``source[c, block]`` before it. Over all 1,825 circuits and 16 blocks there are only 1,448
such sets (508 of them from rectangles): whether a colour can win with one circuit is
whether it holds one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from boards import SIZE, SQUARES, codes, from_codes, points
from position import Position

TABLE = Path(__file__).with_name("circuits.npz")
RECTANGLE_CORNERS = 4


def max_corners(circuit_number: int) -> int:
    """A player's own N-th circuit may have at most 2·(N+1) corners."""
    return 2 * (circuit_number + 1)


BLOCKS_3 = np.array([[(f + i) * SIZE + r + j for i in range(3) for j in range(3)]
                     for f in range(SIZE - 2) for r in range(SIZE - 2)])


@dataclass(frozen=True)
class Afterstates:
    """The distinct boards some circuits leave (many leave the same: a loop of one colour
    turns nothing), each valued once; ``back[i]`` is the board circuit ``i`` leaves."""

    mine: np.ndarray  # (boards, 36) bool; the opponent holds the other squares
    margins: np.ndarray  # (boards,) the mover's points minus the opponent's after the circuit
    back: np.ndarray  # (circuits,) index into the boards


@dataclass(frozen=True)
class Circuits:
    source: np.ndarray  # (circuits, 36) intp
    corners: np.ndarray  # (circuits,) the corners of each
    threat_sets: np.ndarray  # (sets, 36) float32, 1 on the nine squares of each set
    threat_corners: np.ndarray  # (sets,) the fewest corners of a circuit that makes a 3×3 of the set

    def allowed(self, circuit_number: int) -> np.ndarray:
        """The circuits a player's N-th circuit may turn (a prefix: fewest corners first)."""
        return np.flatnonzero(self.corners <= max_corners(circuit_number))

    def sets_allowed(self, circuit_number: int) -> np.ndarray:
        return self.threat_corners <= max_corners(circuit_number)

    def afterstates(self, position: Position, indices: np.ndarray) -> Afterstates:
        turned = position.mine[self.source[indices]]
        distinct, back = np.unique(codes(turned), return_inverse=True)
        mine = from_codes(distinct)
        gained = points(mine) - points(~mine)  # the board is full: the opponent has the rest
        return Afterstates(mine, (position.margin + gained).astype(float), back.ravel())


def load_circuits(path: Path = TABLE) -> Circuits:
    with np.load(path) as saved:
        source = saved["source"].astype(np.intp)
        corners = saved["corners"].astype(np.int64)
    return Circuits(source, corners, *_threat_sets(source, corners))


def _threat_sets(source: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct sets ``source[c, block]``, each with the fewest corners that reach it."""
    sources = np.sort(source[:, BLOCKS_3], axis=2).reshape(-1, 9)  # (circuits × blocks, 9)
    reach = np.repeat(corners, len(BLOCKS_3))
    sets, first = np.unique(sources, axis=0, return_inverse=True)
    fewest = np.full(len(sets), np.iinfo(np.int64).max)
    np.minimum.at(fewest, first.ravel(), reach)
    matrix = np.zeros((len(sets), SQUARES), dtype=np.float32)
    np.put_along_axis(matrix, sets, 1.0, axis=1)
    return matrix, fewest
