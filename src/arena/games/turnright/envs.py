"""Turn Right as numbers, for arena.envs (numpy is imported here, never by the judge or a bot).

Actions 0-35 place a piece on square ``file * 6 + rank`` (a1 = 0, a6 = 5, b1 = 6, ...,
f6 = 35). Action ``36 + i`` turns circuit ``i`` of the compiled engine's table: every
clockwise circuit of the board (1,222,363), fewest corners first, so a player's N-th
circuit may use exactly a prefix of them (at most 2·(N+1) corners). That table, not
rules.py's short list of rectangles, is what makes every move of the game an action.

Planes, 6×6 with row = file (a-f) and column = rank (1-6): the observer's pieces, the
opponent's, the empty squares. Features: still placing (1/0), the placements / 35, the
circuits turned / 26, the observer's next circuit number / 13, the observer's 2×2 points
and the opponent's / 100, which seat observes (0 White, 1 Black).
"""

from __future__ import annotations

import sys

import numpy as np

from ..env_picture import colour_grid
from ..env_encoding import GameEncoding, SeededChoice, one_hot_planes, read_only
from .circuit import SIZE, canonical, loop_squares, max_corners
from .rules import CIRCUITS, PLACEMENTS, SEAT_COLOUR, TurnRightState
from .scoring import EMPTY
from .strong import engine

SQUARES = SIZE * SIZE
CIRCUIT_COUNT = engine.prepare()  # builds the table once (a fraction of a second, ~20 MB)
POINTS_SCALE = 100.0
CIRCUIT_MASKS_KEPT = 2
"""The two seats' current circuit numbers: each seat's N-th circuit is turned one after
the other's, so both use the same mask in turn."""


