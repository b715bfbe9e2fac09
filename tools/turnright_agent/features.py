"""What the value function sees of a position after the mover's move: a few numbers per board.

One vector for both phases: a placement fills the placing part and leaves the circuit part 0,
a circuit the other way round, so one least-squares fit is two independent fits (and a
decided circuit, a 3×3 or the last one, is all 0 and teaches nothing: its value is known).

The threats are the heart of it: a colour that holds one of the 3×3 sets (circuits.py) can
win with its next circuit. While placing, pieces do not move, so a set held stays held
until the first circuit, which Black turns, with a rectangle.
"""

from __future__ import annotations

import numpy as np

from boards import points
from circuits import Circuits, RECTANGLE_CORNERS
from position import CIRCUITS

PLACING = ("bias", "my_blocks", "their_blocks", "my_rectangle_potential", "their_rectangle_potential",
           "my_potential", "their_potential", "i_hold_a_rectangle_set", "they_hold_a_rectangle_set")
# Black turns the first circuit: the same board is worth differently to each seat
PLACEMENT_FEATURES = tuple(f"white_{name}" for name in PLACING) + tuple(f"black_{name}" for name in PLACING)
CIRCUIT_FEATURES = ("circuit_bias", "margin", "margin_late", "my_blocks_on_board", "their_blocks_on_board",
                    "my_blocks_to_come", "their_blocks_to_come", "they_can_win", "my_threats",
                    "my_sets_one_short", "their_sets_one_short")
FEATURE_NAMES = PLACEMENT_FEATURES + CIRCUIT_FEATURES
CIRCUIT_OFFSET = len(PLACEMENT_FEATURES)
MARGIN_SCALE = 20.0  # points: a clear lead
SETS_SCALE = 10.0
ONE_SHORT_SCALE = 100.0  # sets a colour holds but for one square: dozens in a game's middle
THREATS_CAPPED = 4
ROWS_AT_ONCE = 256


def squares_held(boards: np.ndarray, circuits: Circuits) -> np.ndarray:
    """(n, sets) int8: how many of each 3×3 set's nine squares each board (n, 36) holds.

    By blocks of rows: a float32 product of all 1,825 circuits' boards at once would take
    10 MB, and ``arena policy-bot`` has 64 MB in all."""
    held = np.empty((len(boards), len(circuits.threat_sets)), dtype=np.int8)
    sets = circuits.threat_sets.T
    for start in range(0, len(boards), ROWS_AT_ONCE):
        rows = boards[start:start + ROWS_AT_ONCE].astype(np.float32)
        held[start:start + ROWS_AT_ONCE] = rows @ sets  # sums of 0s and 1s: exact in float32
    return held


def placement_features(mine: np.ndarray, theirs: np.ndarray, seat: int, circuits: Circuits) -> np.ndarray:
    """(n, len(FEATURE_NAMES)) for boards (n, 36) after the mover's placements, in the mover's
    seat's part of the placing features.

    A potential is Erdős and Selfridge's for Maker-Breaker games: each set still free of the
    other colour counts 2^(squares held - 9), so a set held is 1 and each square short halves it.
    """
    held_mine, held_theirs = squares_held(mine, circuits), squares_held(theirs, circuits)
    rectangle = circuits.threat_corners <= RECTANGLE_CORNERS
    my_share = np.where(held_theirs == 0, np.exp2(held_mine.astype(float) - 9), 0.0)
    their_share = np.where(held_mine == 0, np.exp2(held_theirs.astype(float) - 9), 0.0)
    columns = [
        np.ones(len(mine)),
        points(mine) / SETS_SCALE, points(theirs) / SETS_SCALE,
        my_share[:, rectangle].sum(axis=1), their_share[:, rectangle].sum(axis=1),
        my_share.sum(axis=1) / SETS_SCALE, their_share.sum(axis=1) / SETS_SCALE,
        # held now, held when Black turns the first circuit, a rectangle: for Black, a 3×3 then
        (held_mine[:, rectangle] == 9).any(axis=1), (held_theirs[:, rectangle] == 9).any(axis=1),
    ]
    rows = np.zeros((len(mine), len(FEATURE_NAMES)))
    part = seat * len(PLACING)
    rows[:, part:part + len(PLACING)] = np.stack(columns, axis=1)
    return rows


def circuit_features(mine: np.ndarray, margins: np.ndarray, circuits_after: int,
                     my_next: int, their_next: int, circuits: Circuits) -> np.ndarray:
    """(n, len(FEATURE_NAMES)) for full boards after the mover's circuits, given by the
    mover's squares (n, 36) (the opponent has the others); ``margins`` the mover's points
    minus the opponent's after them; the circuit numbers are the mover's next one and the
    opponent's next one."""
    theirs = ~mine
    my_blocks, their_blocks = points(mine), points(theirs)
    held = squares_held(mine, circuits)  # the opponent holds the rest of each set
    their_sets, my_sets = circuits.sets_allowed(their_next), circuits.sets_allowed(my_next)
    held_theirs = held if their_sets.all() else held[:, their_sets]
    held_mine = held if my_sets.all() else held[:, my_sets]
    done = circuits_after / CIRCUITS
    to_come = (CIRCUITS - circuits_after) / CIRCUITS
    columns = [
        np.ones(len(mine)), margins / MARGIN_SCALE, margins / MARGIN_SCALE * done,
        my_blocks / SETS_SCALE, their_blocks / SETS_SCALE,
        my_blocks * to_come, their_blocks * to_come,
        (held_theirs == 0).any(axis=1),
        np.minimum((held_mine == 9).sum(axis=1), THREATS_CAPPED) / THREATS_CAPPED,
        (held_mine == 8).sum(axis=1) / ONE_SHORT_SCALE,
        (held_theirs == 1).sum(axis=1) / ONE_SHORT_SCALE,  # they hold the other eight
    ]
    rows = np.zeros((len(mine), len(FEATURE_NAMES)))
    rows[:, CIRCUIT_OFFSET:] = np.stack(columns, axis=1)
    return rows
