"""What an environment needs from a game: observations, actions, masks and the final scores.

Each game writes its own in ``games/<game>/envs.py`` (``ENCODING``), beside its rules and
its drawing, as it writes ``svg.py`` for the viewer: the environments name no game, so a
newcomer finds everything about one game in its folder. Those modules import numpy, so
only arena.envs imports them, never the judge or ``arena bot``.
"""

from __future__ import annotations

from typing import Any, Generic, Sequence, TypeVar

import numpy as np
import numpy.typing as npt

from ..judge.record_types import Setup
from . import get_game, get_svg
from .contract import need_part
from .base import GameState

State = TypeVar("State", bound="GameState[Any]")
"""The game's own position (its rules.py's state), which a game's encoding reads."""


class GameEncoding(Generic[State]):
    """A game seen as numbers. Subclasses set the class attributes and the abstract methods.

    Observations are one flat float32 vector in [0, 1]: the board planes first, each
    ``plane_shape`` (rows, columns), ``plane_count`` of them in order, then the
    ``features`` (named, in order). docs/envs.md lists every game's layout.
    """

    game: str = ""
    action_count: int = 0
    plane_shape: tuple[int, int] = (0, 0)
    plane_names: Sequence[str] = ()
    feature_names: Sequence[str] = ()
    reward_bound: float = 1.0
    """The largest final margin the game allows: the margin an illegal action costs."""

    @property
    def plane_count(self) -> int:
        return len(self.plane_names)

    @property
    def observation_size(self) -> int:
        rows, columns = self.plane_shape
        return self.plane_count * rows * columns + len(self.feature_names)

    @property
    def board_shape(self) -> tuple[int, int, int]:
        """The observation with ``observation_shape="planes"``: (rows, columns, channels), the
        planes then one constant plane per feature."""
        rows, columns = self.plane_shape
        return rows, columns, self.plane_count + len(self.feature_names)

    def as_board(self, observation: np.ndarray) -> np.ndarray:
        """The flat observation in board shape (``board_shape``): each plane a channel, then
        each feature repeated over the board as a channel of its own."""
        rows, columns = self.plane_shape
        split = self.plane_count * rows * columns
        planes = observation[:split].reshape(self.plane_count, rows, columns).transpose(1, 2, 0)
        features = np.broadcast_to(observation[split:], (rows, columns, observation.size - split))
        return np.concatenate([planes, features], axis=2)

    def new_state(self, setup: Setup) -> GameState:
        return get_game(self.game).new_state(setup)

    def observe(self, state: State, seat: int) -> np.ndarray:
        """What ``seat`` may know of ``state``, as the documented float32 vector."""
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[int]:
        """The actions of the side to move that the rules allow (empty once the game is over)."""
        return [self.move_to_action(state, move) for move in state.legal_moves()]

    def action_mask(self, state: State) -> np.ndarray:
        mask = np.zeros(self.action_count, dtype=np.int8)
        mask[self.legal_actions(state)] = 1
        return mask

    def no_action_mask(self) -> np.ndarray:
        """All 0, for a seat not to act: one read-only array, made once (Turn Right's has
        1.2 million entries, which every observation of the waiting seat would rebuild)."""
        if getattr(self, "_no_action_mask", None) is None:
            self._no_action_mask = read_only(np.zeros(self.action_count, dtype=np.int8))
        return self._no_action_mask

    def action_to_move(self, state: State, action: int) -> Any:
        """The rules' move for ``action`` in ``state`` (not checked: rules.play judges it)."""
        raise NotImplementedError

    def move_to_action(self, state: State, move: Any) -> int:
        raise NotImplementedError

    def final_scores(self, state: State) -> tuple[float, float]:
        """Each seat's score by the game's own scoring, as the judge's record gives it."""
        return state.scores()

    def winner(self, state: State) -> int | None:
        """The winning seat of a finished game, None for a draw."""
        first, second = self.final_scores(state)
        return None if first == second else (0 if first > second else 1)

    def text(self, state: State) -> str:
        """The whole position as text, for ``render()`` (both hidden grids in Lucky Words)."""
        return str(state)

    def panels(self, state: State) -> list[tuple[np.ndarray, Any]]:
        """The board for ``rgb_array``: (cell colours (rows, columns, 3), labels or None) per
        grid drawn side by side (env_picture.py paints them)."""
        raise NotImplementedError

    def render(self, mode: str, state: State, before: State | None) -> str | np.ndarray:
        """What both environments' ``render()`` give: the text (``ansi``, and ``human``, which
        prints it), the board as an (H, W, 3) uint8 array (``rgb_array``), or the viewer's SVG
        marking what the last move changed since ``before``."""
        if mode in ("ansi", "human"):
            return self.text(state)
        if mode == "rgb_array":
            from .env_picture import picture

            return picture(self.panels(state))
        return get_svg(self.game).board(state, before=before)

    def __reduce__(self):
        # one encoding per game and process (it keeps caches: Turn Right's masks): a pickled
        # environment names its encoding, and the copy finds the one of its own process
        return load_encoding, (self.game,)

    def compact_actions(self) -> Any:
        """The codec of ``action_space="compact"`` (Turn Right's CompactCircuits), or None: the
        full space is already small."""
        return None

    def in_process_player(self, name: str, seat: int, rng) -> Any:
        """``choose(state) -> move`` for the built-in player ``name`` (random, greedy), or None
        if it only runs as a program (strong). It must use only what ``seat`` may know."""
        return None

    def play_as_program(self, choose, rng, stdin=None, stdout=None) -> None:
        """Play one game on stdin/stdout in the game's protocol, as a built-in player does;
        ``choose(state) -> move`` picks each move for the seat to move (envs/policy_bot.py).
        ``stdin``/``stdout`` default to the process's own (envs/agent_seat.py gives in-memory
        ones)."""
        raise NotImplementedError


class SeededChoice:
    """``choose(state) -> move`` as ``function(state, rng)``: a built-in player an environment
    can pickle (a module-level function and its random.Random, no closure)."""

    def __init__(self, function, rng) -> None:
        self.function, self.rng = function, rng

    def __call__(self, state: GameState) -> Any:
        return self.function(state, self.rng)


def random_legal_move(state: GameState, rng) -> Any:
    return rng.choice(state.legal_moves())


def load_encoding(game: str) -> GameEncoding:
    return need_part(game, "envs").ENCODING


def one_hot_planes(board: npt.ArrayLike, values: Sequence[Any]) -> np.ndarray:
    """One 0/1 plane per value in ``values``: plane k marks the cells that hold values[k]."""
    cells = np.asarray(board)
    # one comparison of every cell with every value, not one array per value stacked
    return (cells[np.newaxis] == np.asarray(values).reshape((-1,) + (1,) * cells.ndim)).astype(np.float32)


def read_only(array: np.ndarray) -> np.ndarray:
    """``array``, no longer writable: it is handed out again at later steps."""
    array.flags.writeable = False
    return array
