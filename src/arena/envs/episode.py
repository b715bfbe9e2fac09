"""One game played action by action: the state, the moves as written, the end and its scores.

Shared by the AEC environment and the single-agent wrapper, so both judge an action,
end a game and score it the same way. An action the rules refuse never raises: it ends
the game as the offender's loss, as a fault does in a judged game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..games import get_game
from ..games.base import MoveError
from ..games.env_encoding import GameEncoding

REWARD_KINDS = ("margin", "win")
RENDER_MODES = ("human", "ansi", "rgb_array", "svg")
OBSERVATION_SHAPES = ("flat", "planes")


def check_option(name: str, value, allowed) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")


def observation_box(encoding: GameEncoding, shape: str = "flat"):
    """The observation's space: the flat vector, or the board (rows, columns, channels)."""
    import numpy as np
    from gymnasium import spaces

    size = (encoding.observation_size,) if shape == "flat" else encoding.board_shape
    return spaces.Box(0.0, 1.0, size, dtype=np.float32)


def shaped(encoding: GameEncoding, observation, shape: str):
    return observation if shape == "flat" else encoding.as_board(observation)


def render(encoding: GameEncoding, mode: str | None, state, before):
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
    setup: dict
    reward: str = "margin"
    state: object = None
    moves: list[str] = field(default_factory=list)  # as the rules write them: replayable
    offender: int | None = None
    fault: str | None = None

    def __post_init__(self) -> None:
        if self.reward not in REWARD_KINDS:
            raise ValueError(f"reward must be one of {', '.join(REWARD_KINDS)}, not {self.reward!r}")
        self.state = self.encoding.new_state(self.setup)

    @classmethod
    def from_seed(cls, encoding: GameEncoding, seed: int, reward: str = "margin") -> "Episode":
        """The setup ``arena play --seed SEED`` plays (the referee draws it the same way)."""
        return cls(encoding, get_game(encoding.game).make_setup(random.Random(seed)), reward)

    @property
    def over(self) -> bool:
        return self.offender is not None or self.state.is_over()

    def play_action(self, action: int) -> None:
        """Play the mover's action; one the rules refuse ends the game as its fault."""
        seat = self.state.to_move
        try:
            number = int(action)
        except (TypeError, ValueError):  # None from a live agent included
            self._faulted(seat, f"{action!r} is not an action (0-{self.encoding.action_count - 1})")
            return
        if number != action or not 0 <= number < self.encoding.action_count:
            self._faulted(seat, f"action {action!r} is outside 0-{self.encoding.action_count - 1}")
            return
        move = self.encoding.action_to_move(self.state, number)
        self.play_move(move)

    def play_move(self, move) -> None:
        seat = self.state.to_move
        try:
            text = self.state.format_move(move)
            self.state.play(move)
        except (MoveError, ValueError, TypeError, IndexError) as error:
            self._faulted(seat, f"illegal move {move!r}: {error}")
            return
        self.moves.append(text)

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
        first, second = self.scores()
        return float(first - second), float(second - first)
