"""Random-policy steps per second of each game's environments, beside the rules' own play.

    python bench/envs.py [--seconds 2] [--games flippo,blackhole]

For each game, for about ``--seconds`` each:

- rules: random games on rules.py alone (``legal_moves()``, a random choice, ``play``), plies/s;
- aec: ``aec_env(GAME)`` with a masked random agent in both seats (``last()``, which builds the
  observation and the mask, then ``step``), steps/s, and its ratio to the rules' plies/s;
- gym: ``gym_env(GAME, opponent="builtin:random")`` (the opponent's moves in-process, inside
  each step), agent steps/s.

Both count the environment's time only, not the random agent's own choice.

Then, with ``--ids``, each id of ``arena.envs.TRAINABLE_VARIANTS`` (the spaces a network trains on)
the same way as gym, with its spaces; and, with ``--render``, the CPU time of one
``rgb_array`` frame of each game (drawn from positions of random games), the median and the slowest.

Turn Right's rules list only the rectangles in its circuit phase; its environments mask
all 1,222,363 circuits (a prefix of the action space), so its ratio weighs more.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import gymnasium

from arena.envs import GAMES, TRAINABLE_VARIANTS, aec_env, gym_env
from arena.games import get_game


def rules_plies_per_second(game: str, seconds: float) -> float:
    info, rng = get_game(game), random.Random(1)
    plies, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = info.new_state(info.make_setup(rng))
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
            plies += 1
    return plies / (time.perf_counter() - start)


class RandomAgent:
    """A masked random choice, timed apart: the environments' figures leave it out (sampling
    among Turn Right's 1.2 million circuit actions costs the agent more than the step)."""

    def __init__(self) -> None:
        self.rng, self.seconds = np.random.default_rng(1), 0.0

    def __call__(self, mask: np.ndarray) -> int:
        start = time.perf_counter()
        action = int(self.rng.choice(np.flatnonzero(mask)))
        self.seconds += time.perf_counter() - start
        return action


def aec_steps_per_second(game: str, seconds: float) -> float:
    env, agent = aec_env(game), RandomAgent()
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(agent(observation["action_mask"]))
            steps += 1
    return steps / (time.perf_counter() - start - agent.seconds)


def gym_steps_per_second(game: str, seconds: float, env: gymnasium.Env | None = None) -> float:
    env, agent = env or gym_env(game, opponent="builtin:random"), RandomAgent()
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        _, info = env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            _, _, terminated, _, info = env.step(agent(info["action_mask"]))
            steps += 1
    return steps / (time.perf_counter() - start - agent.seconds)


def ids_table(seconds: float) -> None:
    print(f"\n{'id':<36} {'observation':>14} {'actions':>8} {'steps/s':>8} {'ms/step':>8}")
    for env_id in TRAINABLE_VARIANTS:
        env = gymnasium.make(env_id, opponent="builtin:random").unwrapped  # make's checking wrappers left out
        rate = gym_steps_per_second(env.encoding.game, seconds, env)
        print(f"{env_id:<36} {str(env.observation_space.shape):>14} {env.action_space.n:>8} {rate:>8,.0f} "
              f"{1000 / rate:>8.3f}", flush=True)


def render_costs(frames: int = 200) -> None:
    """CPU milliseconds per rgb_array frame (this process's CPU time: on a shared machine the
    wall time counts the other processes' turns too): positions from random games, each drawn
    once, the first frame of each game (its set-up) included."""
    print(f"\n{'game':<12} {'frame (H, W, 3)':>16} {'median CPU ms':>14} {'slowest':>8}")
    for game in GAMES:
        env, agent, times, shape = gym_env(game, render_mode="rgb_array"), RandomAgent(), [], None
        seed = 0
        while len(times) < frames:
            _, info = env.reset(seed=seed)
            seed += 1
            terminated = False
            while not terminated and len(times) < frames:
                start = time.process_time()
                shape = env.render().shape
                times.append(1000 * (time.process_time() - start))
                _, _, terminated, _, info = env.step(agent(info["action_mask"]))
        times.sort()
        print(f"{game:<12} {str(shape):>16} {times[len(times) // 2]:>14.2f} {times[-1]:>8.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each figure")
    parser.add_argument("--games", default=",".join(GAMES), help="the games of the first table ('' for none)")
    parser.add_argument("--ids", action="store_true", help="also the trainable ids' spaces and steps/s")
    parser.add_argument("--render", action="store_true", help="also the cost of an rgb_array frame")
    args = parser.parse_args()
    games = [game for game in args.games.split(",") if game]
    if games:
        print(f"{'game':<12} {'rules plies/s':>14} {'aec steps/s':>12} {'aec/rules':>10} {'gym steps/s':>12}")
    for game in games:
        rules = rules_plies_per_second(game, args.seconds)
        aec = aec_steps_per_second(game, args.seconds)
        single = gym_steps_per_second(game, args.seconds)
        print(f"{game:<12} {rules:>14,.0f} {aec:>12,.0f} {aec / rules:>10.2f} {single:>12,.0f}", flush=True)
    if args.ids:
        ids_table(args.seconds)
    if args.render:
        render_costs()


if __name__ == "__main__":
    main()
