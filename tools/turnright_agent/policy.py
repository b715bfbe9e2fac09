"""The trained Turn Right agent as a policy for ``arena policy-bot``:

    arena policy-bot turnright tools/turnright_agent/policy.py

One move ahead, each legal placement's or circuit's afterstate scored by a linear value of
its features (value.py, features.py) with the weights self-play learnt (train.py), saved
beside this file in weights.npz, and the circuits' tables in circuits.npz, both read once,
when the program starts. Only numpy.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from value import Agent, load_weights

AGENT = Agent()
WEIGHTS = load_weights(Path(__file__).with_name("weights.npz"))


def act(observation: np.ndarray, mask: np.ndarray) -> int:
    return AGENT.best_action(observation, mask, WEIGHTS)
