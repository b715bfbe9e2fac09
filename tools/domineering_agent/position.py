"""A Domineering observation (docs/envs.md) seen from the mover, always placing horizontally.

The second seat places vertical dominoes: its board transposed makes them horizontal, so
one value function serves both seats ("mine" horizontal, "theirs" vertical). Only numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SIZE = 8
CELLS = SIZE * SIZE
PASS_ACTION = CELLS
POINTS_SCALE = 100.0  # the encoding's scale of the points features
MARGIN_SCALE = 50.0  # a typical final margin, so values stay near [-1, 1]


@dataclass
class Position:
    empty: np.ndarray  # bool (8, 8), in the mover's frame (transposed for the second seat)
    values: np.ndarray  # int (8, 8), same frame
    margin: float  # the mover's points minus the opponent's (the second seat's 2.5 counted)
    transposed: bool


def position_of(observation: np.ndarray) -> Position:
    planes = observation[:7 * CELLS].reshape(7, SIZE, SIZE)
    my_points, their_points, seat, _ = observation[7 * CELLS:]
    transposed = seat > 0.5
    empty, values = planes[0] > 0.5, planes[3:7].argmax(axis=0)
    if transposed:
        empty, values = empty.T, values.T
    # points are whole or halves (the 2.5); the float32 features / 100 are not exact
    margin = round(float(my_points - their_points) * POINTS_SCALE * 2) / 2
    return Position(empty.copy(), values.copy(), margin, transposed)


def slot_of_action(position: Position, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rows, columns) in the mover's frame of the left cell of each action's domino."""
    rows, columns = np.divmod(actions, SIZE)
    return (columns, rows) if position.transposed else (rows, columns)


def afterstates(position: Position, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(empty boards (n, 8, 8), margins (n,)) after each placing action."""
    rows, columns = slot_of_action(position, actions)
    boards = np.repeat(position.empty[None], len(actions), axis=0)
    index = np.arange(len(actions))
    boards[index, rows, columns] = False
    boards[index, rows, columns + 1] = False
    gains = position.values[rows, columns] + position.values[rows, columns + 1]
    return boards, position.margin + gains
