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

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..games.env_encoding import load_encoding
from .episode import Episode

AGENTS = ("player_0", "player_1")
RENDER_MODES = ("ansi", "svg")


def observation_space(encoding) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (encoding.observation_size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.action_count,), dtype=np.int8),
    })


class ArenaAECEnv(AECEnv):
    """``reward="margin"`` (final score margin) or ``"win"`` (+1/0/-1); ``render_mode`` ansi or svg."""

    def __init__(self, game: str, reward: str = "margin", render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None")
        self.encoding = load_encoding(game)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.metadata = {"name": f"arena_{game}", "render_modes": list(RENDER_MODES),
                         "is_parallelizable": False}
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {agent: observation_space(self.encoding) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(self.encoding.action_count) for agent in AGENTS}
        self.episode: Episode | None = None
        self._before = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """``seed`` draws the game's random setup as ``arena play --seed`` does; None draws one."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.episode = Episode.from_seed(self.encoding, seed, self.reward_kind)
        self._before = None
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.episode.state.to_move]

    def observe(self, agent: str) -> dict:
        seat = AGENTS.index(agent)
        state = self.episode.state
        moving = not self.episode.over and state.to_move == seat
        mask = self.encoding.action_mask(state) if moving else self.encoding.no_action_mask()
        return {"observation": self.encoding.observe(state, seat), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self.render_mode == "svg":
            self._before = self.episode.state.copy()  # the drawing marks what the move changed
        self.episode.play_action(action)
        if self.episode.over:
            self._finish()
            # every agent is done; they leave one after the other through _was_dead_step
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = AGENTS[self.episode.state.to_move]
        self._accumulate_rewards()

    def _finish(self) -> None:
        episode = self.episode
        rewards = episode.rewards()
        for seat, agent in enumerate(AGENTS):
            self.rewards[agent] = rewards[seat]
            self.terminations[agent] = True
            self.infos[agent] = {"moves": list(episode.moves), "scores": episode.scores()}
            if episode.offender is not None:
                self.infos[agent]["fault"] = f"{AGENTS[episode.offender]}: {episode.fault}"

    def render(self) -> str | None:
        if self.render_mode is None or self.episode is None:
            return None
        return self.encoding.render(self.render_mode, self.episode.state, self._before)

    def close(self) -> None:
        pass
