"""The agent's score against a built-in player, in-process (arena.envs.gym_env), seats alternated.

    PYTHONPATH=src python tools/turnright_agent/evaluate.py [--opponent builtin:greedy] [--games 200]

Turn Right's game score: a win 1, a draw ½ (by the game points: a 3×3 block or more 2×2
points after 26 circuits), with a 95% Wilson interval; the mean points margin too. The
tournament through ``arena policy-bot`` is in docs/envs.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tools/, for the shared recipe
from afterstate_learning import play_against, wilson_interval  # noqa: E402
from position import position_of  # noqa: E402
from value import Agent, load_weights  # noqa: E402


def results_against(opponent: str, weights: np.ndarray, games: int, seed: int,
                    agent: Agent | None = None) -> list[tuple[float, int]]:
    """(result 1/0/-1, points margin) of each game, from the agent's side."""
    agent = agent or Agent()
    finals = play_against("turnright", opponent,
                          lambda observation, mask: agent.best_action(observation, mask, weights),
                          games, seed, reward="win")
    return [(reward, position_of(observation).margin) for reward, observation in finals]


def summary(opponent: str, results: list[tuple[float, int]]) -> str:
    won = sum(result > 0 for result, _ in results)
    drawn = sum(result == 0 for result, _ in results)
    score = (won + drawn / 2) / len(results)
    low, high = wilson_interval(won + drawn / 2, len(results))
    margin = np.mean([margin for _, margin in results])
    return (f"against {opponent}: {won} won, {drawn} drawn, {len(results) - won - drawn} lost of {len(results)}; "
            f"score {score:.3f} (95% interval {low:.3f}-{high:.3f}), mean points margin {margin:+.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="builtin:greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--weights", type=Path, default=Path(__file__).with_name("weights.npz"))
    arguments = parser.parse_args()
    results = results_against(arguments.opponent, load_weights(arguments.weights), arguments.games, arguments.seed)
    print(summary(arguments.opponent, results))


if __name__ == "__main__":
    main()
