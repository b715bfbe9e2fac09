"""The recipe both afterstate agents (tools/domineering_agent, tools/turnright_agent) train and
are measured by: a linear value of an afterstate's hand-made features, fitted by self-play.

An agent is an object with
``legal_actions(observation, mask) -> actions`` (an empty array: no choice, play
``pass_action``), ``afterstate_values(observation, actions, weights) -> (features, values)``
and ``target(reward, observation) -> float``, the number its value learns from the game's
final reward and final observation, from one seat's side.

Each generation plays ``games`` games of the current agent against itself in the PettingZoo
AEC environment (arena.envs.aec_env; a random legal action one move in ``1 / exploration``,
so that it sees what its own choices avoid), then fits the value of every afterstate it
chose to its mover's final target (Monte Carlo returns, least squares with a little ridge),
over the last ``generations_kept`` generations' positions. With ``past_opponents`` p, a share
p of the games has one seat (drawn) played by the weights of an earlier generation (drawn,
the start included) instead: a value fitted to its own games alone can chase its tail, each
generation beating the last one's habits and forgetting the older ones'. Needs the envs extra.
"""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from arena.envs import aec_env, gym_env

Z_95 = 1.959964


@dataclass
class Recipe:
    exploration: float = 0.1
    ridge: float = 1e-3
    generations_kept: int = 3
    past_opponents: float = 0.0


def self_play(env: Any, agent: Any, weights: dict[str, np.ndarray], rng: np.random.Generator, seed: int,
              recipe: Recipe) -> tuple[np.ndarray, np.ndarray]:
    """One game, each seat (by its agent name) with its weights: (the features of every
    afterstate chosen, its mover's final target)."""
    env.reset(seed=seed)
    chosen: dict[str, list[np.ndarray]] = {name: [] for name in env.possible_agents}
    final = {}
    for name in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[name] = agent.target(reward, observation["observation"])
            env.step(None)
            continue
        actions = agent.legal_actions(observation["observation"], observation["action_mask"])
        if len(actions) == 0:
            env.step(agent.pass_action)
            continue
        seen, values = agent.afterstate_values(observation["observation"], actions, weights[name])
        pick = rng.integers(len(actions)) if rng.random() < recipe.exploration else int(np.argmax(values))
        chosen[name].append(seen[pick])
        env.step(int(actions[pick]))
    rows = [(row, final[name]) for name in chosen for row in chosen[name]]
    return np.array([row for row, _ in rows]), np.array([target for _, target in rows])


def fit(features: np.ndarray, targets: np.ndarray, ridge: float) -> np.ndarray:
    gram = features.T @ features + ridge * len(features) * np.eye(features.shape[1])
    return np.linalg.solve(gram, features.T @ targets)


def train(game: str, agent: Any, weights: np.ndarray, generations: int, games: int, seed: int,
          recipe: Recipe, env_options: dict | None = None,
          after_generation: Callable[[int, np.ndarray], None] | None = None) -> np.ndarray:
    """The weights after ``generations`` generations of self-play from ``weights``."""
    env, rng = aec_env(game, **(env_options or {})), np.random.default_rng(seed)
    kept: deque = deque(maxlen=recipe.generations_kept)
    earlier: list[np.ndarray] = []  # every generation's weights before the current ones
    for generation in range(generations):
        started, cpu_started = time.monotonic(), time.process_time()
        first_seed = seed * 1_000_000 + generation * games  # every game of the run on its own setup
        played = [self_play(env, agent, seat_weights(env, weights, earlier, rng, recipe), rng, first_seed + game_index, recipe)
                  for game_index in range(games)]
        kept.append((np.concatenate([x for x, _ in played]), np.concatenate([y for _, y in played])))
        earlier.append(weights)
        weights = fit(np.concatenate([x for x, _ in kept]), np.concatenate([y for _, y in kept]), recipe.ridge)
        first_seat = np.mean([y[0] for _, y in played])
        print(f"generation {generation + 1}: {games} games in {time.monotonic() - started:.1f} s "
              f"({time.process_time() - cpu_started:.1f} s CPU), first seat's mean target {first_seat:+.3f}",
              flush=True)
        if after_generation is not None:
            after_generation(generation, weights)
    return weights


def seat_weights(env: Any, weights: np.ndarray, earlier: list[np.ndarray], rng: np.random.Generator,
           recipe: Recipe) -> dict[str, np.ndarray]:
    """Each seat's weights for the next game: the current ones, or for one seat an earlier
    generation's (the random numbers drawn only when the recipe asks for past opponents)."""
    seats = {name: weights for name in env.possible_agents}
    if earlier and recipe.past_opponents > 0 and rng.random() < recipe.past_opponents:
        seat = env.possible_agents[rng.integers(len(seats))]
        seats[seat] = earlier[rng.integers(len(earlier))]
    return seats


def play_against(game: str, opponent: str, choose: Callable[[np.ndarray, np.ndarray], int], games: int,
                 seed: int, **env_options: Any) -> list[tuple[float, np.ndarray]]:
    """(final reward, final observation) of each of ``games`` games of ``choose`` against
    ``opponent`` in the Gymnasium environment, in-process, seats alternated."""
    env = gym_env(game, opponent=opponent, seat="alternate", **env_options)
    finals = []
    for game_index in range(games):
        # seeded once: every seeded reset starts the alternation again at seat 0
        observation, info = env.reset(seed=seed) if game_index == 0 else env.reset()
        done, reward = False, 0.0
        while not done:
            observation, reward, terminated, truncated, info = env.step(choose(observation, info["action_mask"]))
            done = terminated or truncated
        finals.append((float(reward), observation))
    env.close()
    return finals


def wilson_interval(wins: float, games: int) -> tuple[float, float]:
    share = wins / games
    centre = (share + Z_95 ** 2 / (2 * games)) / (1 + Z_95 ** 2 / games)
    half = Z_95 * math.sqrt(share * (1 - share) / games + Z_95 ** 2 / (4 * games ** 2)) / (1 + Z_95 ** 2 / games)
    return centre - half, centre + half
