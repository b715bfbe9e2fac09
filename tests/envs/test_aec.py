"""PettingZoo's AEC environments: the API test, whole random games, seeds and faults."""

import numpy as np
import pytest
from pettingzoo.test import api_test

from arena.envs import aec_env
from arena.games import get_game

from .helpers import masked_random_action, rules_scores


def test_api_test_passes(game_name):
    api_test(aec_env(game_name), num_cycles=1000)


def play_random_game(env, seed: int):
    """Masked random actions to the end; returns the moves the env recorded and the rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"].dtype == np.float32
        env.step(masked_random_action(observation["action_mask"], rng))
    return env.episode, rewards


@pytest.mark.parametrize("seed", [1, 2])
def test_random_masked_games_end_and_replay_to_the_same_scores(game_name, seed):
    env = aec_env(game_name)
    episode, rewards = play_random_game(env, seed)
    assert episode.offender is None, episode.fault
    assert episode.state.is_over()
    scores = rules_scores(game_name, episode.setup, episode.moves)
    assert episode.scores() == scores
    margin = scores[0] - scores[1]
    assert rewards == {"player_0": margin, "player_1": -margin}


def test_the_seed_draws_the_setup_arena_play_draws(game_name):
    import random

    env = aec_env(game_name)
    env.reset(seed=11)
    assert env.episode.setup == get_game(game_name).make_setup(random.Random(11))
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=11)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)


def test_the_same_seed_and_actions_give_the_same_game(game_name):
    first, _ = play_random_game(aec_env(game_name), 5)
    second, _ = play_random_game(aec_env(game_name), 5)
    assert first.moves == second.moves and first.scores() == second.scores()


def test_an_illegal_action_ends_the_game_as_the_offenders_loss(game_name):
    env = aec_env(game_name, reward="win")
    env.reset(seed=3)
    offender = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(offender)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1 and env.rewards[next(a for a in env.agents if a != offender)] == 1
    assert "fault" in env.infos[offender]


def test_margin_fault_costs_the_largest_margin(game_name):
    env = aec_env(game_name)
    env.reset(seed=3)
    offender = env.agent_selection
    env.step(env.action_space(offender).n + 5)  # outside the action space: no exception either
    assert env.rewards[offender] == -env.encoding.reward_bound < 0


def test_render_as_text_and_svg(game_name):
    for mode, marker in (("ansi", None), ("svg", "<svg")):
        env = aec_env(game_name, render_mode=mode)
        env.reset(seed=1)
        observation = env.observe(env.agent_selection)
        env.step(masked_random_action(observation["action_mask"], np.random.default_rng(0)))
        drawing = env.render()
        assert isinstance(drawing, str) and drawing
        if marker:
            assert marker in drawing


def test_seed_test_passes(game_name):
    from pettingzoo.test import seed_test

    seed_test(lambda: aec_env(game_name), num_cycles=20)


def test_a_reset_without_a_seed_goes_on_from_the_seeded_one(game_name):
    first, second = aec_env(game_name), aec_env(game_name)
    first.reset(seed=1)
    second.reset(seed=1)
    setups = []
    for _ in range(3):
        first.reset()
        second.reset()
        assert first.episode.setup == second.episode.setup
        setups.append(first.episode.setup)
    reseeded = aec_env(game_name)
    reseeded.reset(seed=1)
    reseeded.reset()
    assert reseeded.episode.setup == setups[0]


@pytest.mark.parametrize("call", ["step", "observe", "render", "agent_iter"])
def test_calls_before_reset_say_to_reset(call):
    env = aec_env("flippo", render_mode="ansi")
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before"):
        {"step": lambda: env.step(0), "observe": lambda: env.observe("player_0"),
         "render": env.render, "agent_iter": env.agent_iter}[call]()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        env.last()


def test_the_unwrapped_env_says_so_too():
    from arena.envs.aec import ArenaAECEnv, ResetNeeded

    env = ArenaAECEnv("domineering")
    for call in (lambda: env.step(0), lambda: env.observe("player_1"), env.render):
        with pytest.raises(ResetNeeded, match=r"call env.reset\(seed=...\) first"):
            call()


@pytest.mark.parametrize("action", [None, 2.5, "A1", -1])
def test_a_live_agents_non_action_is_an_illegal_action_and_never_raises(game_name, action):
    env = aec_env(game_name, reward="win")
    env.reset(seed=4)
    offender = env.agent_selection
    env.step(action)
    assert all(env.terminations.values()) and env.rewards[offender] == -1
    assert offender in env.infos[offender]["fault"]
    for agent in env.agent_iter():  # the dead agents leave with None, as PettingZoo's do
        assert env.last()[2]
        env.step(None)
    assert env.agents == []


def test_observation_shape_planes_gives_the_board(game_name):
    flat, board = aec_env(game_name), aec_env(game_name, observation_shape="planes")
    flat.reset(seed=2)
    board.reset(seed=2)
    encoding = flat.encoding
    rows, columns = encoding.plane_shape
    channels = encoding.plane_count + len(encoding.feature_names)
    seen = board.observe(board.agent_selection)["observation"]
    assert seen.shape == (rows, columns, channels) == board.observation_space("player_0")["observation"].shape
    vector = flat.observe(flat.agent_selection)["observation"]
    planes = vector[:encoding.plane_count * rows * columns].reshape(encoding.plane_count, rows, columns)
    assert np.array_equal(seen[:, :, :encoding.plane_count], planes.transpose(1, 2, 0))
    assert np.array_equal(seen[1, 2, encoding.plane_count:], vector[encoding.plane_count * rows * columns:])
    api_test(aec_env(game_name, observation_shape="planes"), num_cycles=50)
