"""Gymnasium single-agent environments: check_env, opponents, seats, seeds and faults."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from arena.envs import gym_env

from .helpers import masked_random_action, rules_scores


@pytest.mark.parametrize("opponent", ["builtin:random", "builtin:greedy"])
def test_check_env_passes(game_name, opponent):
    check_env(gym_env(game_name, opponent=opponent), skip_render_check=True)


def run_episode(env, seed, agent_seed=0):
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(agent_seed)
    total, terminated = 0.0, False
    while not terminated:
        assert env.observation_space.contains(observation)
        observation, reward, terminated, truncated, info = env.step(masked_random_action(info["action_mask"], rng))
        total += reward
    return total, info


@pytest.mark.parametrize("seat", [0, 1])
def test_a_masked_random_agent_plays_to_the_end_against_greedy(game_name, seat):
    env = gym_env(game_name, opponent="builtin:greedy", seat=seat)
    total, info = run_episode(env, seed=4)
    assert "fault" not in info
    scores = rules_scores(game_name, env.episode.setup, info["moves"])
    assert info["scores"] == scores
    assert total == scores[seat] - scores[1 - seat]


def test_the_same_seed_gives_the_same_episode(game_name):
    env = gym_env(game_name, opponent="builtin:greedy")
    first = run_episode(env, seed=9)
    second = run_episode(env, seed=9)
    assert first[1]["moves"] == second[1]["moves"] and first[0] == second[0]
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1}  # the seed chooses the seat


def test_alternate_seats():
    env = gym_env("flippo", seat="alternate")
    seats = [env.reset(seed=1 if i == 0 else None)[1]["seat"] for i in range(4)]
    assert seats == [0, 1, 0, 1]


def test_an_illegal_action_ends_the_episode_as_a_loss(game_name):
    env = gym_env(game_name, reward="win")
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and not truncated and reward == -1
    assert info["fault"].startswith("agent")


def test_a_policy_callable_is_an_opponent():
    calls = []

    def first_legal(observation, mask):
        calls.append(observation.shape)
        return int(np.flatnonzero(mask)[0])

    env = gym_env("domineering", opponent=first_legal, seat=0)
    run_episode(env, seed=1)
    assert calls


@pytest.mark.parametrize("game", ["blackhole", "luckywords"])
def test_reset_seed_7_sets_up_what_arena_play_seed_7_plays(tmp_path, game):
    import json
    import subprocess
    import sys

    from arena.envs import aec_env

    record_file = tmp_path / "record.json"
    subprocess.run([sys.executable, "-m", "arena.cli", "play", game, "builtin:random", "builtin:random",
                    "--seed", "7", "--record", str(record_file), "--sandbox", "none"],
                   check=True, capture_output=True, text=True)
    played = json.loads(record_file.read_text())["setup"]
    for seat in (0, 1):
        env = gym_env(game, opponent="builtin:greedy", seat=seat)
        observation, _ = env.reset(seed=7)
        assert env.episode.setup == played
        encoding = env.encoding
        rows, columns = encoding.plane_shape
        planes = observation[:encoding.plane_count * rows * columns].reshape(encoding.plane_count, rows, columns)
        if game == "blackhole":  # the brown stones arena play put down are the ones observed
            from arena.games.blackhole.rules import COORDS, INDEX

            brown = {COORDS[INDEX[label]] for label in played["brown"]}
            assert {tuple(cell) for cell in np.argwhere(planes[2] == 1)} == brown
        else:  # the starting letter in the centre of the agent's own grid
            from arena.games.luckywords.rules import LETTERS

            assert planes[1 + LETTERS.index(played["letter"]), rows // 2, columns // 2] == 1
    aec = aec_env(game)
    aec.reset(seed=7)
    assert aec.episode.setup == played


def test_gym_observation_shape_planes_and_a_none_action(game_name):
    env = gym_env(game_name, observation_shape="planes", reward="win", seat=0)
    observation, info = env.reset(seed=1)
    assert observation.shape == env.encoding.board_shape and env.observation_space.contains(observation)
    check_env(gym_env(game_name, observation_shape="planes"), skip_render_check=True)
    _, reward, terminated, _, info = env.step(None)  # not an action: an illegal one, no exception
    assert terminated and reward == -1 and info["fault"].startswith("agent")


def test_step_before_reset_says_to_reset():
    with pytest.raises(RuntimeError, match=r"reset\(\) needs to be called before step"):
        gym_env("flippo").step(0)
