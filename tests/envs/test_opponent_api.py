"""Changing the opponent between episodes: set_opponent (through Gymnasium's wrappers and
vector envs), reset(options={"opponent": ...}), and an OpponentPool drawn per episode."""

import pickle

import gymnasium
import numpy as np
import pytest

import arena.envs  # noqa: F401 - registers the ids
from arena.envs import OpponentPool, gym_env
from arena.envs.opponents import OpponentError

from .helpers import masked_random_action


def first_legal(observation, mask):
    return int(np.flatnonzero(mask)[0])


def test_set_opponent_and_the_reset_option_are_accepted_and_take_effect():
    """The issue's second must-hold, and what each call changed."""
    env = gymnasium.make("arena/Domineering-v0")
    env.unwrapped.set_opponent("builtin:greedy")
    _, info = env.reset(seed=3)
    assert info["opponent"] == "builtin:greedy"
    _, info = env.reset(seed=3, options={"opponent": "builtin:random"})
    assert info["opponent"] == "builtin:random" and env.unwrapped.opponent_spec == "builtin:random"
    _, info = env.reset(seed=4)  # the option stays the opponent for the episodes after it
    assert info["opponent"] == "builtin:random"


def test_the_opponent_under_way_keeps_playing_until_the_next_reset():
    env = gym_env("flippo", opponent="builtin:greedy", seat=0)
    _, info = env.reset(seed=1)
    env.set_opponent(first_legal)
    rng = np.random.default_rng(1)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(masked_random_action(info["action_mask"], rng))
    assert info["opponent"] == "builtin:greedy"
    assert env.reset(seed=1)[1]["opponent"] == "first_legal"


def test_set_opponent_through_gymnasiums_wrappers_and_vector_envs():
    env = gymnasium.make("arena/Flippo-v0")
    env.get_wrapper_attr("set_opponent")("builtin:greedy")
    assert env.reset(seed=1)[1]["opponent"] == "builtin:greedy"
    vector = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("arena/Flippo-v0")] * 2)
    vector.call("set_opponent", "builtin:greedy")
    assert vector.get_attr("opponent_spec") == ("builtin:greedy", "builtin:greedy")
    _, infos = vector.reset(seed=1)
    assert list(infos["opponent"]) == ["builtin:greedy"] * 2


@pytest.mark.parametrize("spec, error, says", [
    ("builtin:nobody", OpponentError, "domineering has no built-in player 'nobody'"),
    ("human", OpponentError, "an environment's opponent plays without a person"),
    ("", OpponentError, "a PLAYER is empty"),
    (42, TypeError, "opponent must be a PLAYER string, a policy callable or an OpponentPool, not 42"),
    (OpponentPool(["builtin:random", "builtin:nobody"]), OpponentError, "no built-in player 'nobody'"),
])
def test_a_bad_opponent_is_refused_where_it_is_given(spec, error, says):
    with pytest.raises(error, match=says):
        gym_env("domineering", opponent=spec)
    env = gym_env("domineering")
    with pytest.raises(error, match=says):
        env.set_opponent(spec)
    with pytest.raises(error, match=says):
        env.reset(seed=1, options={"opponent": spec})
    assert env.opponent_spec == "builtin:random"  # a refused opponent changes nothing


def test_an_unknown_reset_option_is_refused_by_name():
    with pytest.raises(ValueError, match="reset\\(\\) options 'oponent' are not known; the options are: opponent"):
        gym_env("flippo").reset(seed=1, options={"oponent": "builtin:greedy"})


def test_a_pool_draws_each_opponent_by_weight_and_a_seeded_reset_draws_the_same():
    pool = OpponentPool([("builtin:random", 1.0), ("builtin:greedy", 3.0)])
    env = gym_env("domineering", opponent=pool)
    drawn = [env.reset(seed=seed)[1]["opponent"] for seed in range(400)]
    assert set(drawn) == {"builtin:random", "builtin:greedy"}
    assert 0.65 < drawn.count("builtin:greedy") / len(drawn) < 0.85  # 0.75 expected; 6 standard deviations wide
    assert [env.reset(seed=seed)[1]["opponent"] for seed in range(20)] == drawn[:20]


def test_snapshots_join_the_pool_as_training_goes_and_the_oldest_leave():
    pool = OpponentPool(["builtin:random"], snapshots_kept=2)
    env = gym_env("domineering", opponent=pool)
    names = [pool.add_snapshot(first_legal) for _ in range(3)]
    assert names == ["snapshot 1", "snapshot 2", "snapshot 3"]
    assert [name for _, _, name in pool.entries] == ["builtin:random", "snapshot 2", "snapshot 3"]
    drawn = {env.reset(seed=seed)[1]["opponent"] for seed in range(60)}
    assert drawn == {"builtin:random", "snapshot 2", "snapshot 3"}  # the env holds the pool: it sees the snapshots


@pytest.mark.parametrize("make, says", [
    (lambda: OpponentPool([("builtin:random", 0)]), "must be a number above 0, not 0"),
    (lambda: OpponentPool([("builtin:random", float("nan"))]), "must be a number above 0, not nan"),
    (lambda: OpponentPool(snapshots_kept=0), "snapshots_kept must be a whole number of at least 1"),
    (lambda: OpponentPool().add_snapshot("builtin:greedy"), "a snapshot is a policy callable"),
])
def test_a_bad_pool_is_refused_saying_why(make, says):
    with pytest.raises((ValueError, TypeError), match=says):
        make()


def test_an_empty_pool_says_so_at_reset():
    with pytest.raises(ValueError, match="the opponent pool is empty"):
        gym_env("flippo", opponent=OpponentPool()).reset(seed=1)


def test_an_env_with_a_pool_pickles_mid_episode_and_plays_on_alike():
    pool = OpponentPool(["builtin:greedy", first_legal])
    env = gym_env("domineering", opponent=pool)
    _, info = env.reset(seed=5)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))
    rng_a, rng_b = np.random.default_rng(2), np.random.default_rng(2)
    for one, other in ((env, rng_a), (copy, rng_b)):
        info = one._info()
        terminated = False
        while not terminated:
            _, _, terminated, _, info = one.step(masked_random_action(info["action_mask"], other))
    assert env.episode.moves == copy.episode.moves
