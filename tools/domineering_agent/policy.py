"""The trained Domineering agent as a policy for ``arena policy-bot``:

    arena policy-bot domineering tools/domineering_agent/policy.py

One move ahead, each legal placement's afterstate scored by a linear value of its features
(value.py, features.py) with the weights self-play learnt (train.py), saved beside this
file in weights.npz and read once, when the program starts.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from value import best_action, load_weights

WEIGHTS = load_weights(Path(__file__).with_name("weights.npz"))


def act(observation: np.ndarray, mask: np.ndarray) -> int:
    return best_action(observation, mask, WEIGHTS)
