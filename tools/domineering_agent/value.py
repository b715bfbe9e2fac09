"""One move ahead: each legal placement scored by a linear value of its afterstate's features."""

from __future__ import annotations

import numpy as np

from pathlib import Path

from features import features
from position import PASS_ACTION, afterstates, position_of


def load_weights(path: Path) -> np.ndarray:
    with np.load(path) as saved:
        return saved["weights"]


def placement_values(observation: np.ndarray, placements: np.ndarray,
                     weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the features of each placement's afterstate, its value for the mover)."""
    position = position_of(observation)
    boards, margins = afterstates(position, placements)
    seen = features(boards, position.values, margins)
    return seen, seen @ weights


def legal_placements(mask: np.ndarray) -> np.ndarray:
    return np.flatnonzero(mask[:PASS_ACTION])


def best_action(observation: np.ndarray, mask: np.ndarray, weights: np.ndarray) -> int:
    """The placement of highest value; a pass only when no domino fits (passing gives the
    opponent a free move and never earns a point)."""
    placements = legal_placements(mask)
    if len(placements) == 0:
        return PASS_ACTION
    _, values = placement_values(observation, placements, weights)
    return int(placements[np.argmax(values)])
