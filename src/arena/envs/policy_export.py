"""Export a trained network to numpy arrays (numpy_policy.py), so that a bot plays it without torch.

- ``export_sequential(module, path, game=...)``: a torch ``nn.Sequential`` of ``nn.Linear``
  layers and activations (ReLU, Tanh, Sigmoid, LeakyReLU), its last layer giving one logit
  per action, optionally after ``nn.Conv2d`` layers and a ``Flatten`` (then ``input_shape=``);
- ``export_sb3_policy(model, path, game=...)``: a Stable-Baselines3 or sb3-contrib
  (``MaskablePPO``) policy, ``MlpPolicy`` or a ``CnnPolicy`` whose features extractor is
  convolutions, activations, a flatten and Linear layers (tools/sb3_board_cnn.py's
  ``BoardCNN``), or the model holding it: the actor's layers, its features extractor, its
  ``mlp_extractor.policy_net`` then its ``action_net`` (the value network is left out: a
  bot only chooses); ``sb3_numpy_policy(model, game=...)`` gives the same in memory, a
  frozen snapshot of the model for self-play (opponent_pool.py).

Neither imports torch: they read what a module gives (``state_dict()``, ``named_children()``,
its layers' class names and attributes) and turn tensors into arrays by their own
``detach()``/``numpy()``. So arena never depends on torch, and the same code takes anything
shaped alike (the tests give it numpy arrays). Anything else in the network (pooling,
dropout, normalisation, a dilated or grouped convolution) is refused, naming the layer: the
numpy side would not compute what torch did. A real SB3 policy is also run once on random
observations and compared with the numpy network, so an extractor whose ``forward`` is not
its layers in order (a skip connection) is refused too.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from . import numpy_policy
from .numpy_cnn import Convolution, ConvPolicy

TORCH_ACTIVATIONS = {"ReLU": "relu", "Tanh": "tanh", "Sigmoid": "sigmoid", "LeakyReLU": "leaky_relu"}
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


class LayerReader:
    """Turns a network's layers, in the order they run, into numpy_policy's arrays: first any
    2-D convolutions (each with the activation after it), then a flatten, then Linear layers
    each followed by an activation but the last. Refuses, naming it, a layer numpy would not
    compute as torch does."""

    def __init__(self) -> None:
        self.convolutions: list[Any] = []
        self.weights: list[np.ndarray] = []
        self.biases: list[np.ndarray] = []
        self.activations: list[str] = []
        self.flattened = False

    def add(self, name: str, child: Any, last: bool = False) -> None:
        kind = type(child).__name__
        if kind == "Conv2d":
            self._convolution(name, child)
        elif kind == "Linear":
            if self.convolutions and not self.flattened:
                raise ExportError(f"layer {name!r} (Linear) follows a convolution with no Flatten between")
            if len(self.weights) > len(self.activations):
                raise ExportError(f"layer {name!r} (Linear) follows a Linear with no activation between: "
                                  "join them into one before exporting, or add the activation")
            self.flattened = True
            self.weights.append(as_array(child.weight))
            self.biases.append(np.zeros(self.weights[-1].shape[0], np.float32) if child.bias is None
                               else as_array(child.bias))
        elif kind in TORCH_ACTIVATIONS:
            self._activation_after(name, kind, _activation(name, child))
        elif kind == "Flatten":
            self.flattened = True
        elif kind == "Identity" or (kind in MONOTONE_LAST and last):
            return
        else:
            raise ExportError(f"layer {name!r} is {kind}: only Conv2d and Linear layers, the activations "
                              f"{', '.join(TORCH_ACTIVATIONS)}, Flatten and a last Softmax export to numpy")

    def _convolution(self, name: str, child: Any) -> None:
        if self.flattened:
            raise ExportError(f"layer {name!r} (Conv2d) comes after a Flatten or a Linear layer: the "
                              "convolutions come first")
        weight = as_array(child.weight)
        for attribute, allowed in (("dilation", (1, 1)), ("groups", 1), ("padding_mode", "zeros")):
            value = getattr(child, attribute, allowed)
            if value != allowed:
                raise ExportError(f"layer {name!r} (Conv2d) has {attribute}={value!r}; only {allowed!r} exports")
        padding = getattr(child, "padding", (0, 0))
        if padding == "valid":
            padding = (0, 0)
        elif padding == "same":
            if getattr(child, "stride", (1, 1)) != (1, 1) or not all(k % 2 for k in weight.shape[2:]):
                raise ExportError(f"layer {name!r} (Conv2d) pads 'same' with an even kernel or a stride: "
                                  "give the padding as numbers")
            padding = tuple((k - 1) // 2 for k in weight.shape[2:])
        bias = np.zeros(weight.shape[0], np.float32) if child.bias is None else as_array(child.bias)
        self.convolutions.append(Convolution(weight, bias, getattr(child, "stride", (1, 1)), padding, "identity",
                                             len(self.convolutions)))

    def _activation_after(self, name: str, kind: str, activation: str) -> None:
        if not self.flattened and self.convolutions and self.convolutions[-1].activation == "identity":
            self.convolutions[-1].activation = activation
        elif self.flattened and self.weights and len(self.activations) == len(self.weights) - 1:
            self.activations.append(activation)
        else:
            raise ExportError(f"layer {name!r} ({kind}) does not follow a Linear or Conv2d layer")

    def close_linear(self) -> None:
        """The next Linear may follow the last one directly (an extractor's last Linear, then the
        policy's own layers): no activation between is the identity."""
        if self.weights and len(self.activations) == len(self.weights) - 1:
            self.activations.append("identity")

    def policy(self, game: str, action_space: str, observation_shape: str,
               input_shape: Any = None) -> numpy_policy.MlpPolicy:
        if len(self.activations) == len(self.weights) and self.weights:
            raise ExportError("the network ends with an activation: its last layer must be a Linear giving the logits")
        if not self.weights:
            raise ExportError("the network has no layer" if not self.convolutions else
                              "the network has no Linear layer after its convolutions: nothing gives the logits")
        if not self.convolutions:
            return numpy_policy.MlpPolicy(self.weights, self.biases, self.activations, game, action_space,
                                          observation_shape)
        if input_shape is None:
            raise ExportError("a network with convolutions needs the shape of its input: give input_shape= "
                              "(channels, rows, columns)")
        return ConvPolicy(input_shape, self.convolutions, self.weights, self.biases, self.activations, game,
                          action_space, observation_shape)


def export_sequential(module: Any, path: str | Path, *, game: str, action_space: str = "full",
                      observation_shape: str = "flat", input_shape: Any = None) -> Path:
    """Write ``module`` (an ``nn.Sequential``) to ``path`` as numpy_policy's ``.npz``; returns the path.

    ``game``, ``action_space`` and ``observation_shape`` say what it was trained on (the
    environment's own options), so that ``arena policy-bot`` feeds it alike; a network that
    starts with convolutions also needs ``input_shape``, the observation's shape it takes."""
    reader = LayerReader()
    children = list(module.named_children())
    for position, (name, child) in enumerate(children):
        reader.add(name, child, last=position == len(children) - 1)
    return numpy_policy.save_policy(path, reader.policy(game, action_space, observation_shape, input_shape))


def _activation(name: str, child: Any) -> str:
    slope = getattr(child, "negative_slope", numpy_policy.LEAKY_SLOPE)
    if type(child).__name__ == "LeakyReLU" and slope != numpy_policy.LEAKY_SLOPE:
        raise ExportError(f"layer {name!r}: LeakyReLU with slope {slope}; only {numpy_policy.LEAKY_SLOPE} exports")
    return TORCH_ACTIVATIONS[type(child).__name__]


def export_sb3_policy(model: Any, path: str | Path, *, game: str, action_space: str = "full",
                      observation_shape: str | None = None) -> Path:
    """Write the actor of ``model`` (an SB3/sb3-contrib model, e.g. ``MaskablePPO``, or its
    ``.policy``) to ``path``: its features extractor's layers (MlpPolicy's flatten, or a
    CnnPolicy's convolutions such as tools/sb3_board_cnn.py's), ``mlp_extractor.policy_net``'s
    layers, each followed by the policy's activation, then ``action_net``. Its choice is the
    model's ``predict(observation, action_masks=mask, deterministic=True)``.
    ``observation_shape`` defaults to "planes_chw" for a network with convolutions, else "flat"."""
    policy = sb3_numpy_policy(model, game=game, action_space=action_space, observation_shape=observation_shape)
    return numpy_policy.save_policy(path, policy)


def sb3_numpy_policy(model: Any, *, game: str, action_space: str = "full",
                     observation_shape: str | None = None) -> numpy_policy.MlpPolicy:
    """The actor of ``model`` as export_sb3_policy writes it, in memory: a numpy policy, a
    frozen copy of the model now (a self-play snapshot for an OpponentPool)."""
    policy = getattr(model, "policy", model)
    activation_class = getattr(policy, "activation_fn", None)
    activation = TORCH_ACTIVATIONS.get(str(getattr(activation_class, "__name__", "")))
    if activation is None:
        raise ExportError(f"the policy's activation_fn is {activation_class!r}: only "
                          f"{', '.join(TORCH_ACTIVATIONS)} export")
    reader = LayerReader()
    extractor_name = "pi_features_extractor" if hasattr(policy, "pi_features_extractor") else "features_extractor"
    _read_extractor(reader, extractor_name, getattr(policy, extractor_name, None))
    _check_scaling(policy)
    reader.close_linear()
    state = policy.state_dict()
    actor = layers_from_state_dict(state, SB3_ACTOR)
    for index, (weight, bias) in enumerate(actor + layers_from_state_dict(state, SB3_HEAD, single=True)):
        reader.add(f"{SB3_ACTOR}{index}" if index < len(actor) else "action_net",
                   type("Linear", (), {"weight": weight, "bias": bias})())
        if index < len(actor):
            reader.activations.append(activation)
    if observation_shape is None:
        observation_shape = "planes_chw" if reader.convolutions else "flat"
    space = getattr(policy, "observation_space", None)
    result = reader.policy(game, action_space, observation_shape, getattr(space, "shape", None))
    _compare_with_model(policy, result)
    return result


def _read_extractor(reader: LayerReader, name: str, extractor: Any) -> None:
    """The features extractor's layers, in the order they are registered (nested containers
    opened): what its forward computes for MlpPolicy's FlattenExtractor, NatureCNN and
    sb3_board_cnn's BoardCNN (_compare_with_model checks it on the model itself)."""
    kind = type(extractor).__name__
    if extractor is None or kind == "FlattenExtractor":
        return
    if not hasattr(extractor, "named_children"):
        raise ExportError(f"the policy's {name} is {kind}, which shows no layers (named_children): only "
                          "Conv2d and Linear layers with activations export")
    leaves: list[tuple[str, Any]] = []

    def walk(module: Any, path: str) -> None:
        children = list(module.named_children()) if hasattr(module, "named_children") else []
        if not children and path:
            leaves.append((path, module))
        for child_name, child in children:
            walk(child, f"{path}.{child_name}" if path else child_name)
    walk(extractor, "")
    if not leaves:
        raise ExportError(f"the policy's {name} is {kind}, which has no layers")
    for leaf_name, leaf in leaves:
        reader.add(f"{name}.{leaf_name}", leaf)
    reader.flattened = True  # an extractor gives a flat vector of features


def _check_scaling(policy: Any) -> None:
    space = getattr(policy, "observation_space", None)
    if getattr(policy, "normalize_images", False) and str(getattr(space, "dtype", "")) == "uint8":
        raise ExportError("the policy divides uint8 image observations by 255 (normalize_images): arena's "
                          "environments give float32 planes; train on them")


def _compare_with_model(policy: Any, exported: numpy_policy.MlpPolicy, count: int = 8) -> None:
    """Where the policy is a real SB3 one, check the numpy network against it on random
    observations: an extractor whose forward is not its layers in order (a skip connection)
    is refused rather than exported wrong."""
    space = getattr(policy, "observation_space", None)
    if not (hasattr(policy, "obs_to_tensor") and hasattr(policy, "get_distribution") and space is not None):
        return
    rng = np.random.default_rng(0)
    low = np.broadcast_to(np.nan_to_num(np.asarray(space.low, np.float32), neginf=-1.0), space.shape)
    high = np.broadcast_to(np.nan_to_num(np.asarray(space.high, np.float32), posinf=1.0), space.shape)
    observations = rng.uniform(low, high, size=(count, *space.shape)).astype(np.float32)
    tensor, _ = policy.obs_to_tensor(observations)
    expected = as_array(policy.get_distribution(tensor).distribution.logits)  # log-probabilities
    got = np.stack([exported.logits(observation) for observation in observations])
    got = got - got.max(axis=1, keepdims=True)
    got = got - np.log(np.exp(got).sum(axis=1, keepdims=True))
    difference = float(np.max(np.abs(got - expected)))
    if not np.isfinite(difference) or difference > 1e-3 * max(1.0, float(np.max(np.abs(expected)))):
        raise ExportError(f"the numpy network's log-probabilities differ from the model's by up to {difference:.3g}: "
                          "its features extractor's forward computes something other than its layers in order")


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
