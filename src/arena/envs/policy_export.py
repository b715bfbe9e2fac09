"""Export a trained network to numpy arrays (numpy_policy.py), so that a bot plays it without torch.

- ``export_sequential(module, path, game=...)``: a torch ``nn.Sequential`` of ``nn.Linear``
  layers and activations (ReLU, Tanh, Sigmoid, LeakyReLU), its last layer giving one logit
  per action;
- ``export_sb3_policy(model, path, game=...)``: a Stable-Baselines3 or sb3-contrib
  (``MaskablePPO``) ``MlpPolicy``, or the model holding it: the actor's layers, its
  ``mlp_extractor.policy_net`` then its ``action_net`` (the value network is left out: a
  bot only chooses); ``sb3_numpy_policy(model, game=...)`` gives the same in memory, a
  frozen snapshot of the model for self-play (opponent_pool.py).

Neither imports torch: they read what a module gives (``state_dict()``, ``named_children()``,
its layers' class names) and turn tensors into arrays by their own ``detach()``/``numpy()``. So
arena never depends on torch, and the same code takes anything shaped alike (the tests give
it numpy arrays). Anything else in the network (a convolution, dropout, normalisation, a
features extractor other than flattening) is refused, naming it: the numpy side would not
compute what torch did.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from . import numpy_policy

TORCH_ACTIVATIONS = {"ReLU": "relu", "Tanh": "tanh", "Sigmoid": "sigmoid", "LeakyReLU": "leaky_relu"}
PASS_THROUGH = {"Identity", "Flatten"}  # on one observation vector they change nothing
MONOTONE_LAST = {"Softmax", "LogSoftmax"}  # after the last layer they leave the argmax where it is
SB3_ACTOR = "mlp_extractor.policy_net."
SB3_HEAD = "action_net."


class ExportError(ValueError):
    """A network the numpy policy cannot compute, and which part of it."""


def as_array(value: Any) -> np.ndarray:
    """A tensor (on any device, requiring grad or not) or an array, as a numpy array."""
    if hasattr(value, "detach"):
        value = value.detach()
    if hasattr(value, "cpu"):
        value = value.cpu()
    return np.asarray(value.numpy() if hasattr(value, "numpy") else value, dtype=np.float32)


def export_sequential(module: Any, path: str | Path, *, game: str, action_space: str = "full",
                      observation_shape: str = "flat") -> Path:
    """Write ``module`` (an ``nn.Sequential``) to ``path`` as numpy_policy's ``.npz``; returns the path.

    ``game``, ``action_space`` and ``observation_shape`` say what it was trained on (the
    environment's own options), so that ``arena policy-bot`` feeds it alike."""
    weights: list[np.ndarray] = []
    biases: list[np.ndarray] = []
    activations: list[str] = []
    children = list(module.named_children())
    for position, (name, child) in enumerate(children):
        kind = type(child).__name__
        if kind == "Linear":
            if len(weights) > len(activations):
                raise ExportError(f"layer {name!r} (Linear) follows a Linear with no activation between: "
                                  "join them into one before exporting, or add the activation")
            weights.append(as_array(child.weight))
            biases.append(np.zeros(weights[-1].shape[0], np.float32) if child.bias is None else as_array(child.bias))
        elif kind in TORCH_ACTIVATIONS:
            activations.append(_activation(name, child))
            if len(activations) != len(weights):
                raise ExportError(f"layer {name!r} ({kind}) does not follow a Linear layer")
        elif kind in PASS_THROUGH:
            continue
        elif kind in MONOTONE_LAST and position == len(children) - 1:
            continue
        else:
            raise ExportError(f"layer {name!r} is {kind}: only Linear layers, the activations "
                              f"{', '.join(TORCH_ACTIVATIONS)} and a last Softmax export to numpy")
    if len(activations) == len(weights) and weights:
        raise ExportError("the network ends with an activation: its last layer must be a Linear giving the logits")
    return numpy_policy.save(path, weights, biases, activations, game=game, action_space=action_space,
                             observation_shape=observation_shape)


def _activation(name: str, child: Any) -> str:
    slope = getattr(child, "negative_slope", numpy_policy.LEAKY_SLOPE)
    if type(child).__name__ == "LeakyReLU" and slope != numpy_policy.LEAKY_SLOPE:
        raise ExportError(f"layer {name!r}: LeakyReLU with slope {slope}; only {numpy_policy.LEAKY_SLOPE} exports")
    return TORCH_ACTIVATIONS[type(child).__name__]


def export_sb3_policy(model: Any, path: str | Path, *, game: str, action_space: str = "full",
                      observation_shape: str = "flat") -> Path:
    """Write the actor of ``model`` (an SB3/sb3-contrib model, e.g. ``MaskablePPO``, or its
    ``.policy``) to ``path``: ``mlp_extractor.policy_net``'s layers, each followed by the
    policy's activation, then ``action_net``. Its choice is the model's
    ``predict(observation, action_masks=mask, deterministic=True)``."""
    policy = sb3_numpy_policy(model, game=game, action_space=action_space, observation_shape=observation_shape)
    return numpy_policy.save(path, policy.weights, policy.biases, policy.activations, game=game,
                             action_space=action_space, observation_shape=observation_shape)


def sb3_numpy_policy(model: Any, *, game: str, action_space: str = "full",
                     observation_shape: str = "flat") -> numpy_policy.MlpPolicy:
    """The actor of ``model`` as export_sb3_policy writes it, in memory: a numpy policy, a
    frozen copy of the model now (a self-play snapshot for an OpponentPool)."""
    policy = getattr(model, "policy", model)
    for extractor in ("pi_features_extractor", "features_extractor"):
        kind = type(getattr(policy, extractor, None)).__name__
        if hasattr(policy, extractor) and kind != "FlattenExtractor":
            raise ExportError(f"the policy's {extractor} is {kind}: only MlpPolicy's FlattenExtractor exports")
    activation_class = getattr(policy, "activation_fn", None)
    activation = TORCH_ACTIVATIONS.get(str(getattr(activation_class, "__name__", "")))
    if activation is None:
        raise ExportError(f"the policy's activation_fn is {activation_class!r}: only "
                          f"{', '.join(TORCH_ACTIVATIONS)} export")
    actor = layers_from_state_dict(policy.state_dict(), SB3_ACTOR)
    head = layers_from_state_dict(policy.state_dict(), SB3_HEAD, single=True)
    weights = [w for w, _ in actor + head]
    biases = [b for _, b in actor + head]
    return numpy_policy.MlpPolicy(weights, biases, [activation] * len(actor), game, action_space, observation_shape)


def layers_from_state_dict(state: Mapping, prefix: str, single: bool = False) -> list[tuple[np.ndarray, np.ndarray]]:
    """The (weight, bias) pairs of the layers named ``prefix`` + index (``"0.weight"``, ...) in
    a state dict, in index order; with ``single``, the one layer named ``prefix`` itself."""
    pattern = re.compile(re.escape(prefix) + (r"(weight|bias)$" if single else r"(\d+)\.(weight|bias)$"))
    found: dict[int, dict[str, np.ndarray]] = {}
    for name, value in state.items():
        matched = pattern.match(name)
        if matched:
            index = 0 if single else int(matched.group(1))
            found.setdefault(index, {})[matched.group(matched.lastindex or 0)] = as_array(value)
    if not found and single:
        raise ExportError(f"the state dict has no {prefix}weight: not an SB3 policy with an action_net")
    layers = []
    for index in sorted(found):
        arrays = found[index]
        if "weight" not in arrays or arrays["weight"].ndim != 2:
            raise ExportError(f"{prefix}{index}: not a Linear layer (no 2-D weight)")
        layers.append((arrays["weight"], arrays.get("bias", np.zeros(arrays["weight"].shape[0], np.float32))))
    return layers
