"""Domineering as numbers, for arena.envs (numpy is imported here, never by the judge or a bot).

Action ``a`` (0-63) places the mover's domino with its upper-left cell at row
``a // 8 + 1``, column ``a % 8 + 1`` (FIRST horizontal, SECOND vertical); action 64
passes. Planes: the empty cells, the cells covered by the observer, by the opponent,
then the cell values as four one-hot planes (0, 1, 2, 3). Features: the observer's
points and the opponent's / 100 (the second seat's include its 2.5), which seat
observes (0 FIRST, 1 SECOND), and the passes in a row (0, 0.5, 1).
"""

from __future__ import annotations

import sys

import numpy as np

from ..env_picture import colour_grid
from ..env_encoding import GameEncoding, SeededChoice, one_hot_planes
from .rules import EMPTY, FIRST, PASS, SIZE, DomineeringState

PASS_ACTION = SIZE * SIZE
POINTS_SCALE = 100.0


def covered_cells(state: DomineeringState) -> np.ndarray:
    """Who covers each cell (EMPTY, or the seat + 1), 8×8: the rules keep a spare border."""
    return np.asarray(state.covered, dtype=np.int8)[1:SIZE + 1, 1:SIZE + 1]


def free_slots(empty: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(FIRST's, SECOND's) 8×8 booleans: a domino fits with its upper-left cell there."""
    horizontal, vertical = np.zeros_like(empty), np.zeros_like(empty)
    horizontal[:, :-1] = empty[:, :-1] & empty[:, 1:]
    vertical[:-1, :] = empty[:-1, :] & empty[1:, :]
    return horizontal, vertical


class DomineeringEncoding(GameEncoding[DomineeringState]):
    game = "domineering"
    action_count = SIZE * SIZE + 1
    plane_shape = (SIZE, SIZE)
    plane_names = ("empty", "mine", "theirs", "value_0", "value_1", "value_2", "value_3")
    feature_names = ("my_points", "their_points", "seat", "passes_in_a_row")
    reward_bound = 2 * 3 * SIZE * SIZE  # every cell worth 3, all taken by one side

    def observe(self, state: DomineeringState, seat: int) -> np.ndarray:
        owners = one_hot_planes(covered_cells(state), (EMPTY, seat + 1, 2 - seat))
        values = one_hot_planes(np.asarray(state.values), (0, 1, 2, 3))
        scores = state.scores()
        features = np.array([scores[seat] / POINTS_SCALE, scores[1 - seat] / POINTS_SCALE, seat,
                             state.passes_in_a_row / 2], dtype=np.float32)
        return np.concatenate([owners.ravel(), values.ravel(), features])

    def action_mask(self, state: DomineeringState) -> np.ndarray:
        # the rules' placements() tries each cell in Python; the board as an array tries them at once
        horizontal, vertical = free_slots(covered_cells(state) == EMPTY)
        mask = np.zeros(self.action_count, dtype=np.int8)
        if state.passes_in_a_row >= 2 or not (horizontal.any() or vertical.any()):
            return mask  # over: the rules' end_reason
        mask[:PASS_ACTION] = (horizontal if state.to_move == FIRST else vertical).ravel()
        mask[PASS_ACTION] = 1
        return mask

    def action_to_move(self, state: DomineeringState, action: int):
        if action == PASS_ACTION:
            return PASS
        row, column = divmod(int(action), SIZE)
        return row + 1, column + 1

    def move_to_action(self, state: DomineeringState, move) -> int:
        if move == PASS:
            return PASS_ACTION
        return (move[0] - 1) * SIZE + move[1] - 1

    def panels(self, state: DomineeringState):
        palette = {EMPTY: (245, 240, 225), FIRST + 1: (215, 55, 45), FIRST + 2: (55, 95, 215)}
        labels = [[str(value) for value in row] for row in state.values]
        return [(colour_grid(covered_cells(state), palette), labels)]

    def in_process_player(self, name: str, seat: int, rng):
        from .bots import greedy_choice, random_choice

        choices = {"random": random_choice, "greedy": greedy_choice}
        return SeededChoice(choices[name], rng) if name in choices else None

    def play_as_program(self, choose, rng, stdin=None, stdout=None) -> None:
        from .bots import run_agent

        run_agent(choose, stdin or sys.stdin, stdout or sys.stdout)


ENCODING = DomineeringEncoding()
