"""``builtin:greedy`` for Turn Right, in numpy: the same choices as greedy.py's ``greedy_choice``,
for the environments' in-process opponent (arena.envs), where it answers inside every step.

greedy.py scores each of its 1,825 candidate circuits (225 rectangles, 1,600 L-shaped
hexagons) one at a time in Python, about 25 ms a circuit move. Here every candidate is a
row of a table, ``source[c, sq]`` (the square whose piece the circuit brings to ``sq``), so
one gather turns the whole board at once for all candidates; the 2×2 blocks of each colour
are four shifted slices summed, and the 3×3 blocks the 2×2 blocks four times over. The
values, their order and the random tie-break (``rng.choice`` over the best in candidate
order) are greedy.py's, so both make the same move from the same ``random.Random`` (a test
plays both side by side, move by move). ``arena bot turnright greedy`` keeps greedy.py: a
program should not need numpy to start.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np

from .circuit import SIZE
from .greedy import WIN, _loop, hexagons
from .rules import SEAT_COLOUR, TurnRightState, rectangles
from .scoring import BLACK, BLOCKS_2, WHITE

SQUARES = SIZE * SIZE
# the 2×2 blocks holding each square: a placement's value is what it adds to the blocks of its colour
_BLOCKS_OF = tuple(tuple(block for block in BLOCKS_2 if block >> sq & 1) for sq in range(SQUARES))


@lru_cache(maxsize=None)
def candidates(with_hexagons: bool) -> tuple[tuple[tuple[int, ...], ...], np.ndarray]:
    """(the circuits greedy.py tries, in its order; their ``source`` table, one row each)."""
    circuits = tuple(rectangles()) + (hexagons() if with_hexagons else ())
    source = np.tile(np.arange(SQUARES, dtype=np.intp), (len(circuits), 1))
    for row, corners in enumerate(circuits):
        for from_bit, to_bit in _loop(corners)[2]:  # the piece on from_bit moves to to_bit
            source[row, to_bit.bit_length() - 1] = from_bit.bit_length() - 1
    source.setflags(write=False)
    return circuits, source


def _blocks(full: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For boards (n, SIZE, SIZE) of one colour's squares: each board's 2×2 blocks, and whether it holds a 3×3."""
    square_sums = full[:, :-1, :-1] + full[:, 1:, :-1] + full[:, :-1, 1:] + full[:, 1:, 1:]
    two = square_sums == 4
    three = two[:, :-1, :-1] & two[:, 1:, :-1] & two[:, :-1, 1:] & two[:, 1:, 1:]
    return two.sum(axis=(1, 2)), three.any(axis=(1, 2))


def circuit_values(board: list[int], mover: int, with_hexagons: bool) -> np.ndarray:
    """greedy.py's ``_circuit_value`` of every candidate: WIN, −WIN, or my 2×2 blocks minus theirs after it."""
    _, source = candidates(with_hexagons)
    turned = np.asarray(board, dtype=np.int8)[source].reshape(-1, SIZE, SIZE)
    colours = (WHITE, BLACK)
    mine, i_win = _blocks((turned == colours[mover]).view(np.int8))
    theirs, they_win = _blocks((turned == colours[1 - mover]).view(np.int8))
    values = mine.astype(np.int64) - theirs
    values[i_win] = WIN
    values[they_win] = -WIN  # also when both have one: the player who did not move wins
    return values


def greedy_choice(state: TurnRightState, rng: random.Random):
    """greedy.py's choice, computed faster: the same move for the same ``rng``."""
    mover = state.to_move
    if state.placing:
        colour = SEAT_COLOUR[mover]
        mask = sum(1 << sq for sq, piece in enumerate(state.board) if piece == colour)
        best: list[int] = []
        best_value = -1
        for sq in state.legal_moves():  # the blocks only sq's own can complete; the rest are the same for all
            with_sq = mask | 1 << sq
            value = sum(1 for block in _BLOCKS_OF[sq] if with_sq & block == block)
            if value > best_value:
                best, best_value = [sq], value
            elif value == best_value:
                best.append(sq)
        return rng.choice(best)
    with_hexagons = state.circuit_number >= 2  # a hexagon needs a limit of 6 corners
    circuits, _ = candidates(with_hexagons)
    values = circuit_values(state.board, mover, with_hexagons)
    return rng.choice([circuits[i] for i in np.flatnonzero(values == values.max())])
