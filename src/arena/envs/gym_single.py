"""A game as a Gymnasium environment: one agent against an opponent (opponents.py).

The observation is the agent's own (the same vector as the AEC environment's); the
legal actions are ``info["action_mask"]`` and ``action_masks()`` (the name
sb3-contrib's MaskablePPO calls), a fresh array at every call (all 0 once the episode is
over). The reward comes at the end: the agent's final score margin, or +1/0/-1 with
``reward="win"``. An action the rules refuse never raises: it ends the episode as the
agent's loss by the game's largest margin (-1 with "win").

The opponent changes between episodes: ``set_opponent(spec)`` (reachable through
Gymnasium's ``get_wrapper_attr``/``call`` and SB3's ``env_method``) or
``reset(options={"opponent": spec})``; an OpponentPool draws one per episode. Every
argument is checked when given, so a mistake raises there and says what is wrong; an
opponent that fails before its first move (a program that cannot start) raises
OpponentError with its failure, from ``reset`` or the agent's first ``step``.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..games import get_game
from ..games.env_encoding import load_encoding
from .episode import (OBSERVATION_SHAPES, RENDER_MODES, REWARD_KINDS, Episode, ResetNeeded, check_option,
                      compact_codec, observation_box, render)
from .opponent_pool import OpponentPool
from .opponents import OpponentError, check_opponent, make_opponent

SEATS = (0, 1, "random", "alternate")
RESET_OPTIONS = ("opponent",)


class ArenaGymEnv(gym.Env):
    """``seat``: 0 or 1 (the game's seats in order), "random" (drawn from the reset seed, the
    default) or "alternate" (0 on the first episode after a seeded reset, then 1, 0, ...)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, game: str, opponent: Any = "builtin:random", seat: int | str = "random", reward: str = "margin",
                 render_mode: str | None = None, time_scale: float = 1.0,
                 observation_shape: str = "flat", action_space: str = "full") -> None:
        check_option("seat", seat, SEATS)
        check_option("render_mode", render_mode, (None, *RENDER_MODES))
        check_option("observation_shape", observation_shape, OBSERVATION_SHAPES)
        check_option("reward", reward, REWARD_KINDS)
        if isinstance(time_scale, bool) or not isinstance(time_scale, (int, float)) or not time_scale > 0:
            raise ValueError(f"time_scale must be a number above 0 (the program opponent's clock is scaled by it), "
                             f"not {time_scale!r}")
        self.encoding = load_encoding(game)
        self.seat_choice, self.reward_kind = seat, reward
        self.render_mode, self.time_scale = render_mode, time_scale
        self.observation_shape = observation_shape
        self.action_space_kind = action_space
        self.codec = compact_codec(self.encoding, action_space)
        self.observation_space = observation_box(self.encoding, observation_shape, self.codec)
        self.action_space = spaces.Discrete((self.codec or self.encoding).action_count)
        self.episode: Episode | None = None
        self.seat = 0
        self.opponent_name = ""
        self._opponent = _OpponentBox()
        self._finalizer = weakref.finalize(self, self._opponent.close)
        self._episodes_since_seed = 0
        self.set_opponent(opponent)

    def set_opponent(self, opponent: Any) -> None:
        """The opponent from the next ``reset()`` on (the episode under way keeps its own): a
        PLAYER string, a policy callable (given the observation and mask in the encoding it
        declares, else this environment's) or an OpponentPool. Checked here: raises
        OpponentError or TypeError, saying what is wrong, for one that could never play."""
        check_opponent(self.encoding, opponent, self.action_space_kind, self.observation_shape)
        self.opponent_spec = opponent

    @property
    def opponent(self) -> Any:
        return self._opponent.current

    @opponent.setter
    def opponent(self, opponent: Any) -> None:
        self._opponent.current = opponent

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        del state["_finalizer"]  # made anew for the copy (a program opponent restarts there)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._finalizer = weakref.finalize(self, self._opponent.close)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A seed gives the setup of ``arena play --seed SEED``, and the seat and the opponent's
        choices from it: the same seed, the same episode (against a deterministic agent)."""
        unknown = sorted(set(options or {}) - set(RESET_OPTIONS))
        if unknown:
            raise ValueError(f"reset() options {', '.join(map(repr, unknown))} are not known; "
                             f"the options are: {', '.join(RESET_OPTIONS)}")
        if options and "opponent" in options:
            self.set_opponent(options["opponent"])
        super().reset(seed=seed)
        if seed is not None:
            self._episodes_since_seed = 0
        setup_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(2))
        elif self.seat_choice == "alternate":
            self.seat = self._episodes_since_seed % 2
        else:
            self.seat = int(self.seat_choice)  # 0 or 1, checked in __init__
        self._episodes_since_seed += 1
        opponent_rng = random.Random(int(self.np_random.integers(2**63)))
        self.close()
        setup = get_game(self.encoding.game).make_setup(random.Random(setup_seed))
        # the drawing marks the last move on the board: the opponent's reply, after the agent's own
        episode = Episode(self.encoding, setup, self.reward_kind, codec=self.codec,
                          keep_before=self.render_mode == "svg")
        opponent = self.opponent_spec
        if isinstance(opponent, OpponentPool):
            opponent, self.opponent_name = opponent.draw(self.np_random)
        else:
            self.opponent_name = opponent if isinstance(opponent, str) else _policy_name(opponent)
        self.episode = None  # until the opponent has started: a failed reset leaves nothing to step
        self.opponent = make_opponent(self.encoding, opponent, 1 - self.seat, opponent_rng, setup, setup_seed,
                                      self.time_scale, self.action_space_kind, self.observation_shape)
        self.opponent.start(episode)
        self._check_opponent_started(episode)
        self.episode = episode
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        episode = self._started("step")
        if episode.over:
            raise ResetNeeded("the episode is over: call reset() before step()")
        self.opponent.play_agent(action)
        self._check_opponent_started(episode)
        reward = 0.0
        if episode.over:
            reward = episode.rewards()[self.seat]
            self.close()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, episode.over, False, self._info()

    def _check_opponent_started(self, episode: Episode) -> None:
        """A program that failed before any move of its own (it could not start) raises: the
        episode would teach nothing. The judge may find out before the agent's first move
        (reset raises) or just after it (its first step raises), whichever comes first."""
        if self.opponent.failed_before_moving:
            self.episode = None
            self.close()
            raise OpponentError(f"the opponent {self.opponent_name!r} failed before its first move: {episode.fault}")

    def _started(self, call: str) -> Episode:
        if self.episode is None:
            raise ResetNeeded(f"reset() needs to be called before {call}(): call env.reset(seed=...) first")
        return self.episode

    def action_masks(self) -> np.ndarray:
        """The agent's legal actions, 1 for each: a new array at each call, the caller's to
        change; all 0 once the episode is over (the terminal step's mask)."""
        return np.array(self._started("action_masks").action_mask(self.seat), dtype=np.int8)

    def _observation(self) -> np.ndarray:
        return self._started("observe").observe(self.seat, self.observation_shape)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat,
                                "opponent": self.opponent_name}
        episode = self._started("info")
        if episode.over:
            info["moves"] = list(episode.moves)
            info["scores"] = episode.scores()
            if episode.offender is not None:
                who = "agent" if episode.offender == self.seat else "opponent"
                info["fault"] = f"{who}: {episode.fault}"
        return info

    def render(self) -> Any:
        """The position: ``human`` prints the text (and gives None), ``ansi`` gives it,
        ``rgb_array`` an (H, W, 3) uint8 array, ``svg`` the viewer's drawing."""
        episode = self._started("render")
        return render(self.encoding, self.render_mode, episode.state, episode.before_last)

    def close(self) -> None:
        self._opponent.close()


def _policy_name(policy: Any) -> str:
    return getattr(policy, "name", None) or getattr(policy, "__name__", None) or type(policy).__name__


class _OpponentBox:
    """The environment's current opponent, which the environment's finalizer closes when the
    environment is dropped without ``close()``: a program's judged game (and the program) ends."""

    def __init__(self) -> None:
        self.current = None

    def close(self) -> None:
        if self.current is not None:
            self.current.close()
