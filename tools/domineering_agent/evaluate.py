"""The agent's score against a built-in player, in-process (arena.envs.gym_env), seats alternated.

    PYTHONPATH=src python tools/domineering_agent/evaluate.py [--opponent builtin:greedy] [--games 200]

The score is a win 1, a loss 0 (Domineering has no draw), with a 95% Wilson interval;
the mean margin too. The tournament through ``arena policy-bot`` is in docs/envs.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tools/, for the shared recipe
from afterstate_learning import play_against, wilson_interval  # noqa: E402
from value import best_action, load_weights  # noqa: E402


def margins_against(opponent: str, weights: np.ndarray, games: int, seed: int) -> list[float]:
    finals = play_against("domineering", opponent, lambda observation, mask: best_action(observation, mask, weights),
                          games, seed)
    return [reward for reward, _ in finals]  # the environment's default reward: the final margin


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
