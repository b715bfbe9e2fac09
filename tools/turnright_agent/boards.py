"""Boards of one colour as arrays: ``(n, 36)`` bool, a row per board, squares numbered
``file * 6 + rank`` as in the observation. Its 2×2 blocks (points) and 3×3 blocks (a win),
and each board as one integer, so that equal boards are found by ``np.unique``."""

from __future__ import annotations

import numpy as np

SIZE = 6
SQUARES = SIZE * SIZE
SQUARE_BITS = np.int64(1) << np.arange(SQUARES, dtype=np.int64)


def blocks_2(boards: np.ndarray) -> np.ndarray:
    """(n, 5, 5) bool: which 2×2 blocks each board fills."""
    grid = boards.reshape(-1, SIZE, SIZE)
    return grid[:, :-1, :-1] & grid[:, 1:, :-1] & grid[:, :-1, 1:] & grid[:, 1:, 1:]


def points(boards: np.ndarray) -> np.ndarray:
    """(n,) the 2×2 blocks of each board: the points its colour scores after a circuit."""
    return blocks_2(boards).sum(axis=(1, 2))


def has_3x3(boards: np.ndarray) -> np.ndarray:
    two = blocks_2(boards)
    return (two[:, :-1, :-1] & two[:, 1:, :-1] & two[:, :-1, 1:] & two[:, 1:, 1:]).any(axis=(1, 2))


def codes(boards: np.ndarray) -> np.ndarray:
    return boards @ SQUARE_BITS


def from_codes(numbers: np.ndarray) -> np.ndarray:
    return (numbers[:, None] >> np.arange(SQUARES) & 1).astype(bool)
