"""The environments under Stable-Baselines3 and sb3-contrib, as an SB3 user trains: the opponent
changed through env_method, a pool of snapshots, CnnPolicy on the planes. arena does not
depend on torch, so these run only where it is installed (a skip here is not a pass:
test_opponent_api.py covers the same calls through Gymnasium alone)."""

import sys
from pathlib import Path

import gymnasium
import pytest

import arena.envs  # noqa: F401 - registers the ids
from arena.envs import OpponentPool

pytest.importorskip("torch", reason="torch is not installed (arena never needs it)")
pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")

from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.monitor import Monitor  # noqa: E402
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

from arena.envs.policy_export import sb3_numpy_policy  # noqa: E402

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def test_env_method_changes_the_opponent_of_every_env():
    vec = DummyVecEnv([lambda: Monitor(gymnasium.make("arena/TurnRight-compact-v0"))] * 2)
    vec.env_method("set_opponent", "builtin:greedy")
    assert vec.get_attr("opponent_spec") == ["builtin:greedy", "builtin:greedy"]
    vec.seed(1)
    vec.reset()
    assert [info["opponent"] for info in vec.reset_infos] == ["builtin:greedy"] * 2


def test_maskableppo_trains_against_a_pool_with_a_snapshot_of_itself():
    pool = OpponentPool(["builtin:random"])
    vec = DummyVecEnv([lambda: Monitor(gymnasium.make("arena/TurnRight-compact-v0", reward="win", opponent=pool),
                                       info_keywords=("opponent",))] * 2)
    model = MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [16]})
    model.learn(128)
    snapshot = sb3_numpy_policy(model, game="turnright", action_space="compact")
    env = gymnasium.make("arena/TurnRight-compact-v0", opponent=snapshot, seat=1)
    for seed in range(5):
        observation, info = env.reset(seed=seed)
        action, _ = model.predict(observation, action_masks=info["action_mask"], deterministic=True)
        assert action == snapshot(observation, info["action_mask"])  # the snapshot chooses as the model does
    selfplay = OpponentPool()
    vec.env_method("set_opponent", selfplay)  # in one process both envs hold this very pool
    selfplay.add_snapshot(snapshot)  # after set_opponent: the envs see it all the same
    model.learn(512, reset_num_timesteps=False)
    latest = list(model.ep_info_buffer)[-3:]
    assert latest and {episode["opponent"] for episode in latest} == {"snapshot 1"}


def test_cnnpolicy_with_board_cnn_trains_on_the_planes():
    sys.path.insert(0, str(TOOLS))
    try:
        from sb3_board_cnn import BoardCNN
    finally:
        sys.path.remove(str(TOOLS))
    for env_id in ("arena/Domineering-planes-v0", "arena/BlackHole-planes-v0"):
        env = gymnasium.make(env_id, reward="win")
        model = MaskablePPO("CnnPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                            policy_kwargs={"features_extractor_class": BoardCNN,
                                           "features_extractor_kwargs": {"features_dim": 32, "channels": 8}})
        assert model.observation_space.shape == env.observation_space.shape  # no VecTransposeImage
        model.learn(64)
        observation, info = env.reset(seed=1)
        action, _ = model.predict(observation, action_masks=info["action_mask"])
        assert info["action_mask"][int(action)] == 1
