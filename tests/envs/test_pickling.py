"""Environments pickle mid-episode; one dropped without close() ends its opponent's program."""

import gc
import os
import pickle
import sys
import time

import numpy as np
import pytest

from arena.envs import aec_env, gym_env


def step_first_legal(env, info):
    return env.step(int(np.flatnonzero(info["action_mask"])[0]))


def play_on(env, info, rng_seed=0):
    """Masked random actions to the end: the moves and the last reward."""
    rng, done, reward = np.random.default_rng(rng_seed), False, 0.0
    while not done:
        _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    return info["moves"], reward


@pytest.mark.parametrize("opponent", ["builtin:greedy", "builtin:random"])
def test_a_gym_env_pickles_mid_episode_and_both_go_on_alike(game_name, opponent):
    env = gym_env(game_name, opponent=opponent)
    _, info = env.reset(seed=5)
    observation, _, _, _, info = step_first_legal(env, info)
    copy = pickle.loads(pickle.dumps(env))
    assert np.array_equal(copy._observation(), observation)
    assert copy.episode.moves == env.episode.moves and copy.seat == env.seat
    assert play_on(copy, info) == play_on(env, info)  # the opponent's randomness was copied too
    copy.reset()  # and the copy's seed generator
    env.reset()
    assert copy.episode.setup == env.episode.setup


def test_the_blackhole_env_of_the_issue_pickles():
    env = gym_env("blackhole", opponent="builtin:greedy")
    _, info = env.reset()
    step_first_legal(env, info)
    assert pickle.loads(pickle.dumps(env)).episode.moves == env.episode.moves


def test_an_aec_env_pickles_mid_game(game_name):
    env = aec_env(game_name)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))
    assert copy.agent_selection == env.agent_selection and copy.episode.moves == env.episode.moves
    for agent in (env.agent_selection,):
        assert np.array_equal(copy.observe(agent)["observation"], env.observe(agent)["observation"])


def program(game: str) -> str:
    return f"{sys.executable} -m arena.toolkit.builtin_player {game} greedy --seed 3"


def test_a_program_opponent_is_restarted_and_replayed_in_the_copy():
    env = gym_env("domineering", opponent=program("domineering"), seat=0)
    _, info = env.reset(seed=2)
    for _ in range(3):
        _, _, _, _, info = step_first_legal(env, info)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.episode.moves == env.episode.moves
    try:
        assert play_on(copy, info) == play_on(env, info)  # a seeded program: the same game again
        assert copy.opponent.record["result"]["verdicts"] == ["ok", "ok"]
    finally:
        env.close()
        copy.close()


def child_processes() -> set[int]:
    """This process's children (the judge starts a program as one)."""
    children = set()
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/children") as listing:
                children.update(int(pid) for pid in listing.read().split())
        except FileNotFoundError:
            continue  # a thread of this process (another test's, a library's) that ended meanwhile
    return children


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="needs Linux's /proc")
def test_an_env_dropped_without_close_ends_its_program():
    before = child_processes()
    env = gym_env("flippo", opponent=program("flippo"), seat=0)
    env.reset(seed=1)
    started = child_processes() - before
    assert started, "the program should be running"
    del env
    gc.collect()
    deadline = time.monotonic() + 10
    while child_processes() & started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not child_processes() & started
