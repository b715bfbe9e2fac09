"""Convolutional policies exported from real torch and sb3-contrib: the numpy network chooses what
the model does, on every ``*-planes-v0`` id. arena does not depend on torch, so these run only
where it is installed (docs/envs.md, "Installing torch"); a skip here is not a pass:
test_numpy_cnn.py covers the export and the numpy convolutions without torch."""

import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest

import arena.envs
from arena.envs.numpy_policy import load
from arena.envs.policy_export import ExportError, export_sb3_policy, export_sequential
from arena.toolkit.admission_games import run_check

from .test_policy_bot import THIS_ARENA
from .test_policy_bot_numpy import policy_bot

torch = pytest.importorskip("torch", reason="torch is not installed (arena never needs it; docs/envs.md says how)")
pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (docs/envs.md says how)")

from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor  # noqa: E402

TOOLS = Path(__file__).resolve().parents[2] / "tools"
PLANES_IDS = [env_id for env_id in arena.envs.TRAINABLE_VARIANTS if "planes" in env_id]


def board_cnn():
    sys.path.insert(0, str(TOOLS))
    try:
        from sb3_board_cnn import BoardCNN
    finally:
        sys.path.remove(str(TOOLS))
    return BoardCNN


def recorded(env, model, count, seed):
    """``count`` observations and masks of games the model plays (its own deterministic choices)."""
    observations, masks = [], []
    observation, info = env.reset(seed=seed)
    while len(observations) < count:
        observations.append(observation)
        masks.append(info["action_mask"])
        action, _ = model.predict(observation, action_masks=info["action_mask"], deterministic=True)
        observation, _, terminated, _, info = env.step(int(action))
        if terminated:
            observation, info = env.reset()
    return observations, masks


def test_a_trained_board_cnn_maskableppo_chooses_as_predict_on_300_of_300(tmp_path):
    torch.manual_seed(0)
    env = gymnasium.make("arena/Domineering-planes-v0", reward="win").unwrapped
    model = MaskablePPO("CnnPolicy", env, seed=1, n_steps=128, batch_size=64, n_epochs=2,
                        policy_kwargs={"features_extractor_class": board_cnn()})  # the documented defaults
    model.learn(256)  # weights moved off their initial values
    path = export_sb3_policy(model, tmp_path / "policy.npz", game="domineering")
    policy = load(path)
    assert policy.observation_shape == "planes_chw" and policy.input_shape == (11, 8, 8)
    observations, masks = recorded(env, model, 300, seed=5)
    batch, _ = model.policy.obs_to_tensor(np.stack(observations))
    with torch.no_grad():
        distribution = model.policy.get_distribution(batch, action_masks=np.stack(masks))
        expected = distribution.distribution.probs.argmax(dim=1).numpy()
    same = sum(policy(o, m) == int(e) for o, m, e in zip(observations, masks, expected))
    assert same == 300
    report = run_check("domineering", " ".join(policy_bot("domineering", path)), games=2, seed=1, sandbox=THIS_ARENA)
    assert report.clean, [game.fault for game in report.games]


@pytest.mark.parametrize("env_id", PLANES_IDS)
def test_every_planes_id_exports_a_board_cnn_that_chooses_as_predict(tmp_path, env_id):
    env = gymnasium.make(env_id).unwrapped
    model = MaskablePPO("CnnPolicy", env, seed=2, n_steps=32, batch_size=32,
                        policy_kwargs={"features_extractor_class": board_cnn(),
                                       "features_extractor_kwargs": {"features_dim": 32, "channels": 8}})
    game, action_space = env.encoding.game, env.action_space_kind
    policy = load(export_sb3_policy(model, tmp_path / "p.npz", game=game, action_space=action_space))
    observations, masks = recorded(env, model, 40, seed=3)
    for observation, mask in zip(observations, masks):
        expected, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert policy(observation, mask) == int(expected)


def test_a_torch_sequential_with_strided_convolutions_gives_the_same_logits(tmp_path):
    torch.manual_seed(0)
    network = torch.nn.Sequential(
        torch.nn.Conv2d(5, 6, 3, padding=1), torch.nn.Tanh(), torch.nn.Conv2d(6, 4, 3, stride=2, padding=1, bias=False),
        torch.nn.LeakyReLU(), torch.nn.Conv2d(4, 4, 2, padding="valid"), torch.nn.Flatten(),
        torch.nn.Linear(4 * 3 * 3, 16), torch.nn.ReLU(), torch.nn.Linear(16, 64))
    policy = load(export_sequential(network, tmp_path / "p.npz", game="flippo", observation_shape="planes_chw",
                                    input_shape=(5, 8, 8)))
    x = torch.rand(20, 5, 8, 8)
    with torch.no_grad():
        expected = network(x).numpy()
    for row, logits in zip(x.numpy(), expected):
        np.testing.assert_allclose(policy.logits(row), logits, rtol=1e-4, atol=1e-5)


class SkipCNN(BaseFeaturesExtractor):
    """A convolution whose forward adds its input back: its layers in order are not what it computes."""

    def __init__(self, observation_space, features_dim=16):
        super().__init__(observation_space, features_dim)
        channels, rows, columns = observation_space.shape
        self.convolution = torch.nn.Conv2d(channels, channels, 3, padding=1)
        self.linear = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(channels * rows * columns, features_dim))

    def forward(self, observations):
        return self.linear(torch.relu(self.convolution(observations)) + observations)


def test_an_extractor_whose_forward_is_not_its_layers_is_refused(tmp_path):
    env = gymnasium.make("arena/Flippo-planes-v0").unwrapped
    model = MaskablePPO("CnnPolicy", env, seed=0, n_steps=32, batch_size=32,
                        policy_kwargs={"features_extractor_class": SkipCNN})
    with pytest.raises(ExportError, match="log-probabilities differ from the model's"):
        export_sb3_policy(model, tmp_path / "p.npz", game="flippo")
    assert not (tmp_path / "p.npz").exists()


def test_the_selfplay_cnn_recipe_trains_a_piece_and_exports_a_convolutional_policy(tmp_path):
    import subprocess

    out = tmp_path / "policy.npz"
    done = subprocess.run([sys.executable, str(TOOLS / "selfplay_cnn" / "train.py"), "--env-id",
                           "arena/Flippo-planes-v0", "--minutes", "0", "--envs", "2", "--rollout", "64", "--batch", "32",
                           "--channels", "4", "--snapshot-every", "128", "--out", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "added snapshot 1 to the pool" in done.stdout and "256 steps" in done.stdout
    policy = load(out)
    assert policy.game == "flippo" and policy.input_shape == (5, 8, 8) and len(policy.convolutions) == 2
    refused = subprocess.run([sys.executable, str(TOOLS / "selfplay_cnn" / "train.py"), "--env-id", "arena/Flippo-v0"],
                             capture_output=True, text=True, timeout=600)
    assert refused.returncode == 2 and "--env-id 'arena/Flippo-v0': one of" in refused.stderr  # naming the planes ids
