"""One game played action by action: the state, the moves as written, the end and its scores.

Shared by the AEC environment and the single-agent wrapper, so both judge an action,
end a game and score it the same way. An action the rules refuse never raises: it ends
the game as the offender's loss, as a fault does in a judged game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..games import get_game
from ..games.base import MoveError
from ..games.env_encoding import GameEncoding
from ..judge.record_types import Setup

REWARD_KINDS = ("margin", "win")
RENDER_MODES = ("human", "ansi", "rgb_array", "svg")
OBSERVATION_SHAPES = ("flat", "planes", "planes_chw")
ACTION_SPACES = ("full", "compact")


class ResetNeeded(RuntimeError):
    """A call that needs an episode (``step``, ``observe``, ``render``, ``action_masks``) before
    the first ``reset()``, or a step after the episode ended."""


def compact_codec(encoding: GameEncoding, action_space: str) -> Any:
    """None for the full space; Turn Right's codec for "compact" (the others have none)."""
    check_option("action_space", action_space, ACTION_SPACES)
    if action_space == "full":
        return None
    codec = encoding.compact_actions()
    if codec is None:
        raise ValueError(f"{encoding.game} has no compact action space: its full one "
                         f"({encoding.action_count} actions) is already small; use action_space='full'")
    return codec


def check_option(name: str, value: Any, allowed: tuple[Any, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")


def observation_box(encoding: GameEncoding, shape: str = "flat", codec: Any = None) -> Any:
    """The observation's space: the flat vector, or the board, (rows, columns, channels) for
    "planes", (channels, rows, columns) for "planes_chw"; a compact action space adds its
    features."""
    from gymnasium import spaces

    extra = 0 if codec is None else len(codec.feature_names)
    rows, columns, channels = encoding.board_shape
    sizes = {"flat": (encoding.observation_size + extra,), "planes": (rows, columns, channels + extra),
             "planes_chw": (channels + extra, rows, columns)}
    return spaces.Box(0.0, 1.0, sizes[shape], dtype=np.float32)


def shaped(encoding: GameEncoding, observation: np.ndarray, shape: str) -> np.ndarray:
    """The flat observation as ``shape`` asks: itself, the board, or the board channels first
    (contiguous: a network's input, not a view of the other layout)."""
    if shape == "flat":
        return observation
    board = encoding.as_board(observation)
    return board if shape == "planes" else np.ascontiguousarray(board.transpose(2, 0, 1))


def render(encoding: GameEncoding, mode: str | None, state: Any, before: Any) -> Any:
    """``render()`` of both environments: ``human`` prints the text and gives None."""
    if mode is None or state is None:
        return None
    drawing = encoding.render(mode, state, before)
    if mode == "human":
        print(drawing, end="\n\n", flush=True)
        return None
    return drawing


@dataclass
class Episode:
    encoding: GameEncoding
    setup: Setup
    reward: str = "margin"
    state: Any = None  # the game's GameState
    moves: list[str] = field(default_factory=list)  # as the rules write them: replayable
    offender: int | None = None
    fault: str | None = None
    codec: Any = None  # action_space="compact": its actions become the full space's here
    pending: int | None = None  # the compact choice made so far for the move to come
    keep_before: bool = False  # keep the position before each move (an svg drawing marks what it changed)
    before_last: Any = None  # the position just before the last move played, when kept

    def __post_init__(self) -> None:
        if self.reward not in REWARD_KINDS:
            raise ValueError(f"reward must be one of {', '.join(REWARD_KINDS)}, not {self.reward!r}")
        self.state = self.encoding.new_state(self.setup)

    @classmethod
    def from_seed(cls, encoding: GameEncoding, seed: int, reward: str = "margin", codec: Any = None) -> "Episode":
        """The setup ``arena play --seed SEED`` plays (the referee draws it the same way)."""
        return cls(encoding, get_game(encoding.game).make_setup(random.Random(seed)), reward, codec=codec)

    @property
    def over(self) -> bool:
        return self.offender is not None or self.state.is_over()

    def observe(self, seat: int, shape: str = "flat") -> np.ndarray:
        """``seat``'s observation (with a compact space's features: its pending choice)."""
        observation = self.encoding.observe(self.state, seat)
        if self.codec is not None:
            mine = self.pending if self.state.to_move == seat else None
            observation = np.concatenate([observation, self.codec.features(mine)])
        return shaped(self.encoding, observation, shape)

    def action_mask(self, seat: int) -> np.ndarray:
        """``seat``'s legal actions: all 0 unless it is to act."""
        codec = self.codec or self.encoding
        if self.over or self.state.to_move != seat:
            return codec.no_action_mask()
        if self.codec is not None:
            return self.codec.action_mask(self.state, self.pending)
        return self.encoding.action_mask(self.state)

    @property
    def action_count(self) -> int:
        return (self.codec or self.encoding).action_count

    def play_action(self, action: Any) -> int | None:
        """Play the mover's action; one the rules refuse ends the game as its fault. Returns
        the full space's action played, or None (a fault, or a compact first step)."""
        if self.codec is None:
            return self.play_full_action(action)
        seat = self.state.to_move
        try:
            number = int(action)
        except (TypeError, ValueError):
            self._faulted(seat, f"{action!r} is not an action (0-{self.codec.action_count - 1})")
            return None
        if number != action:
            self._faulted(seat, f"{action!r} is not an action (0-{self.codec.action_count - 1})")
            return None
        self.pending, full, fault = self.codec.full_action(self.state, self.pending, number)
        if fault is not None:
            self._faulted(seat, fault)
            return None
        return None if full is None else self.play_full_action(full)

    def play_full_action(self, action: Any) -> int | None:
        seat = self.state.to_move
        try:
            number = int(action)
        except (TypeError, ValueError):  # None from a live agent included
            self._faulted(seat, f"{action!r} is not an action (0-{self.encoding.action_count - 1})")
            return None
        if number != action or not 0 <= number < self.encoding.action_count:
            self._faulted(seat, f"action {action!r} is outside 0-{self.encoding.action_count - 1}")
            return None
        move = self.encoding.action_to_move(self.state, number)
        self.play_move(move)
        return None if self.offender is not None else number

    def play_move(self, move: Any) -> None:
        seat = self.state.to_move
        before = self.state.copy() if self.keep_before else None
        try:
            text = self.state.format_move(move)
            self.state.play(move)
        except (MoveError, ValueError, TypeError, IndexError) as error:
            self._faulted(seat, f"illegal move {move!r}: {error}")
            return
        self.moves.append(text)
        self.before_last = before

    def _faulted(self, seat: int, reason: str) -> None:
        self.offender, self.fault = seat, reason

    def scores(self) -> tuple[float, float] | None:
        """The game's own final scores (None after a fault, which the game scores its own way)."""
        if self.offender is not None or not self.state.is_over():
            return None
        return self.encoding.final_scores(self.state)

    def rewards(self) -> tuple[float, float]:
        """Each seat's reward for the finished game: its margin (or +1/0/-1 with reward="win").

        After a fault the offender loses by the game's largest margin (or -1)."""
        if self.offender is not None:
            loss = 1.0 if self.reward == "win" else float(self.encoding.reward_bound)
            return (-loss, loss) if self.offender == 0 else (loss, -loss)
        if self.reward == "win":
            winner = self.encoding.winner(self.state)
            return (0.0, 0.0) if winner is None else ((1.0, -1.0) if winner == 0 else (-1.0, 1.0))
        scores = self.scores()
        assert scores is not None, "rewards() of a finished game"
        first, second = scores
        return float(first - second), float(second - first)
