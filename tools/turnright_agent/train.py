"""Train the Turn Right agent by self-play and save its weights (weights.npz beside this file).

    PYTHONPATH=src python tools/turnright_agent/train.py [--generations 10] [--games 100]

Needs the envs extra. The recipe is tools/afterstate_learning.py's, shared with
tools/domineering_agent: each generation plays ``--games`` games in arena.envs.aec_env (a
random legal move one time in ``1/--exploration``), then fits the value of every afterstate
chosen to the game's result from the mover's side (1, 0 or -1, and a tenth of the final
points margin / 20), over the last three generations' positions. It starts as the greedy
player (a placement's 2×2 blocks, a circuit's margin). In half of the games
(``--past-opponents``) one seat plays an earlier generation's weights: against itself alone
the value chased its tail, and the seed decided whether the last generation beat greedy
(docs/envs.md has the figures).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# numpy's BLAS on one thread, before numpy loads, as arena policy-bot runs the policy: the products
# are small (features.squares_held), and on a busy machine helper threads that spin while they
# wait made self-play three times slower
for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(variable, "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tools/, for the shared recipe
from afterstate_learning import Recipe, train  # noqa: E402
from features import FEATURE_NAMES  # noqa: E402
from position import position_of  # noqa: E402
from value import Agent, greedy_weights, target  # noqa: E402


class SelfPlayAgent(Agent):
    """The agent as afterstate_learning trains it: its moves, their values, and the target."""

    pass_action = None  # Turn Right always has a move

    def target(self, reward: float, observation: np.ndarray) -> float:
        return target(reward, position_of(observation).margin)  # reward="win": 1, 0 or -1


def save(path: Path, weights: np.ndarray) -> None:
    np.savez(path, weights=weights, feature_names=np.array(FEATURE_NAMES))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generations", type=int, default=10)
    parser.add_argument("--games", type=int, default=100, help="self-play games per generation")
    parser.add_argument("--exploration", type=float, default=0.1)
    parser.add_argument("--past-opponents", type=float, default=0.5,
                        help="the share of games where one seat plays an earlier generation's weights")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("weights.npz"))
    arguments = parser.parse_args()
    recipe = Recipe(exploration=arguments.exploration, ridge=1e-3, generations_kept=3,
                    past_opponents=arguments.past_opponents)
    weights = train("turnright", SelfPlayAgent(), greedy_weights(), arguments.generations, arguments.games,
                    arguments.seed, recipe, env_options={"reward": "win"},
                    after_generation=lambda _, weights: save(arguments.out, weights))
    print("weights:", ", ".join(f"{name} {weight:+.3f}" for name, weight in zip(FEATURE_NAMES, weights)))
    print(f"saved {arguments.out}")


if __name__ == "__main__":
    main()
