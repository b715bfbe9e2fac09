"""The agent's score against a built-in player, in-process (arena.envs.gym_env), seats alternated.

    PYTHONPATH=src python tools/domineering_agent/evaluate.py [--opponent builtin:greedy] [--games 200]

The score is a win 1, a loss 0 (Domineering has no draw), with a 95% Wilson interval;
the mean margin too. The tournament through ``arena policy-bot`` is in docs/envs.md.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np

from arena.envs import gym_env
from value import best_action, load_weights

Z_95 = 1.959964


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    share = wins / games
    centre = (share + Z_95 ** 2 / (2 * games)) / (1 + Z_95 ** 2 / games)
    half = Z_95 * math.sqrt(share * (1 - share) / games + Z_95 ** 2 / (4 * games ** 2)) / (1 + Z_95 ** 2 / games)
    return centre - half, centre + half


def margins_against(opponent: str, weights: np.ndarray, games: int, seed: int) -> list[float]:
    env = gym_env("domineering", opponent=opponent, seat="alternate")
    margins = []
    for game in range(games):
        # seeded once: every seeded reset starts the alternation again at seat 0
        observation, info = env.reset(seed=seed) if game == 0 else env.reset()
        done, reward = False, 0.0
        while not done:
            action = best_action(observation, info["action_mask"], weights)
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        margins.append(reward)
    env.close()
    return margins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="builtin:random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--weights", type=Path, default=Path(__file__).with_name("weights.npz"))
    arguments = parser.parse_args()
    margins = margins_against(arguments.opponent, load_weights(arguments.weights), arguments.games, arguments.seed)
    wins = sum(margin > 0 for margin in margins)
    low, high = wilson_interval(wins, len(margins))
    print(f"against {arguments.opponent}: {wins}/{len(margins)} won, score {wins / len(margins):.3f} "
          f"(95% interval {low:.3f}-{high:.3f}), mean margin {np.mean(margins):+.1f}")


if __name__ == "__main__":
    main()
