"""Train the Domineering agent by self-play and save its weights (weights.npz beside this file).

    PYTHONPATH=src python tools/domineering_agent/train.py [--generations 12] [--games 200]

Needs the envs extra (it plays in arena.envs.aec_env, both seats by the same agent).
Each generation plays ``--games`` games of the current agent against itself (a random
placement one time in ten, so that it sees what its own choices avoid), then fits the
value of every afterstate it chose to the final margin of the game, from the mover's side
(Monte Carlo returns, least squares with a little ridge), over the last three generations'
positions. It starts as the greedy player (the value is the margin alone).
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from pathlib import Path

import numpy as np

from arena.envs import aec_env
from features import FEATURE_NAMES
from position import MARGIN_SCALE, PASS_ACTION
from value import legal_placements, placement_values

EXPLORATION = 0.1
RIDGE = 1e-3
GENERATIONS_KEPT = 3


def greedy_weights() -> np.ndarray:
    weights = np.zeros(len(FEATURE_NAMES))
    weights[FEATURE_NAMES.index("margin")] = 1.0
    return weights


def self_play(env, weights: np.ndarray, rng: np.random.Generator, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One game against itself: (the features of every afterstate chosen, its mover's final margin, scaled)."""
    env.reset(seed=seed)
    chosen = {agent: [] for agent in env.possible_agents}
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        placements = legal_placements(observation["action_mask"])
        if len(placements) == 0:
            env.step(PASS_ACTION)
            continue
        seen, values = placement_values(observation["observation"], placements, weights)
        pick = rng.integers(len(placements)) if rng.random() < EXPLORATION else int(np.argmax(values))
        chosen[agent].append(seen[pick])
        env.step(int(placements[pick]))
    rows = [(row, final[agent] / MARGIN_SCALE) for agent in chosen for row in chosen[agent]]
    return np.array([row for row, _ in rows]), np.array([target for _, target in rows])


def fit(features: np.ndarray, targets: np.ndarray) -> np.ndarray:
    gram = features.T @ features + RIDGE * len(features) * np.eye(features.shape[1])
    return np.linalg.solve(gram, features.T @ targets)


def train(generations: int, games: int, seed: int) -> np.ndarray:
    env, rng, weights = aec_env("domineering"), np.random.default_rng(seed), greedy_weights()
    kept: deque = deque(maxlen=GENERATIONS_KEPT)
    for generation in range(generations):
        started = time.monotonic()
        first_seed = seed * 1_000_000 + generation * games  # every game of the run on its own setup
        played = [self_play(env, weights, rng, first_seed + game) for game in range(games)]
        kept.append((np.concatenate([x for x, _ in played]), np.concatenate([y for _, y in played])))
        weights = fit(np.concatenate([x for x, _ in kept]), np.concatenate([y for _, y in kept]))
        mean_margin = np.mean([y[0] for _, y in played]) * MARGIN_SCALE
        print(f"generation {generation + 1}: {games} games in {time.monotonic() - started:.1f} s, "
              f"first mover's mean margin {mean_margin:+.1f}", flush=True)
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--games", type=int, default=200, help="self-play games per generation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("weights.npz"))
    arguments = parser.parse_args()
    weights = train(arguments.generations, arguments.games, arguments.seed)
    np.savez(arguments.out, weights=weights, feature_names=np.array(FEATURE_NAMES))
    print("weights:", ", ".join(f"{name} {weight:+.3f}" for name, weight in zip(FEATURE_NAMES, weights)))
    print(f"saved {arguments.out}")


if __name__ == "__main__":
    main()
