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

With ``--opponents``, the CPU time of each in-process built-in opponent's move (``random``,
``greedy`` and Flippo's ``mostpieces``, as the environments run them, ``encoding.in_process_player``), over
the positions of games it plays against itself: the mean and the slowest. With ``--pool``, every
registered id (``arena.envs.ENV_IDS`` and ``TRAINABLE_VARIANTS``) against ``builtin:greedy`` alone and against a self-play
pool (greedy 2, random 0.5, a snapshot 0.5: a numpy network of random weights of the id's
sizes), in agent steps per CPU second of this process (the opponents' replies inside).

Turn Right's rules list only the rectangles in its circuit phase; its environments mask
all 1,222,363 circuits (a prefix of the action space), so its ratio weighs more.
"""

from __future__ import annotations

import os

# numpy's BLAS on one thread, as `arena policy-bot` runs it (policy_bot.py): its helper threads
# spin while they wait, which counts as CPU time here and on a game's clock
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import random
import tempfile
import time
from pathlib import Path

import numpy as np

import gymnasium

from arena.envs import ENV_IDS, GAMES, TRAINABLE_VARIANTS, OpponentPool, aec_env, gym_env, numpy_policy
from arena.games import get_game
from arena.games.env_encoding import load_encoding


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

    def __init__(self, clock=time.perf_counter) -> None:
        self.rng, self.seconds, self.clock = np.random.default_rng(1), 0.0, clock

    def __call__(self, mask: np.ndarray) -> int:
        start = self.clock()
        action = int(self.rng.choice(np.flatnonzero(mask)))
        self.seconds += self.clock() - start
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


def steps_per_second(env: gymnasium.Env, seconds: float, clock=time.perf_counter) -> float:
    """Steps of ``env`` a second of ``clock`` (wall time, or ``time.process_time``: CPU time), the
    random agent's own time left out."""
    agent, steps, seed = RandomAgent(clock), 0, 0
    start = clock()
    while clock() - start < seconds:
        _, info = env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            _, _, terminated, _, info = env.step(agent(info["action_mask"]))
            steps += 1
    return steps / (clock() - start - agent.seconds)


def gym_steps_per_second(game: str, seconds: float, env: gymnasium.Env | None = None) -> float:
    return steps_per_second(env or gym_env(game, opponent="builtin:random"), seconds)


def ids_table(seconds: float) -> None:
    print(f"\n{'id':<36} {'observation':>14} {'actions':>8} {'steps/s':>8} {'ms/step':>8}")
    for env_id in TRAINABLE_VARIANTS:
        env = gymnasium.make(env_id, opponent="builtin:random").unwrapped  # make's checking wrappers left out
        rate = gym_steps_per_second(env.encoding.game, seconds, env)
        print(f"{env_id:<36} {str(env.observation_space.shape):>14} {env.action_space.n:>8} {rate:>8,.0f} "
              f"{1000 / rate:>8.3f}", flush=True)


def opponent_costs(seconds: float) -> None:
    """CPU ms per move of each in-process built-in player, playing itself from random set-ups."""
    print(f"\n{'game':<12} {'player':<8} {'moves':>7} {'mean CPU ms':>12} {'slowest':>8}")
    for game in GAMES:
        info, encoding = get_game(game), load_encoding(game)
        for name in ("random", "greedy", "mostpieces"):  # the names a game has in-process (Flippo all three)
            rng = random.Random(1)
            players = [encoding.in_process_player(name, seat, rng) for seat in (0, 1)]
            if players[0] is None:
                continue
            times: list[float] = []
            spent = 0.0
            while spent < seconds:
                state = info.new_state(info.make_setup(rng))
                while not state.is_over():
                    start = time.process_time()
                    move = players[state.to_move](state)
                    times.append(time.process_time() - start)
                    spent += times[-1]
                    state.play(move)
            print(f"{game:<12} {name:<8} {len(times):>7} {1000 * sum(times) / len(times):>12.3f} "
                  f"{1000 * max(times):>8.2f}", flush=True)


def snapshot_like(env: gymnasium.Env) -> numpy_policy.MlpPolicy:
    """A self-play snapshot of the env's sizes (64 × 64, tanh, random weights): what a pool draws."""
    rng = np.random.default_rng(0)
    sizes = [int(np.prod(env.observation_space.shape)), 64, 64, int(env.action_space.n)]
    weights = [rng.normal(0, 1 / np.sqrt(i), (o, i)) for i, o in zip(sizes, sizes[1:])]
    return numpy_policy.MlpPolicy(weights, [np.zeros(o) for o in sizes[1:]], ["tanh", "tanh"], env.encoding.game,
                                  env.action_space_kind, env.observation_shape)


def pool_table(seconds: float) -> None:
    print(f"\n{'id':<36} {'vs greedy, steps/CPU s':>23} {'vs pool, steps/CPU s':>21}")
    for env_id in [*ENV_IDS.values(), *TRAINABLE_VARIANTS]:
        env = gymnasium.make(env_id).unwrapped
        env.set_opponent("builtin:greedy")
        greedy = steps_per_second(env, seconds, time.process_time)
        env.set_opponent(OpponentPool([("builtin:greedy", 2.0), ("builtin:random", 0.5), (snapshot_like(env), 0.5)]))
        pooled = steps_per_second(env, seconds, time.process_time)
        print(f"{env_id:<36} {greedy:>23,.0f} {pooled:>21,.0f}", flush=True)


def board_cnn_like(env: gymnasium.Env, channels: int = 32, features: int = 128):
    """A numpy policy of tools/sb3_board_cnn.py's default sizes with MaskablePPO's CnnPolicy head
    (two 3×3 convolutions of 32 with padding, ReLU, a Linear to 128, ReLU, 64 × 64 tanh, the
    actions), random weights: what an exported BoardCNN costs a move."""
    from arena.envs.numpy_cnn import Convolution, ConvPolicy

    rng = np.random.default_rng(0)
    planes, rows, columns = env.observation_space.shape
    convolutions = [Convolution(rng.normal(0, 0.1, (channels, inputs, 3, 3)), np.zeros(channels), (1, 1), (1, 1),
                                "relu", index) for index, inputs in enumerate((planes, channels))]
    sizes = [channels * rows * columns, features, 64, 64, int(env.action_space.n)]
    weights = [rng.normal(0, 1 / np.sqrt(i), (o, i)) for i, o in zip(sizes, sizes[1:])]
    return ConvPolicy((planes, rows, columns), convolutions, weights, [np.zeros(o) for o in sizes[1:]],
                      ["relu", "tanh", "tanh"], env.encoding.game, env.action_space_kind, env.observation_shape)


def cnn_move_costs(moves: int = 300) -> None:
    """CPU ms of one move of a BoardCNN-sized numpy policy on each planes id (observations of random games)."""
    print(f"\n{'id':<36} {'observation':>14} {'file KB':>8} {'median CPU ms':>14} {'slowest':>8}")
    for env_id in TRAINABLE_VARIANTS:
        if "planes" not in env_id:
            continue
        env, agent = gymnasium.make(env_id).unwrapped, RandomAgent()
        policy, times, seed = board_cnn_like(env), [], 0
        with tempfile.TemporaryDirectory() as folder:
            size = numpy_policy.save_policy(Path(folder) / "p.npz", policy).stat().st_size
        while len(times) < moves:
            observation, info = env.reset(seed=seed)
            seed += 1
            terminated = False
            while not terminated and len(times) < moves:
                start = time.process_time()
                policy(observation, info["action_mask"])
                times.append(1000 * (time.process_time() - start))
                observation, _, terminated, _, info = env.step(agent(info["action_mask"]))
        times.sort()
        print(f"{env_id:<36} {str(env.observation_space.shape):>14} {size // 1024:>8} "
              f"{times[len(times) // 2]:>14.3f} {times[-1]:>8.2f}", flush=True)


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
    parser.add_argument("--opponents", action="store_true", help="also each in-process built-in's CPU time a move")
    parser.add_argument("--cnn", action="store_true", help="also a BoardCNN-sized numpy policy's CPU time a move")
    parser.add_argument("--pool", action="store_true", help="also every id's steps per CPU second vs greedy and a pool")
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
    if args.opponents:
        opponent_costs(args.seconds)
    if args.pool:
        pool_table(args.seconds)
    if args.cnn:
        cnn_move_costs()


if __name__ == "__main__":
    main()
