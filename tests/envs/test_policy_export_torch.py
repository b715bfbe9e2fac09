"""The export helper against real torch and sb3-contrib: the numpy policy chooses what the
network does. arena does not depend on torch, so these run only where it is installed (a
skip here is not a pass: test_policy_export.py covers the export without torch, and
tools/turnright_maskableppo/ trains and exports with both)."""

import numpy as np
import pytest

from arena.envs.numpy_policy import load
from arena.envs.policy_export import export_sb3_policy, export_sequential

torch = pytest.importorskip("torch", reason="torch is not installed (arena never needs it)")


def test_a_torch_sequential_gives_the_same_logits(tmp_path):
    torch.manual_seed(0)
    network = torch.nn.Sequential(torch.nn.Linear(7, 32), torch.nn.ReLU(), torch.nn.Linear(32, 16),
                                  torch.nn.LeakyReLU(), torch.nn.Linear(16, 16, bias=False), torch.nn.Sigmoid(),
                                  torch.nn.Linear(16, 9))
    policy = load(export_sequential(network, tmp_path / "p.npz", game="flippo"))
    x = torch.randn(20, 7)
    with torch.no_grad():
        expected = network(x).numpy()
    for row, logits in zip(x.numpy(), expected):
        np.testing.assert_allclose(policy.logits(row), logits, rtol=1e-4, atol=1e-5)


def test_a_maskableppo_policy_chooses_as_predict_does(tmp_path):
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")
    from sb3_contrib import MaskablePPO

    from arena.envs import gym_env

    env = gym_env("turnright", opponent="builtin:random", action_space="compact")
    model = MaskablePPO("MlpPolicy", env, seed=3, n_steps=64, batch_size=64, policy_kwargs={"net_arch": [32, 16]})
    model.learn(128)  # weights moved off their initial values
    policy = load(export_sb3_policy(model, tmp_path / "p.npz", game="turnright", action_space="compact"))
    observation, info = env.reset(seed=4)
    compared = 0
    for _ in range(200):
        mask = info["action_mask"]
        expected, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert policy(observation, mask) == int(expected)
        compared += 1
        observation, _, terminated, _, info = env.step(int(expected))
        if terminated:
            observation, info = env.reset()
    assert compared == 200
