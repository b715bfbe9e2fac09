"""Mistakes raise where they are made, saying what is wrong (issue 52): the arguments at
construction, an opponent program that cannot start at reset, calls before reset; and each
mask handed out is a fresh array (all 0 at the end)."""

import numpy as np
import pytest

from arena.envs import gym_env
from arena.envs.episode import ResetNeeded
from arena.envs.opponents import OpponentError


@pytest.mark.parametrize("seat", [0, 1])
def test_an_opponent_program_that_cannot_start_raises_naming_its_failure(seat):
    """The issue's third must-hold (seat=1), and the other seat: the agent moving first, the
    judge may find the failure before its first move (reset raises) or at it (step raises)."""
    env = gym_env("luckywords", opponent="/nonexistent/bot", seat=seat)
    with pytest.raises(OpponentError) as failed:
        _, info = env.reset(seed=0)
        assert seat == 0
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    message = str(failed.value)
    assert "the opponent '/nonexistent/bot' failed before its first move" in message
    assert "could not start" in message and "/nonexistent/bot: No such file or directory" in message
    with pytest.raises(ResetNeeded, match="reset\\(\\) needs to be called before step"):
        env.step(0)  # nothing half-started to step into
    env.close()


@pytest.mark.parametrize("options, says", [
    ({"reward": "score"}, "reward must be one of 'margin', 'win', not 'score'"),
    ({"time_scale": 0}, "time_scale must be a number above 0"),
    ({"time_scale": "fast"}, "time_scale must be a number above 0"),
    ({"seat": 2}, "seat must be one of 0, 1, 'random', 'alternate', not 2"),
    ({"observation_shape": "image"}, "observation_shape must be one of 'flat', 'planes', 'planes_chw', not 'image'"),
    ({"action_space": "compact"}, "flippo has no compact action space"),
    ({"render_mode": "video"}, "render_mode must be one of"),
])
def test_every_argument_is_checked_at_construction(options, says):
    with pytest.raises(ValueError, match=says):
        gym_env("flippo", **options)


@pytest.mark.parametrize("call", ["action_masks", "render", "step"])
def test_calls_before_reset_say_to_reset(call):
    env = gym_env("flippo", render_mode="ansi")
    with pytest.raises(ResetNeeded, match=f"reset\\(\\) needs to be called before {call}\\(\\)"):
        getattr(env, call)(*([0] if call == "step" else []))


def test_each_mask_is_a_fresh_array_and_the_terminal_one_is_all_zero():
    env = gym_env("turnright", action_space="compact", seat=0)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    seen, terminated = [], False
    while not terminated:
        mask = info["action_mask"]
        assert mask.flags.writeable and mask.dtype == np.int8
        assert not any(np.shares_memory(mask, earlier) for earlier in seen[-2:])
        again = env.action_masks()
        assert again is not mask and not np.shares_memory(again, mask) and np.array_equal(again, mask)
        seen.append(mask)
        action = int(rng.choice(np.flatnonzero(mask)))
        mask[:] = 0  # the caller's own array: changing it changes nothing in the environment
        _, _, terminated, _, info = env.step(action)
        assert "fault" not in info
    assert not info["action_mask"].any() and not env.action_masks().any()


def test_the_aec_env_checks_its_reward_at_construction_too():
    from arena.envs import aec_env

    with pytest.raises(ValueError, match="reward must be one of 'margin', 'win', not 'score'"):
        aec_env("flippo", reward="score")
