"""MaskablePPO (sb3-contrib) on Turn Right's compact action space, against builtin:random,
exported to numpy arrays for ``arena policy-bot``.

Outside arena's dependencies: torch, sb3-contrib and arena's envs extra in a venv of their own

    python3 -m venv /tmp/rl
    /tmp/rl/bin/pip install 'torch==2.13.0+cpu' --index-url https://download.pytorch.org/whl/cpu  # CPU only (docs/envs.md)
    /tmp/rl/bin/pip install -e '.[rl]'
    /tmp/rl/bin/python tools/turnright_maskableppo/train.py --steps 1000000 --out tools/turnright_maskableppo/policy.npz

One core (torch.set_num_threads(1)): the figures in docs/envs.md are per core. The policy
is an MLP on the flat observation (two hidden layers, tanh, SB3's MlpPolicy); the reward
is +1/0/-1 (``reward="win"``): the game's scale (match points) would make PPO's value
targets range over hundreds. It prints the environment steps per second of training
(every step of the agent, each compact first digit included, the opponent's replies and
resets inside them) and the wall time; evaluate.py plays the exported file.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO

from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from arena.envs import gym_env
from arena.envs.policy_export import export_sb3_policy

HERE = Path(__file__).resolve().parent


def make_env():
    # Monitor: the episodes' rewards, for the running win-minus-loss figure printed below
    return Monitor(gym_env("turnright", opponent="builtin:random", action_space="compact", reward="win"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=1_000_000, help="environment steps to train (agent steps)")
    parser.add_argument("--minutes", type=float, default=18.0, help="stop training after this wall time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 64], help="the hidden layers' sizes")
    parser.add_argument("--envs", type=int, default=16,
                        help="environments stepped together: one forward pass of the network for all of them")
    parser.add_argument("--epochs", type=int, default=1,
                        help="passes over each rollout: the update over 2,048 logits, not the game, is the cost")
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--out", type=Path, default=HERE / "policy.npz")
    arguments = parser.parse_args()

    torch.set_num_threads(1)  # one core: the steps/s figure is per core, and the other core is free
    env = DummyVecEnv([make_env] * arguments.envs)  # in this one process, stepped in turn
    model = MaskablePPO("MlpPolicy", env, seed=arguments.seed, n_steps=4096 // arguments.envs,
                        batch_size=arguments.batch, n_epochs=arguments.epochs,
                        learning_rate=3e-4, gamma=1.0, gae_lambda=0.95, ent_coef=0.01, verbose=0,
                        policy_kwargs={"net_arch": arguments.hidden})
    deadline = time.monotonic() + arguments.minutes * 60
    started, cpu_started, done = time.perf_counter(), time.process_time(), 0
    chunk = 8 * 4096  # learn() in pieces, so that the wall time caps training between them
    while done < arguments.steps and time.monotonic() < deadline:
        model.learn(min(chunk, arguments.steps - done), reset_num_timesteps=False)
        done = model.num_timesteps
        elapsed = time.perf_counter() - started
        recent = [episode["r"] for episode in model.ep_info_buffer]  # the last 100 games, +1/0/-1
        cpu = time.process_time() - cpu_started
        print(f"{done:>9,} steps  {elapsed:7.0f} s  {done / elapsed:6.0f} steps/s  {done / cpu:6.0f} per CPU s  "
              f"mean reward of the last {len(recent)} games {sum(recent) / max(1, len(recent)):+.2f}", flush=True)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    # on a shared machine the process gets less than its core: per CPU second is the one-core figure
    print(f"trained {done:,} environment steps in {elapsed:.0f} s of wall time ({done / elapsed:.0f} steps/s), "
          f"{cpu:.0f} s of CPU time ({done / cpu:.0f} steps per CPU second)")
    path = export_sb3_policy(model, arguments.out, game="turnright", action_space="compact")
    print(f"exported to {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
