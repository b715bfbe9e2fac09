"""Train the Domineering agent by self-play and save its weights (weights.npz beside this file).

    PYTHONPATH=src python tools/domineering_agent/train.py [--generations 12] [--games 200]

Needs the envs extra. The recipe is tools/afterstate_learning.py's, shared with
tools/turnright_agent: each generation plays ``--games`` games of the current agent against
itself in arena.envs.aec_env (a random placement one time in ten), then fits the value of
every afterstate it chose to the final margin of the game, from the mover's side, over the
last three generations' positions. It starts as the greedy player (the value is the margin
alone).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tools/, for the shared recipe
from afterstate_learning import Recipe, train  # noqa: E402
from features import FEATURE_NAMES  # noqa: E402
from position import MARGIN_SCALE, PASS_ACTION  # noqa: E402
from value import legal_placements, placement_values  # noqa: E402


class SelfPlayAgent:
    """The agent as afterstate_learning trains it: placements, their values, the final margin."""

    pass_action = PASS_ACTION  # no domino fits: pass, a move with nothing to choose

    def legal_actions(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return legal_placements(mask)

    def afterstate_values(self, observation: np.ndarray, actions: np.ndarray,
                          weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return placement_values(observation, actions, weights)

    def target(self, reward: float, observation: np.ndarray) -> float:
        return reward / MARGIN_SCALE  # the environment's default reward: the final margin


def greedy_weights() -> np.ndarray:
    weights = np.zeros(len(FEATURE_NAMES))
    weights[FEATURE_NAMES.index("margin")] = 1.0
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--games", type=int, default=200, help="self-play games per generation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("weights.npz"))
    arguments = parser.parse_args()
    weights = train("domineering", SelfPlayAgent(), greedy_weights(), arguments.generations, arguments.games,
                    arguments.seed, Recipe(exploration=0.1, ridge=1e-3, generations_kept=3))
    np.savez(arguments.out, weights=weights, feature_names=np.array(FEATURE_NAMES))
    print("weights:", ", ".join(f"{name} {weight:+.3f}" for name, weight in zip(FEATURE_NAMES, weights)))
    print(f"saved {arguments.out}")


if __name__ == "__main__":
    main()
