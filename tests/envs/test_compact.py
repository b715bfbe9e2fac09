"""Turn Right's action_space="compact": Discrete(2048), a circuit in two masked steps."""

import time

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from arena.envs import aec_env, gym_env
from arena.games.turnright.envs import COMPACT, SQUARES
from arena.games.turnright.strong import engine

from .helpers import rules_scores


def test_the_space_is_small_and_the_full_one_stays_the_default():
    env = gym_env("turnright", action_space="compact")
    assert env.action_space.n == 2048 <= 4096
    assert gym_env("turnright").action_space.n == 36 + engine.prepare()
    with pytest.raises(ValueError, match="no compact action space"):
        gym_env("flippo", action_space="compact")


def test_api_test_seed_test_and_check_env_pass():
    api_test(aec_env("turnright", action_space="compact"), num_cycles=1000)
    seed_test(lambda: aec_env("turnright", action_space="compact"), num_cycles=50)
    check_env(gym_env("turnright", action_space="compact"), skip_render_check=True)
    check_env(gym_env("turnright", action_space="compact", observation_shape="planes"), skip_render_check=True)


def test_two_digits_name_every_circuit_of_the_turn_and_no_other():
    env = aec_env("turnright", action_space="compact")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    while env.episode.state.placing:  # to the first circuit
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    state, agent = env.episode.state.copy(), env.agent_selection
    moves_before = len(env.episode.moves)
    count = engine.circuit_count(2 * (state.circuit_number + 1))
    first = env.observe(agent)["action_mask"]
    assert first.sum() == (count - 1) // 2048 + 1
    high = int(np.flatnonzero(first)[-1])
    env.step(high)  # no move yet: the same agent chooses the second digit, which it observes
    assert env.agent_selection == agent and len(env.episode.moves) == moves_before
    seen = env.observe(agent)["observation"]
    assert seen[-2] == 1 and seen[-1] == pytest.approx(high / (COMPACT.FIRST_DIGITS - 1))
    second = env.observe(agent)["action_mask"]
    assert second.sum() == count - high * 2048
    env.step(int(np.flatnonzero(second)[-1]))  # the turn's last circuit: the most corners allowed
    assert len(env.episode.moves) == moves_before + 1 and env.episode.offender is None
    assert env.episode.moves[-1] == state.format_move(engine.corners(count - 1))


@pytest.mark.parametrize("seat", [0, 1])
def test_whole_games_against_greedy_replay_to_their_scores(seat):
    env = gym_env("turnright", opponent="builtin:greedy", seat=seat, action_space="compact")
    _, info = env.reset(seed=seat + 3)
    rng, done, total = np.random.default_rng(seat), False, 0.0
    while not done:
        _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
    assert "fault" not in info
    scores = rules_scores("turnright", env.episode.setup, info["moves"])
    assert info["scores"] == scores and total == scores[seat] - scores[1 - seat]


def test_a_digit_outside_the_mask_is_an_illegal_action():
    env = gym_env("turnright", action_space="compact", reward="win", seat=0)
    _, info = env.reset(seed=2)
    _, reward, done, _, info = env.step(SQUARES + 5)  # a circuit digit while placing
    assert done and reward == -1 and "a square" in info["fault"]


def test_a_step_takes_under_a_millisecond_on_average():
    """1,000 random masked steps against builtin:random, its replies and the resets included
    (the agent's own sampling left out, as bench/envs.py does): this thread's CPU time, where
    all of it runs (builtin:random plays in-process), not the wall time, which a busy machine's
    waits for a core stretched to 1.17 ms a step."""
    env = gym_env("turnright", opponent="builtin:random", action_space="compact")
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=1)
    spent = 0.0
    for _ in range(1000):
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        start = time.thread_time()
        _, _, done, _, info = env.step(action)
        if done:
            _, info = env.reset()
        spent += time.thread_time() - start
    assert spent / 1000 < 1e-3, f"{spent:.3f} s for 1,000 steps"