class TurnRightEncoding(GameEncoding[TurnRightState]):
    game = "turnright"
    action_count = SQUARES + CIRCUIT_COUNT
    plane_shape = (SIZE, SIZE)
    plane_names = ("mine", "theirs", "empty")
    feature_names = ("placing", "placements", "circuits", "my_circuit_number", "my_points",
                     "their_points", "seat")
    reward_bound = 150  # a bonus win's match points against the offender's 0

    def observe(self, state: TurnRightState, seat: int) -> np.ndarray:
        planes = one_hot_planes(state.board, (SEAT_COLOUR[seat], SEAT_COLOUR[1 - seat], EMPTY))
        # Black turns first, so White has turned circuits // 2 circuits, Black (circuits + 1) // 2
        turned = (state.circuits + seat) // 2
        features = np.array([state.placing, state.placements / PLACEMENTS, state.circuits / CIRCUITS,
                             min(turned + 1, CIRCUITS // 2) / (CIRCUITS // 2), state.points[seat] / POINTS_SCALE,
                             state.points[1 - seat] / POINTS_SCALE, seat], dtype=np.float32)
        return np.concatenate([planes.ravel(), features])

    def action_mask(self, state: TurnRightState) -> np.ndarray:
        # a million circuits: the mask is a prefix, never a list of moves
        if state.is_over():
            return self.no_action_mask()
        if state.placing:
            mask = np.zeros(self.action_count, dtype=np.int8)
            mask[:SQUARES] = np.asarray(state.board) == EMPTY
            return mask
        return self._circuit_mask(max_corners(state.circuit_number))

    def _circuit_mask(self, corners: int) -> np.ndarray:
        """The circuits of at most ``corners`` corners, a read-only mask kept for the next steps
        rather than 1.2 million entries written at every step. Only the last CIRCUIT_MASKS_KEPT
        are kept: all 13 would hold 10 MB more, and ``arena policy-bot`` has 64 MB in all."""
        masks = self.__dict__.setdefault("_circuit_masks", {})
        if corners not in masks:
            if len(masks) >= CIRCUIT_MASKS_KEPT:
                del masks[next(iter(masks))]  # the oldest: circuit numbers only grow in a game
            mask = np.zeros(self.action_count, dtype=np.int8)
            mask[SQUARES:SQUARES + engine.circuit_count(corners)] = 1
            masks[corners] = read_only(mask)
        return masks[corners]

    def legal_actions(self, state: TurnRightState) -> list[int]:
        return np.flatnonzero(self.action_mask(state)).tolist()

    def action_to_move(self, state: TurnRightState, action: int):
        action = int(action)
        if action < SQUARES:
            return action
        return engine.corners(action - SQUARES)

    def move_to_action(self, state: TurnRightState, move) -> int:
        if isinstance(move, int):
            return move
        corners = canonical(tuple(move))
        loop = sum(1 << sq for sq in loop_squares(corners))
        for index in engine.circuits_with_loop(loop):  # a scan of the table: for tests and records
            if engine.corners(index) == corners:
                return SQUARES + index
        raise ValueError(f"{move!r} is not a circuit of the table")

    def compact_actions(self):
        return COMPACT

    def final_scores(self, state: TurnRightState) -> tuple[float, float]:
        """The match points, as the judge's record gives ``scores`` (rules.scores are the 2×2 points)."""
        first, second = state.result().match_points
        return first, second

    def winner(self, state: TurnRightState) -> int | None:
        return state.result().winner  # a 3×3 win may hold fewer match points than the loser's

    def panels(self, state: TurnRightState):
        palette = {EMPTY: (214, 190, 150), SEAT_COLOUR[0]: (245, 245, 240), SEAT_COLOUR[1]: (25, 25, 25)}
        return [(colour_grid(np.reshape(state.board, (SIZE, SIZE)), palette), None)]

    def in_process_player(self, name: str, seat: int, rng):
        from .fast_greedy import greedy_choice  # greedy.py's choices, in numpy: about 0.25 ms a move, not 5
        from .greedy import random_choice

        choices = {"random": random_choice, "greedy": greedy_choice}
        return SeededChoice(choices[name], rng) if name in choices else None

    def play_as_program(self, choose, rng, stdin=None, stdout=None) -> None:
        from .greedy import play

        play(lambda state, _rng: choose(state), rng, stdin or sys.stdin, stdout or sys.stdout)


class CompactCircuits:
    """``action_space="compact"``: Discrete(2048), a circuit chosen in two steps.

    Placing: actions 0-35 are the squares, as in the full space. A circuit is the full
    space's circuit ``i`` (the table, fewest corners first) chosen by its two base-2048
    digits, one masked step each: first ``i // 2048`` (at most 596), then ``i % 2048``; the
    game moves on only after the second. The first digit chosen is in the mover's observation
    (two extra features: choosing the second digit, the first digit / 596)."""

    action_count = 2048
    feature_names = ("circuit_second_digit", "circuit_first_digit")
    FIRST_DIGITS = (CIRCUIT_COUNT - 1) // action_count + 1

    def __init__(self) -> None:
        self._none = read_only(np.zeros(self.action_count, dtype=np.int8))

    def no_action_mask(self) -> np.ndarray:
        return self._none

    def _circuits(self, state: TurnRightState) -> int:
        return engine.circuit_count(max_corners(state.circuit_number))

    def action_mask(self, state: TurnRightState, pending: int | None) -> np.ndarray:
        mask = np.zeros(self.action_count, dtype=np.int8)
        if state.is_over():
            return mask
        if state.placing:
            mask[:SQUARES] = np.asarray(state.board) == EMPTY
        elif pending is None:
            mask[:(self._circuits(state) - 1) // self.action_count + 1] = 1
        else:
            mask[:min(self.action_count, self._circuits(state) - pending * self.action_count)] = 1
        return mask

    def features(self, pending: int | None) -> np.ndarray:
        if pending is None:
            return np.zeros(2, dtype=np.float32)
        return np.array([1.0, pending / (self.FIRST_DIGITS - 1)], dtype=np.float32)

    def full_action(self, state: TurnRightState, pending: int | None, action: int) -> tuple:
        """(pending first digit, the full space's action or None, the fault or None)."""
        if not 0 <= action < self.action_count:
            return None, None, f"action {action} is outside 0-{self.action_count - 1}"
        if state.placing:
            if action >= SQUARES:
                return None, None, f"action {action}: a square (0-{SQUARES - 1}) is due, not a circuit"
            return None, action, None
        if pending is None:
            if action * self.action_count >= self._circuits(state):
                return None, None, f"action {action}: no circuit of this turn has that first digit"
            return action, None, None
        index = pending * self.action_count + action
        if index >= self._circuits(state):
            return None, None, (f"circuit {index} (digits {pending}, {action}) has more corners than "
                                f"circuit {state.circuit_number} may")
        return None, SQUARES + index, None


ENCODING = TurnRightEncoding()
COMPACT = CompactCircuits()
