"""Black Hole as numbers, for arena.envs (numpy is imported here, never by the judge or a bot).

Action ``a`` (0-539) puts stone ``a % 15 + 1`` on tile ``a // 15``, tiles numbered in
label order (A1 = 0, ..., A8 = 7, B1 = 8, ..., H1 = 35, as rules.LABELS). Planes on an
8×8 grid, row = letter (A-H), column = number - 1, so the triangle fills its upper
left: the tiles of the board, the empty ones, the brown ones, the observer's stones
and the opponent's (each stone's number / 15). Features: the observer's stones still
in hand (15, stone 1 first), the opponent's (15), the turns played / 30, and which
seat observes (0 Red, 1 Blue).
"""

from __future__ import annotations

import sys

import numpy as np

from ..env_encoding import GameEncoding, SeededChoice, random_legal_move
from .rules import BROWN, COORDS, SIDE, STONES, TURNS, BlackHoleState

STONE_COUNT = len(STONES)
ROWS_OF, COLUMNS_OF = (np.array(axis) for axis in zip(*COORDS))  # each tile's place on the grid


def owners(state: BlackHoleState) -> np.ndarray:
    """Each tile's owner as a float: a seat, BROWN, or NaN for an empty tile (None becomes NaN)."""
    return np.array(state.owner, dtype=np.float64)


def in_hand(state: BlackHoleState, seat: int) -> list[bool]:
    """Which of ``seat``'s stones 1-15 it still holds."""
    return [n not in state.used[seat] for n in STONES]


class BlackHoleEncoding(GameEncoding[BlackHoleState]):
    game = "blackhole"
    action_count = len(COORDS) * STONE_COUNT
    plane_shape = (SIDE, SIDE)
    plane_names = ("board", "empty", "brown", "mine", "theirs")
    feature_names = tuple(f"my_stone_{n}" for n in STONES) + tuple(f"their_stone_{n}" for n in STONES) + (
        "turns_played", "seat")
    reward_bound = 2 * sum(sorted(STONES)[-6:])  # six neighbours, all the biggest stones

    def observe(self, state: BlackHoleState, seat: int) -> np.ndarray:
        owner, number = owners(state), np.array(state.number, dtype=np.float32) / STONE_COUNT
        per_tile = np.stack([
            np.ones(len(COORDS), dtype=np.float32),
            np.isnan(owner),
            owner == BROWN,
            np.where(owner == seat, number, 0),
            np.where(owner == 1 - seat, number, 0),
        ]).astype(np.float32)
        planes = np.zeros((len(self.plane_names), SIDE, SIDE), dtype=np.float32)
        planes[:, ROWS_OF, COLUMNS_OF] = per_tile
        features = np.array([*in_hand(state, seat), *in_hand(state, 1 - seat), state.turns / TURNS, seat],
                            dtype=np.float32)
        return np.concatenate([planes.ravel(), features])

    def action_mask(self, state: BlackHoleState) -> np.ndarray:
        # every stone in hand on every empty tile, at once, rather than the rules' list of pairs
        mask = np.zeros(self.action_count, dtype=np.int8)
        if not state.is_over():
            mask.reshape(len(COORDS), STONE_COUNT)[np.isnan(owners(state))] = in_hand(state, state.to_move)
        return mask

    def legal_actions(self, state: BlackHoleState) -> list[int]:
        return [tile * STONE_COUNT + n - 1 for tile, n in state.legal_moves()]

    def action_to_move(self, state: BlackHoleState, action: int):
        tile, stone = divmod(int(action), STONE_COUNT)
        return tile, stone + 1

    def move_to_action(self, state: BlackHoleState, move) -> int:
        tile, number = move
        return tile * STONE_COUNT + number - 1

    def panels(self, state: BlackHoleState):
        colours = np.empty((SIDE, SIDE, 3), dtype=np.uint8)
        colours[:] = (200, 200, 195)  # off the triangle
        labels = [[""] * SIDE for _ in range(SIDE)]
        palette = {None: (250, 240, 205), 0: (215, 55, 45), 1: (55, 95, 215), BROWN: (120, 80, 40)}
        for tile, (row, column) in enumerate(COORDS):
            colours[row, column] = palette[state.owner[tile]]
            if state.owner[tile] in (0, 1):
                labels[row][column] = str(state.number[tile])
        return [(colours, labels)]

    def in_process_player(self, name: str, seat: int, rng):
        from .bots import greedy_choice

        choices = {"random": random_legal_move, "greedy": greedy_choice}
        return SeededChoice(choices[name], rng) if name in choices else None

    def play_as_program(self, choose, rng, stdin=None, stdout=None) -> None:
        from ..bot_loop import run_alternating_bot

        state = BlackHoleState()
        run_alternating_bot(state, choose, opening_lines=5, on_opening=state.place_brown,
                            stdin=stdin or sys.stdin, stdout=stdout or sys.stdout)


ENCODING = BlackHoleEncoding()
