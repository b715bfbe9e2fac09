"""A game as a Gymnasium environment: one agent against a fixed opponent (opponents.py).

The observation is the agent's own (the same vector as the AEC environment's); the
legal actions are ``info["action_mask"]`` and ``action_masks()`` (the name
sb3-contrib's MaskablePPO calls). The reward comes at the end: the agent's final score
margin, or +1/0/-1 with ``reward="win"``. An action the rules refuse never raises: it
ends the episode as the agent's loss by the game's largest margin (-1 with "win").
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
from .episode import OBSERVATION_SHAPES, RENDER_MODES, Episode, check_option, compact_codec, observation_box, render
from .opponents import make_opponent

SEATS = (0, 1, "random", "alternate")


class ArenaGymEnv(gym.Env):
    """``seat``: 0 or 1 (the game's seats in order), "random" (drawn from the reset seed, the
    default) or "alternate" (0 on the first episode after a seeded reset, then 1, 0, ...)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, game: str, opponent="builtin:random", seat="random", reward: str = "margin",
                 render_mode: str | None = None, time_scale: float = 1.0,
                 observation_shape: str = "flat", action_space: str = "full") -> None:
        check_option("seat", seat, SEATS)
        check_option("render_mode", render_mode, (None, *RENDER_MODES))
        check_option("observation_shape", observation_shape, OBSERVATION_SHAPES)
        self.encoding = load_encoding(game)
        self.opponent_spec, self.seat_choice, self.reward_kind = opponent, seat, reward
        self.render_mode, self.time_scale = render_mode, time_scale
        self.observation_shape = observation_shape
        self.codec = compact_codec(self.encoding, action_space)
        self.observation_space = observation_box(self.encoding, observation_shape, self.codec)
        self.action_space = spaces.Discrete((self.codec or self.encoding).action_count)
        self.episode: Episode | None = None
        self._opponent = _OpponentBox()
        self._finalizer = weakref.finalize(self, self._opponent.close)
        self._episodes_since_seed = 0

    @property
    def opponent(self):
        return self._opponent.current

    @opponent.setter
    def opponent(self, opponent) -> None:
        self._opponent.current = opponent

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        del state["_finalizer"]  # made anew for the copy (a program opponent restarts there)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._finalizer = weakref.finalize(self, self._opponent.close)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A seed gives the setup of ``arena play --seed SEED``, and the seat and the opponent's
        choices from it: the same seed, the same episode (against a deterministic agent)."""
        super().reset(seed=seed)
        if seed is not None:
            self._episodes_since_seed = 0
        setup_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(2))
        elif self.seat_choice == "alternate":
            self.seat = self._episodes_since_seed % 2
        else:
            self.seat = self.seat_choice
        self._episodes_since_seed += 1
        opponent_rng = random.Random(int(self.np_random.integers(2**63)))
        self.close()
        setup = get_game(self.encoding.game).make_setup(random.Random(setup_seed))
        # the drawing marks the last move on the board: the opponent's reply, after the agent's own
        self.episode = Episode(self.encoding, setup, self.reward_kind, codec=self.codec,
                               keep_before=self.render_mode == "svg")
        self.opponent = make_opponent(self.encoding, self.opponent_spec, 1 - self.seat, opponent_rng,
                                      setup, setup_seed, self.time_scale)
        self.opponent.start(self.episode)
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action):
        if self.episode is None:
            raise RuntimeError("reset() needs to be called before step(): call env.reset(seed=...) first")
        if self.episode.over:
            raise RuntimeError("the episode is over: call reset() before step()")
        self.opponent.play_agent(action)
        reward = 0.0
        if self.episode.over:
            reward = self.episode.rewards()[self.seat]
            self.close()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self.episode.over, False, self._info()

    def action_masks(self) -> np.ndarray:
        assert self.episode is not None  # asked after reset()
        return self.episode.action_mask(self.seat)

    def _observation(self) -> np.ndarray:
        assert self.episode is not None  # made after reset()
        return self.episode.observe(self.seat, self.observation_shape)

    def _info(self) -> dict:
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat}
        episode = self.episode
        assert episode is not None  # made after reset()
        if episode.over:
            info["moves"] = list(episode.moves)
            info["scores"] = episode.scores()
            if episode.offender is not None:
                who = "agent" if episode.offender == self.seat else "opponent"
                info["fault"] = f"{who}: {episode.fault}"
        return info

    def render(self):
        """The position: ``human`` prints the text (and gives None), ``ansi`` gives it,
        ``rgb_array`` an (H, W, 3) uint8 array, ``svg`` the viewer's drawing."""
        if self.episode is None:
            raise RuntimeError("reset() needs to be called before render(): call env.reset(seed=...) first")
        return render(self.encoding, self.render_mode, self.episode.state, self.episode.before_last)

    def close(self) -> None:
        self._opponent.close()


class _OpponentBox:
    """The environment's current opponent, which the environment's finalizer closes when the
    environment is dropped without ``close()``: a program's judged game (and the program) ends."""

    def __init__(self) -> None:
        self.current = None

    def close(self) -> None:
        if self.current is not None:
            self.current.close()
