"""The warnings the libraries' own checkers give on arena's environments are the ones docs/envs.md
lists and explains, no more: PettingZoo's api_test on every game, and (where SB3 is installed)
Stable-Baselines3's check_env on every registered id."""

import re
import warnings
from collections import Counter
from pathlib import Path

import gymnasium
import pytest
from pettingzoo.test import api_test

import arena.envs
from arena.envs import GAMES, aec_env

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "envs.md").read_text()
SPACE_WARNING = "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete"
PETTINGZOO_WARNINGS = {SPACE_WARNING, "Observation is not a NumPy array"}
SB3_WARNINGS = {  # the start of each message, as docs/envs.md quotes it
    "It seems that your observation  is an image but its `dtype` is (float32)",
    "It seems that your observation space  is an image but the upper and lower bounds are not in [0, 255]",
    "Treating image space as channels-last, while second dimension was smallest of the three",
    "The minimal resolution for an image is 36x36 for the default `CnnPolicy`",
}


def caught(run) -> Counter:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        run()
    return Counter(str(warning.message) for warning in seen)


def test_the_documented_warnings_are_in_the_docs():
    for message in PETTINGZOO_WARNINGS | SB3_WARNINGS:
        assert message.replace("  ", " ") in re.sub(r"\s+", " ", DOCS), message


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_warns_only_as_documented(game):
    counts = caught(lambda: api_test(aec_env(game, observation_shape="planes_chw"), num_cycles=20))
    assert set(counts) == PETTINGZOO_WARNINGS  # both, and nothing else
    assert counts[SPACE_WARNING] == 2  # once per agent


def test_sb3_check_env_warns_only_as_documented_and_only_on_the_planes():
    pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed (docs/envs.md says how)")
    from stable_baselines3.common.env_checker import check_env

    for env_id in [*arena.envs.ENV_IDS.values(), *arena.envs.TRAINABLE_VARIANTS]:
        counts = caught(lambda: check_env(gymnasium.make(env_id).unwrapped))
        if "planes" not in env_id:
            assert not counts, (env_id, counts)
            continue
        assert len(counts) >= 3, (env_id, counts)
        for message in counts:
            assert any(message.startswith(start) for start in SB3_WARNINGS), (env_id, message)
