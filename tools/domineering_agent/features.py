"""What the value function sees of a position after the mover placed: a few numbers per board.

Domineering is won on room as much as on points: a domino of mine nobody can take away
(a "safe" slot) is points in the bank, and each domino also blocks one of the opponent's.
So besides the margin: each side's slots (count, worth), safe slots, and the cells only
one side can still cover. "mine" places horizontally, "theirs" vertically; they move next.
"""

from __future__ import annotations

import numpy as np

from position import MARGIN_SCALE

FEATURE_NAMES = ("bias", "margin", "my_slots", "their_slots", "my_slot_worth", "their_slot_worth",
                 "my_safe_slots", "their_safe_slots", "my_safe_worth", "their_safe_worth",
                 "my_only_cells_worth", "their_only_cells_worth")


def features(boards: np.ndarray, values: np.ndarray, margins: np.ndarray) -> np.ndarray:
    """(n, len(FEATURE_NAMES)) for empty boards (n, 8, 8) with the cell values (8, 8)."""
    mine = boards[:, :, :-1] & boards[:, :, 1:]  # horizontal slots, by left cell
    theirs = boards[:, :-1, :] & boards[:, 1:, :]  # vertical slots, by top cell
    my_worth = values[:, :-1] + values[:, 1:]
    their_worth = values[:-1, :] + values[1:, :]
    i_cover, they_cover = _covered(mine, axis=2), _covered(theirs, axis=1)
    my_safe = mine & ~they_cover[:, :, :-1] & ~they_cover[:, :, 1:]
    their_safe = theirs & ~i_cover[:, :-1, :] & ~i_cover[:, 1:, :]
    columns = [
        np.ones(len(boards)), margins / MARGIN_SCALE,
        _count(mine) / 28, _count(theirs) / 28,
        _worth(mine, my_worth) / 100, _worth(theirs, their_worth) / 100,
        _count(my_safe) / 14, _count(their_safe) / 14,
        _worth(my_safe, my_worth) / 50, _worth(their_safe, their_worth) / 50,
        _worth(i_cover & ~they_cover, values) / 50, _worth(they_cover & ~i_cover, values) / 50,
    ]
    return np.stack(columns, axis=1)


def _covered(slots: np.ndarray, axis: int) -> np.ndarray:
    """The cells some slot could cover (its first cell, or the next one along ``axis``)."""
    size = slots.shape[1] if axis == 2 else slots.shape[2]
    cells = np.zeros((len(slots), size, size), dtype=bool)
    if axis == 2:
        cells[:, :, :-1] |= slots
        cells[:, :, 1:] |= slots
    else:
        cells[:, :-1, :] |= slots
        cells[:, 1:, :] |= slots
    return cells


def _count(slots: np.ndarray) -> np.ndarray:
    return slots.sum(axis=(1, 2)).astype(float)


def _worth(slots: np.ndarray, worth: np.ndarray) -> np.ndarray:
    return (slots * worth).sum(axis=(1, 2)).astype(float)
