"""Flippo as numbers, for arena.envs (numpy is imported here, never by the judge or a bot).

Action ``a`` (0-63) is the square ``row * 8 + column`` (A1 = 0, A8 = 7, H8 = 63), the
rules' own move. Planes, seen by the observing seat: its pieces, the opponent's, the
empty squares. Features: the moves played / 60, and which seat observes (0 White, 1 Black).
"""

from __future__ import annotations

import sys

import numpy as np

from ..env_picture import colour_grid
from ..env_encoding import GameEncoding, SeededChoice, random_legal_move, one_hot_planes
from .rules import EMPTY, SEAT_COLOUR, SIZE, TOTAL_MOVES, FlippoState


class FlippoEncoding(GameEncoding[FlippoState]):
    game = "flippo"
    action_count = SIZE * SIZE
    plane_shape = (SIZE, SIZE)
    plane_names = ("mine", "theirs", "empty")
    feature_names = ("moves_played", "seat")
    reward_bound = TOTAL_MOVES

    def observe(self, state: FlippoState, seat: int) -> np.ndarray:
        mine, theirs = SEAT_COLOUR[seat], SEAT_COLOUR[1 - seat]
        planes = one_hot_planes(state.board, (mine, theirs, EMPTY))
        features = np.array([state.moves_played / TOTAL_MOVES, seat], dtype=np.float32)
        return np.concatenate([planes.ravel(), features])

    def legal_actions(self, state: FlippoState) -> list[int]:
        return state.legal_moves()  # the moves are the actions

    def action_to_move(self, state: FlippoState, action: int) -> int:
        return int(action)

    def move_to_action(self, state: FlippoState, move: int) -> int:
        return move

    def panels(self, state: FlippoState):
        palette = {EMPTY: (40, 130, 70), SEAT_COLOUR[0]: (245, 245, 240), SEAT_COLOUR[1]: (25, 25, 25)}
        return [(colour_grid(np.reshape(state.board, (SIZE, SIZE)), palette), None)]

    def in_process_player(self, name: str, seat: int, rng):
        from .fast_greedy import greedy_choice, most_pieces_choice  # bots.py's moves, without its deep copies

        choices = {"random": random_legal_move, "greedy": greedy_choice, "mostpieces": most_pieces_choice}
        return SeededChoice(choices[name], rng) if name in choices else None

    def play_as_program(self, choose, rng, stdin=None, stdout=None) -> None:
        from ..bot_loop import run_alternating_bot

        run_alternating_bot(FlippoState(), choose, stdin=stdin or sys.stdin, stdout=stdout or sys.stdout)


ENCODING = FlippoEncoding()
