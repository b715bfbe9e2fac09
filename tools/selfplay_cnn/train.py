"""Self-play on a game's board planes: MaskablePPO (sb3-contrib) with the small CNN docs/envs.md
recommends (tools/sb3_board_cnn.py's BoardCNN), against a pool of the built-in players and
snapshots of itself, through the Gymnasium environment only, exported to numpy arrays for
``arena policy-bot``.

    .venv/bin/pip install 'torch==2.13.0+cpu' --index-url https://download.pytorch.org/whl/cpu   # CPU only (docs/envs.md)
    .venv/bin/pip install -e '.[rl]'
    nice -n 19 .venv/bin/python tools/selfplay_cnn/train.py --env-id arena/Domineering-planes-v0 --minutes 25
    arena tournament domineering --player cnn="arena policy-bot domineering tools/selfplay_cnn/policy.npz" \\
        --player greedy=builtin:greedy --rounds 100 --db ~/cnn.db

The environments are ``gymnasium.make(ENV_ID, reward="win", opponent=pool)`` (any
``*-planes-v0`` id): at each reset the pool (arena.envs.OpponentPool) draws the episode's
opponent by weight, builtin:greedy (the player to beat), builtin:random, or one of the last
``--snapshots`` snapshots of the agent, each a numpy copy of its actor (``sb3_numpy_policy``,
convolutions included) that the environments of the DummyVecEnv, sharing the pool, draw
from their next reset. One core (torch.set_num_threads(1)); the reward +1/0/-1. After each
piece of training it prints the steps, their wall and CPU time and the share of the last
games won against each opponent (Monitor's ``opponent`` info), and exports the policy, so a
run stopped early leaves its last one.
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

import arena.envs
from arena.envs import OpponentPool
from arena.envs.policy_export import export_sb3_policy, sb3_numpy_policy

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from sb3_board_cnn import BoardCNN  # noqa: E402
from selfplay_results import results_by_opponent  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env-id", default="arena/Domineering-planes-v0", help="a *-planes-v0 id")
    parser.add_argument("--minutes", type=float, default=25.0, help="stop training after this wall time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--rollout", type=int, default=2048, help="steps per rollout, all environments together")
    parser.add_argument("--epochs", type=int, default=4, help="passes over each rollout")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--channels", type=int, default=32, help="BoardCNN's channels")
    parser.add_argument("--greedy", type=float, default=2.0, help="builtin:greedy's weight in the pool")
    parser.add_argument("--random", type=float, default=0.5, help="builtin:random's weight in the pool")
    parser.add_argument("--snapshot-weight", type=float, default=0.5, help="each snapshot's weight in the pool")
    parser.add_argument("--snapshots", type=int, default=4, help="snapshots kept in the pool (the latest)")
    parser.add_argument("--snapshot-every", type=int, default=32_768, help="steps between two snapshots")
    parser.add_argument("--out", type=Path, default=HERE / "policy.npz")
    arguments = parser.parse_args()
    if arguments.env_id not in arena.envs.TRAINABLE_VARIANTS or "planes" not in arguments.env_id:
        parser.error(f"--env-id {arguments.env_id!r}: one of "
                     f"{', '.join(i for i in arena.envs.TRAINABLE_VARIANTS if 'planes' in i)}")
    game, options = arena.envs.TRAINABLE_VARIANTS[arguments.env_id]
    action_space = options.get("action_space", "full")

    torch.set_num_threads(1)  # one core: the machine is shared, and the figures are per core
    pool = OpponentPool([("builtin:greedy", arguments.greedy), ("builtin:random", arguments.random)],
                        snapshots_kept=arguments.snapshots)

    def make_env() -> gymnasium.Env:
        return Monitor(gymnasium.make(arguments.env_id, reward="win", opponent=pool), info_keywords=("opponent",))

    env = DummyVecEnv([make_env] * arguments.envs)
    model = MaskablePPO("CnnPolicy", env, seed=arguments.seed, n_steps=arguments.rollout // arguments.envs,
                        batch_size=arguments.batch, n_epochs=arguments.epochs, learning_rate=3e-4, gamma=1.0,
                        gae_lambda=0.95, ent_coef=0.01, verbose=0,
                        policy_kwargs={"features_extractor_class": BoardCNN,
                                       "features_extractor_kwargs": {"channels": arguments.channels}})
    deadline = time.monotonic() + arguments.minutes * 60
    started, cpu_started, next_snapshot = time.perf_counter(), time.process_time(), arguments.snapshot_every
    while True:  # at least one piece
        model.learn(4 * arguments.rollout, reset_num_timesteps=False)  # pieces: the wall time caps training
        done = model.num_timesteps
        if done >= next_snapshot:
            name = pool.add_snapshot(sb3_numpy_policy(model, game=game, action_space=action_space),
                                     arguments.snapshot_weight)
            next_snapshot += arguments.snapshot_every
            print(f"added {name} to the pool", flush=True)
        export_sb3_policy(model, arguments.out, game=game, action_space=action_space)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        print(f"{done:>9,} steps  {elapsed:6.0f} s  {cpu:6.0f} CPU s  {done / cpu:5.0f} steps per CPU s  "
              f"{results_by_opponent(model)}", flush=True)
        if time.monotonic() >= deadline:
            break
    print(f"exported to {arguments.out} ({arguments.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
