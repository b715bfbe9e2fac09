"""Self-play on Turn Right's compact action space: MaskablePPO (sb3-contrib) against a pool of
the built-in players and snapshots of itself, through the Gymnasium environment only,
exported to numpy arrays for ``arena policy-bot``.

Outside arena's dependencies: torch, sb3-contrib and arena's envs extra in a venv of their own

    python3 -m venv /tmp/rl
    /tmp/rl/bin/pip install 'torch==2.13.0+cpu' --index-url https://download.pytorch.org/whl/cpu  # CPU only (docs/envs.md)
    /tmp/rl/bin/pip install -e '.[rl]'
    /tmp/rl/bin/python tools/turnright_selfplay/train.py --minutes 25 --out tools/turnright_selfplay/policy.npz
    python tools/turnright_maskableppo/evaluate.py --policy tools/turnright_selfplay/policy.npz \
        --opponent builtin:greedy

The environments are ``gymnasium.make("arena/TurnRight-compact-v0", reward="win",
opponent=pool)``: at each reset the pool (arena.envs.OpponentPool) draws the episode's
opponent by weight, builtin:greedy (the player to beat), builtin:random, or one of the
last ``--snapshots`` snapshots of the agent. Every ``--snapshot-every`` steps the model's
actor is copied to numpy (``sb3_numpy_policy``) and added to the pool: the 16 environments
of the DummyVecEnv share the pool object, so they all draw it from their next reset. The
opponent sees the compact observation and masks, as the agent does, in its two masked
steps per circuit.

One core (torch.set_num_threads(1)). The policy is an MLP on the flat observation (SB3's
MlpPolicy, tanh); the reward +1/0/-1. It prints, after each piece of training, the steps,
their wall and CPU time, and the share of the last games won against each opponent
(Monitor's ``opponent`` info); the policy is exported after each piece, so a run stopped
early leaves its last one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

import arena.envs  # noqa: F401 - registers arena/TurnRight-compact-v0
from arena.envs import OpponentPool
from arena.envs.policy_export import export_sb3_policy, sb3_numpy_policy

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from selfplay_results import results_by_opponent  # noqa: E402
ENV_ID = "arena/TurnRight-compact-v0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=10_000_000, help="environment steps to train (agent steps)")
    parser.add_argument("--minutes", type=float, default=25.0, help="stop training after this wall time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 64], help="the hidden layers' sizes")
    parser.add_argument("--envs", type=int, default=16, help="environments stepped together")
    parser.add_argument("--epochs", type=int, default=2, help="passes over each rollout")
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--greedy", type=float, default=2.0, help="builtin:greedy's weight in the pool")
    parser.add_argument("--random", type=float, default=0.5, help="builtin:random's weight in the pool")
    parser.add_argument("--snapshot-weight", type=float, default=0.5, help="each snapshot's weight in the pool")
    parser.add_argument("--snapshots", type=int, default=4, help="snapshots kept in the pool (the latest)")
    parser.add_argument("--snapshot-every", type=int, default=131_072, help="steps between two snapshots")
    parser.add_argument("--out", type=Path, default=HERE / "policy.npz")
    arguments = parser.parse_args()

    torch.set_num_threads(1)  # one core: the machine is shared, and the figures are per core
    pool = OpponentPool([("builtin:greedy", arguments.greedy), ("builtin:random", arguments.random)],
                        snapshots_kept=arguments.snapshots)

    def make_env() -> gymnasium.Env:
        # Monitor keeps each game's reward and, from the last info, the opponent drawn for it
        return Monitor(gymnasium.make(ENV_ID, reward="win", opponent=pool), info_keywords=("opponent",))

    env = DummyVecEnv([make_env] * arguments.envs)  # one process: every environment holds the same pool
    model = MaskablePPO("MlpPolicy", env, seed=arguments.seed, n_steps=4096 // arguments.envs,
                        batch_size=arguments.batch, n_epochs=arguments.epochs,
                        learning_rate=3e-4, gamma=1.0, gae_lambda=0.95, ent_coef=0.01, verbose=0,
                        policy_kwargs={"net_arch": arguments.hidden})
    deadline = time.monotonic() + arguments.minutes * 60
    started, cpu_started, done, next_snapshot = time.perf_counter(), time.process_time(), 0, arguments.snapshot_every
    chunk = 8 * 4096  # learn() in pieces, so that the wall time caps training between them
    while done < arguments.steps and time.monotonic() < deadline:
        model.learn(min(chunk, arguments.steps - done), reset_num_timesteps=False)
        done = model.num_timesteps
        if done >= next_snapshot:
            name = pool.add_snapshot(sb3_numpy_policy(model, game="turnright", action_space="compact"),
                                     arguments.snapshot_weight)
            next_snapshot += arguments.snapshot_every
            print(f"added {name} to the pool: {pool}", flush=True)
        export_sb3_policy(model, arguments.out, game="turnright", action_space="compact")
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        print(f"{done:>9,} steps  {elapsed:6.0f} s  {cpu:6.0f} CPU s  {done / cpu:5.0f} steps per CPU s  "
              f"{results_by_opponent(model)}", flush=True)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    print(f"trained {done:,} environment steps in {elapsed:.0f} s of wall time ({done / elapsed:.0f} steps/s), "
          f"{cpu:.0f} s of CPU time ({done / cpu:.0f} steps per CPU second)")
    print(f"exported to {arguments.out} ({arguments.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
