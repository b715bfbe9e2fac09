"""Flippo's ``greedy`` and ``mostpieces`` for the environments' in-process opponent (arena.envs),
making bots.py's moves several times faster.

bots.py copies the whole state (a deep copy) for each legal move, plays it and counts the
stable squares square by square: about 1.7 ms a move. Here each afterstate is two bit masks
(the mover's pieces, the occupied squares): the placed piece added, the flipped pieces
toggled; a square is stable when on each of the four axes its line is full or it ends its
line (rules.py's ``stable_squares``), so each axis gives one mask and the stable squares are
the four masks' intersection. The values, the order of the legal moves and the random
tie-break (``rng.choice`` over the best) are bots.py's, so both make the same move from the
same ``random.Random`` (a test compares them position by position). ``arena bot flippo
greedy`` keeps bots.py.
"""

from __future__ import annotations

import random

from .rules import AXIS_LINES, SEAT_COLOUR, SIZE, FlippoState


def _axes() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each of the four axes, each line as (its squares' mask, its two ends' mask)."""
    per_axis: list[list[tuple[int, int]]] = [[] for _ in range(4)]
    lines = iter(AXIS_LINES)  # rules.py lists them axis by axis: rows, columns, diagonals, anti-diagonals
    covered = [0] * 4
    for axis in range(4):
        while covered[axis] != (1 << SIZE * SIZE) - 1:
            line = next(lines)
            mask = sum(1 << square for square in line)
            per_axis[axis].append((mask, 1 << line[0] | 1 << line[-1]))
            covered[axis] |= mask
    return tuple(tuple(lines_of_axis) for lines_of_axis in per_axis)


AXES = _axes()
ALL = (1 << SIZE * SIZE) - 1


def stable_mask(occupied: int) -> int:
    """The occupied squares whose colour can never change again, as a mask."""
    stable = ALL
    for lines in AXES:
        safe = 0
        for mask, ends in lines:
            safe |= mask if occupied & mask == mask else ends
        stable &= safe
    return stable & occupied


def _afterstates(state: FlippoState):
    """(move, the mover's pieces after it, the occupied squares after it) for each legal move, in order."""
    colour = SEAT_COLOUR[state.to_move]
    own = occupied = 0
    for square, piece in enumerate(state.board):
        if piece:
            occupied |= 1 << square
            if piece == colour:
                own |= 1 << square
    for move in state.legal_moves():
        flipped = sum(1 << square for square in state.flips(move, colour))
        yield move, (own ^ flipped) | 1 << move, occupied | 1 << move


def _best(candidates, value, rng: random.Random) -> int:
    best: list[int] = []
    best_value = None
    for move, own, occupied in candidates:
        move_value = value(own, occupied)
        if best_value is None or move_value > best_value:
            best, best_value = [move], move_value
        elif move_value == best_value:
            best.append(move)
    return rng.choice(best)


def _banked_then_fewest_exposed(own: int, occupied: int) -> tuple[int, int]:
    stable = stable_mask(occupied)
    return 2 * (stable & own).bit_count() - stable.bit_count(), -own.bit_count()


def greedy_choice(state: FlippoState, rng: random.Random) -> int:
    """bots.py's ``greedy_choice``: the same move for the same ``rng``."""
    return _best(_afterstates(state), _banked_then_fewest_exposed, rng)


def most_pieces_choice(state: FlippoState, rng: random.Random) -> int:
    """bots.py's ``most_pieces_choice``: the same move for the same ``rng``."""
    return _best(_afterstates(state), lambda own, occupied: own.bit_count(), rng)
