"""One move ahead: each legal placement or circuit scored by a linear value of its afterstate.

A circuit that decides the game (a 3×3 block, or the 26th circuit) is not guessed: its value
is the result itself, beyond any guess (DECIDED), plus the margin as in the training target.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from boards import SQUARES, has_3x3
from circuits import Circuits, load_circuits
from features import FEATURE_NAMES, MARGIN_SCALE, circuit_features, placement_features
from position import CIRCUITS, Position, placement_afterstates, position_of

DECIDED = 10.0  # a decided result's value: more than any estimate (a win is 1)
MARGIN_WEIGHT = 0.1  # the final points margin's part in the target, beside the result


def target(result: float, margin: float) -> float:
    """What the value learns: the result (1, 0, -1) and a little of the points margin."""
    return result + MARGIN_WEIGHT * margin / MARGIN_SCALE


def load_weights(path: Path) -> np.ndarray:
    with np.load(path) as saved:
        if tuple(saved["feature_names"]) != FEATURE_NAMES:
            raise ValueError(f"{path} was trained on other features: {tuple(saved['feature_names'])}")
        return saved["weights"]


def greedy_weights() -> np.ndarray:
    """builtin:greedy's values: the 2×2 blocks a placement completes, a circuit's points margin."""
    weights = np.zeros(len(FEATURE_NAMES))
    for seat in ("white", "black"):
        weights[FEATURE_NAMES.index(f"{seat}_my_blocks")] = 1.0
    weights[FEATURE_NAMES.index("margin")] = 1.0
    return weights


class Agent:
    """The legal moves of a position and the value of each one's afterstate, for the mover."""

    def __init__(self, circuits: Circuits | None = None) -> None:
        self.circuits = circuits or load_circuits()

    def legal_actions(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The free squares while placing; then the circuits of at most 6 corners the mover may turn."""
        position = position_of(observation)
        if position.placing:
            return np.flatnonzero(mask[:SQUARES])
        actions = SQUARES + self.circuits.allowed(position.my_circuit_number)
        return actions[mask[actions] == 1]

    def afterstate_values(self, observation: np.ndarray, actions: np.ndarray,
                          weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(the features of each action's afterstate, its value for the mover)."""
        position = position_of(observation)
        if position.placing:
            mine, theirs = placement_afterstates(position, actions)
            seen = placement_features(mine, theirs, position.seat, self.circuits)
            return seen, seen @ weights
        return self._circuit_values(position, actions - SQUARES, weights)

    def _circuit_values(self, position: Position, indices: np.ndarray,
                        weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        after = self.circuits.afterstates(position, indices)
        mine, margins, turned = after.mine, after.margins, position.circuits + 1
        seen = circuit_features(mine, margins, turned, position.my_circuit_number + 1,
                                position.their_next_circuit_number, self.circuits)
        values = seen @ weights
        i_win, they_win = has_3x3(mine), has_3x3(~mine)
        result = np.where(they_win, -1.0, np.where(i_win, 1.0, np.sign(margins)))  # both: the mover loses
        decided = they_win | i_win | (turned == CIRCUITS)
        seen[decided] = 0.0  # a known value: nothing to learn from it
        values[decided] = DECIDED * result[decided] + MARGIN_WEIGHT * margins[decided] / MARGIN_SCALE
        return seen[after.back], values[after.back]

    def best_action(self, observation: np.ndarray, mask: np.ndarray, weights: np.ndarray) -> int:
        actions = self.legal_actions(observation, mask)
        _, values = self.afterstate_values(observation, actions, weights)
        return int(actions[np.argmax(values)])
