"""The ids of the spaces a network trains on (issue 52): Turn Right's compact actions, the
boards channels first; ENV_IDS keeps its one id per game."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import arena.envs
from arena.envs.registration import ENV_IDS, TRAINABLE_VARIANTS
from arena.games.env_encoding import load_encoding


def test_the_compact_turn_right_id_has_at_most_4096_actions():
    """The issue's fourth must-hold (arena/TurnRight-v0 has 1,222,399)."""
    env = gymnasium.make("arena/TurnRight-compact-v0")
    assert env.action_space.n <= 4096 and env.action_space.n == 2048
    assert env.observation_space.shape == (117,)


def test_every_game_has_a_planes_id_channels_first_and_env_ids_is_unchanged():
    assert len(ENV_IDS) == 5 and "arena/TurnRight-compact-v0" not in ENV_IDS.values()
    planes = {game for game, options in TRAINABLE_VARIANTS.values() if options.get("observation_shape") == "planes_chw"}
    assert planes == set(arena.envs.GAMES)
    for env_id, (game, options) in TRAINABLE_VARIANTS.items():
        env = gymnasium.make(env_id)
        rows, columns, channels = load_encoding(game).board_shape
        extra = 2 if options.get("action_space") == "compact" else 0
        if options.get("observation_shape") == "planes_chw":
            assert env.observation_space.shape == (channels + extra, rows, columns), env_id


@pytest.mark.parametrize("env_id", sorted(TRAINABLE_VARIANTS))
def test_the_trainable_ids_pass_check_env_without_a_warning(env_id):
    env = gymnasium.make(env_id, opponent="builtin:greedy", render_mode="rgb_array")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=True)
    _, info = env.reset(seed=1)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # through make's own checking wrappers


def test_planes_chw_is_the_planes_transposed():
    for game in arena.envs.GAMES:
        last = arena.envs.gym_env(game, observation_shape="planes", seat=0)
        first = arena.envs.gym_env(game, observation_shape="planes_chw", seat=0)
        board, _ = last.reset(seed=7)
        chw, _ = first.reset(seed=7)
        assert chw.flags.c_contiguous and chw.dtype == np.float32
        np.testing.assert_array_equal(chw, board.transpose(2, 0, 1))
