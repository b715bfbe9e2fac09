"""A small convolutional features extractor for SB3's CnnPolicy on arena's boards
(``observation_shape="planes_chw"``, the ids ``arena/<Game>-planes-v0``).

    from sb3_contrib import MaskablePPO
    from sb3_board_cnn import BoardCNN          # this file, beside your training script
    env = gymnasium.make("arena/Domineering-planes-v0", reward="win")
    model = MaskablePPO("CnnPolicy", env, policy_kwargs={"features_extractor_class": BoardCNN})

Why not SB3's default NatureCNN: its first convolution is 8×8 with stride 4, made for
84×84 Atari frames; arena's boards are 6×6 to 8×8, too small for its three layers, and it
takes only uint8 images. The planes are float32 in [0, 1] (a feature such as Turn Right's
"first digit / 596" does not fit 256 levels), so SB3 neither rescales them nor wraps the
environment in VecTransposeImage (its channels-first guess, "the smallest dimension",
would take (37, 8, 8) for channels last). This extractor keeps the board's size: two 3×3
convolutions with padding, then one linear layer.

Needs torch and stable-baselines3 (not arena's dependencies; docs/envs.md says how to install
the CPU-only build). A policy with this extractor exports to numpy like an MlpPolicy:
``export_sb3_policy(model, "policy.npz", game="domineering")`` writes its convolutions, the
flatten and the layers after them, and ``arena policy-bot domineering policy.npz`` plays it
without torch. Keep the extractor's layers in the order its ``forward`` runs them (the export
reads them in that order and checks the result against the model).
"""

from __future__ import annotations

import gymnasium
import torch
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn


class BoardCNN(BaseFeaturesExtractor):
    def __init__(self, observation_space: gymnasium.spaces.Box, features_dim: int = 128, channels: int = 32) -> None:
        super().__init__(observation_space, features_dim)
        if len(observation_space.shape) != 3:
            raise ValueError(f"BoardCNN takes a board (channels, rows, columns), not shape {observation_space.shape}: "
                             "make the environment with observation_shape='planes_chw'")
        planes, rows, columns = observation_space.shape
        self.convolutions = nn.Sequential(
            nn.Conv2d(planes, channels, kernel_size=3, padding=1), nn.ReLU(),
            nn.Conv2d(channels, channels, kernel_size=3, padding=1), nn.ReLU(),
            nn.Flatten())
        self.linear = nn.Sequential(nn.Linear(channels * rows * columns, features_dim), nn.ReLU())

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return self.linear(self.convolutions(observations))
