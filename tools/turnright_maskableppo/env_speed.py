"""The environment alone: steps/s of ``gym_env("turnright", opponent="builtin:random",
action_space="compact")`` under random masked actions, the ceiling of any training on it.

    python tools/turnright_maskableppo/env_speed.py [--steps 20000]

Counts every agent step (each compact first digit too), the opponent's replies and the
resets included; the random choice itself is timed apart (it is the agent's cost, not the
environment's). Needs arena's envs extra only.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from arena.envs import gym_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()

    env = gym_env("turnright", opponent="builtin:random", action_space="compact")
    rng = np.random.default_rng(arguments.seed)
    _, info = env.reset(seed=arguments.seed)
    in_env = choosing = 0.0
    games, cpu_started = 0, time.process_time()
    for _ in range(arguments.steps):
        started = time.perf_counter()
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        chosen = time.perf_counter()
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            _, info = env.reset()
            games += 1
        in_env += time.perf_counter() - chosen
        choosing += chosen - started
    print(f"{arguments.steps:,} random masked steps ({games} games): {arguments.steps / in_env:,.0f} steps/s "
          f"in the environment ({1000 * in_env / arguments.steps:.3f} ms a step), "
          f"{arguments.steps / (in_env + choosing):,.0f} steps/s with the random choice, "
          f"{arguments.steps / (time.process_time() - cpu_started):,.0f} per CPU second")


if __name__ == "__main__":
    main()
