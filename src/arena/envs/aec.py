"""A game as a PettingZoo AEC environment: two agents, one acting at a time.

Agents are ``player_0`` and ``player_1``, the game's seats in order (Flippo White,
Black Hole Red, Turn Right White, Lucky Words' first caller, Domineering FIRST). The
agent to act is the rules' ``to_move``: Lucky Words' caller places its own letter and
the other then places it and calls, so an agent may act twice in a row there.
Each observation is ``{"observation": float32 vector, "action_mask": int8 vector}``;
the mask is all 0 for an agent that is not to act.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..games.env_encoding import load_encoding
from .episode import (OBSERVATION_SHAPES, RENDER_MODES, REWARD_KINDS, Episode, ResetNeeded, check_option, compact_codec,
                      observation_box, render)

AGENTS = ("player_0", "player_1")


def observation_space(encoding: Any, shape: str = "flat", codec: Any = None) -> spaces.Dict:
    return spaces.Dict({
        "observation": observation_box(encoding, shape, codec),
        "action_mask": spaces.Box(0, 1, ((codec or encoding).action_count,), dtype=np.int8),
    })


class ArenaAECEnv(AECEnv):
    """``reward="margin"`` (final score margin) or ``"win"`` (+1/0/-1); ``render_mode`` human,
    ansi, rgb_array or svg; ``observation_shape`` "flat" (the vector), "planes" (the board,
    rows × columns × channels) or "planes_chw" (channels × rows × columns); ``action_space``
    "full" or "compact" (Turn Right only: a circuit in two steps of Discrete(2048))."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2, "is_parallelizable": False}

    def __init__(self, game: str, reward: str = "margin", render_mode: str | None = None,
                 observation_shape: str = "flat", action_space: str = "full") -> None:
        super().__init__()
        check_option("render_mode", render_mode, (None, *RENDER_MODES))
        check_option("observation_shape", observation_shape, OBSERVATION_SHAPES)
        check_option("reward", reward, REWARD_KINDS)  # here, not at the first reset
        self.encoding = load_encoding(game)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.observation_shape = observation_shape
        self.codec = compact_codec(self.encoding, action_space)
        self.metadata = {**self.metadata, "name": f"arena_{game}"}
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {agent: observation_space(self.encoding, observation_shape, self.codec)
                                   for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete((self.codec or self.encoding).action_count) for agent in AGENTS}
        self.episode: Episode | None = None
        self._before: Any = None
        self._rng: random.Random | None = None  # the setups' seeds after a seeded reset

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """``seed`` draws the game's random setup as ``arena play --seed`` does. Without a seed the
        generator of the last seeded reset goes on (two environments reset alike stay alike);
        with none before, a seed is drawn from the system."""
        if seed is not None:
            self._rng = random.Random(seed)
            setup_seed = seed
        else:
            if self._rng is None:
                self._rng = random.Random(random.SystemRandom().randrange(2**63))
            setup_seed = self._rng.randrange(2**31)
        self.episode = Episode.from_seed(self.encoding, setup_seed, self.reward_kind, self.codec)
        self._before = None
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.episode.state.to_move]
        if self.render_mode == "human":
            self.render()

    def _started(self, call: str) -> Episode:
        if self.episode is None:
            raise ResetNeeded(f"reset() needs to be called before {call}(): call env.reset(seed=...) first")
        return self.episode

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        episode = self._started("observe")
        seat = AGENTS.index(agent)
        return {"observation": episode.observe(seat, self.observation_shape),
                "action_mask": episode.action_mask(seat)}

    def step(self, action: Any) -> None:
        """A dead agent's step takes None (as PettingZoo's); a live agent's None, or any action
        outside its mask, is an illegal action: the game ends as its loss, nothing raises."""
        episode = self._started("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self.render_mode == "svg":
            self._before = episode.state.copy()  # the drawing marks what the move changed
        episode.play_action(action)
        if episode.over:
            self._finish()
            # every agent is done; they leave one after the other through _was_dead_step
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = AGENTS[episode.state.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        episode = self._started("step")
        rewards = episode.rewards()
        for seat, agent in enumerate(AGENTS):
            self.rewards[agent] = rewards[seat]
            self.terminations[agent] = True
            self.infos[agent] = {"moves": list(episode.moves), "scores": episode.scores()}
            if episode.offender is not None:
                self.infos[agent]["fault"] = f"{AGENTS[episode.offender]}: {episode.fault}"

    def render(self) -> Any:
        """The position: ``human`` prints the text (and gives None), ``ansi`` gives it,
        ``rgb_array`` an (H, W, 3) uint8 array, ``svg`` the viewer's drawing."""
        episode = self._started("render")
        return render(self.encoding, self.render_mode, episode.state, self._before)

    def close(self) -> None:
        pass
