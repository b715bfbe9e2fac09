"""A multilayer perceptron in numpy: the network of a policy file (numpy_policy.py reads and
writes the files; numpy_cnn.py puts convolutions before it).

``MlpPolicy(weights, biases, activations, game)`` is a policy callable
``policy(observation, action_mask) -> action``: the highest logit among the legal actions,
the logits being the last layer's outputs. ``weight_K`` is outputs × inputs, as torch's
``nn.Linear`` keeps it; an activation follows every layer but the last.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

ACTION_SPACES = ("full", "compact")
OBSERVATION_SHAPES = ("flat", "planes", "planes_chw")
LEAKY_SLOPE = 0.01  # torch's nn.LeakyReLU default, the only slope exported (policy_export.py)

ACTIVATIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "relu": lambda x: np.maximum(x, 0.0),
    "tanh": np.tanh,
    "sigmoid": lambda x: 1.0 / (1.0 + np.exp(-x)),
    "leaky_relu": lambda x: np.where(x >= 0.0, x, LEAKY_SLOPE * x),
    "identity": lambda x: x,  # a layer with no activation after it (an extractor's last Linear)
}


class PolicyFileError(ValueError):
    """A policy file that cannot be used, and why."""


class MlpPolicy:
    """``policy(observation, action_mask) -> action``: the network's highest logit among the
    actions the mask allows. ``action_space`` and ``observation_shape`` say what the
    network was trained on; ``arena policy-bot`` hands it observations and masks to match."""

    def __init__(self, weights: list[np.ndarray], biases: list[np.ndarray], activations: list[str],
                 game: str, action_space: str = "full", observation_shape: str = "flat") -> None:
        self.weights = [np.asarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.asarray(b, dtype=np.float32) for b in biases]
        self.activations = list(activations)
        self.game, self.action_space, self.observation_shape = game, action_space, observation_shape
        _check_network(self.weights, self.biases, self.activations, self.action_space, self.observation_shape)

    def __repr__(self) -> str:
        sizes = " -> ".join(str(size) for size in [self.input_size] + [w.shape[0] for w in self.weights])
        return (f"MlpPolicy({self.game}, action_space={self.action_space!r}, "
                f"observation_shape={self.observation_shape!r}: {sizes})")

    @property
    def input_size(self) -> int:
        return self.weights[0].shape[1]

    @property
    def action_count(self) -> int:
        return self.weights[-1].shape[0]

    def logits(self, observation) -> np.ndarray:
        x = np.asarray(observation, dtype=np.float32).ravel()  # an MLP sees the planes flattened, as SB3's does
        if x.size != self.input_size:
            raise ValueError(f"the observation has {x.size} values; the policy's first layer takes {self.input_size}")
        return self.perceptron(x)

    def perceptron(self, x: np.ndarray) -> np.ndarray:
        """The layers on one flat vector of weight_0's inputs, their last outputs the logits."""
        for layer, (weight, bias) in enumerate(zip(self.weights, self.biases)):
            x = weight @ x + bias
            if layer < len(self.activations):
                x = ACTIVATIONS[self.activations[layer]](x)
        return x

    def __call__(self, observation, action_mask) -> int:
        mask = np.asarray(action_mask)
        if mask.shape != (self.action_count,):
            raise ValueError(f"the mask has shape {mask.shape}; the policy has {self.action_count} actions")
        if not mask.any():
            raise ValueError("the mask allows no action")
        logits = self.logits(observation)
        return int(np.argmax(np.where(mask != 0, logits, -np.inf)))

    def fits(self, observation_size: int, action_count: int) -> None:
        """Raise PolicyFileError unless the network takes ``observation_size`` values and gives
        ``action_count`` logits (what the game's environment has)."""
        if (self.input_size, self.action_count) != (observation_size, action_count):
            raise PolicyFileError(
                f"the network takes {self.input_size} observation values and gives {self.action_count} "
                f"logits; {self.game} with action_space={self.action_space!r} and observation_shape="
                f"{self.observation_shape!r} observes {observation_size} "
                f"values and has {action_count} actions")


def _check_network(weights, biases, activations, action_space: str, observation_shape: str) -> None:
    if action_space not in ACTION_SPACES:
        raise PolicyFileError(f"action_space {action_space!r}: it must be one of {', '.join(ACTION_SPACES)}")
    if observation_shape not in OBSERVATION_SHAPES:
        raise PolicyFileError(f"observation_shape {observation_shape!r}: it must be one of "
                              f"{', '.join(OBSERVATION_SHAPES)}")
    if not weights:
        raise PolicyFileError("the network has no layer")
    if len(biases) != len(weights):
        raise PolicyFileError(f"{len(weights)} weight arrays but {len(biases)} bias arrays")
    if len(activations) != len(weights) - 1:
        raise PolicyFileError(f"{len(activations)} activations for {len(weights)} layers: one per hidden layer "
                              f"({len(weights) - 1}), none after the last (its outputs are the logits)")
    for name in activations:
        if name not in ACTIVATIONS:
            raise PolicyFileError(f"activation {name!r} is not one of {', '.join(ACTIVATIONS)}")
    for layer, (weight, bias) in enumerate(zip(weights, biases)):
        if weight.ndim != 2:
            raise PolicyFileError(f"weight_{layer} has shape {weight.shape}: a layer's weight is 2-D (outputs, inputs)")
        if bias.shape != (weight.shape[0],):
            raise PolicyFileError(f"bias_{layer} has shape {bias.shape}; weight_{layer} {weight.shape} "
                                  f"needs ({weight.shape[0]},)")
        if layer and weight.shape[1] != weights[layer - 1].shape[0]:
            raise PolicyFileError(f"weight_{layer} takes {weight.shape[1]} inputs but layer {layer - 1} "
                                  f"gives {weights[layer - 1].shape[0]}")
        if not (np.isfinite(weight).all() and np.isfinite(bias).all()):
            raise PolicyFileError(f"layer {layer} holds a value that is not finite (NaN or infinity)")
