"""A trained policy as plain numpy arrays: a multilayer perceptron in a ``.npz``.

``save(path, layers, activations, game=...)`` writes it; ``load(path)`` gives a policy
callable ``policy(observation, action_mask) -> action`` (the highest logit among the
legal actions) that needs numpy alone. A bot that imported torch to run the same network
would spend seconds and hundreds of MB starting, beyond a game's clock and memory
(docs/envs.md); these arrays start in milliseconds. ``policy_export.py`` makes them from
a torch ``nn.Sequential`` or a Stable-Baselines3 policy.

The file holds, as arrays only (it loads with ``allow_pickle=False``: a policy file cannot
run code): ``format`` ("arena-mlp-1"), ``game``, ``action_space`` ("full" or "compact"),
``observation_shape`` ("flat", "planes" or "planes_chw"), ``activations`` (one name per hidden layer),
and ``weight_K`` (outputs × inputs, as torch's ``nn.Linear`` keeps it) and ``bias_K`` for
each layer K from 0. The last layer's outputs are the logits, one per action.

A convolutional network (SB3's ``CnnPolicy`` with a small board extractor) is the format
"arena-cnn-1": the same entries, and its convolutions before them (numpy_cnn.py).

A file that is not such a policy raises ``PolicyFileError`` saying what is wrong with it.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any, Callable

import numpy as np

FORMAT = "arena-mlp-1"
CNN_FORMAT = "arena-cnn-1"  # convolutions first (numpy_cnn.py)
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


def save(path, weights, biases, activations, *, game: str, action_space: str = "full",
         observation_shape: str = "flat") -> Path:
    """Write the network (float32) to ``path`` (``.npz``) and return the path; checks it first."""
    return save_policy(path, MlpPolicy(weights, biases, activations, game, action_space, observation_shape))


def save_policy(path, policy: MlpPolicy) -> Path:
    """Write ``policy`` (a perceptron, or numpy_cnn's ConvPolicy) to ``path``; returns the path."""
    arrays: dict[str, Any] = {
        "format": np.array(FORMAT), "game": np.array(policy.game), "action_space": np.array(policy.action_space),
        "observation_shape": np.array(policy.observation_shape),
        "activations": np.array(policy.activations, dtype=str)}
    for layer, (weight, bias) in enumerate(zip(policy.weights, policy.biases)):
        arrays[f"weight_{layer}"], arrays[f"bias_{layer}"] = weight, bias
    convolutions = getattr(policy, "convolutions", None)
    if convolutions:
        arrays["format"] = np.array(CNN_FORMAT)
        arrays["input_shape"] = np.array(getattr(policy, "input_shape"), dtype=np.int64)
        arrays["conv_activations"] = np.array([c.activation for c in convolutions], dtype=str)
        for index, convolution in enumerate(convolutions):
            arrays[f"conv_weight_{index}"], arrays[f"conv_bias_{index}"] = convolution.weight, convolution.bias
            arrays[f"conv_stride_{index}"] = np.array(convolution.stride, dtype=np.int64)
            arrays[f"conv_padding_{index}"] = np.array(convolution.padding, dtype=np.int64)
    path = Path(path)
    with open(path, "wb") as file:  # np.savez would add ".npz" to a name without it: the file is where it is asked
        np.savez_compressed(file, **arrays)
    return path


def load(path, game: str | None = None) -> MlpPolicy:
    """The policy in ``path``; with ``game``, also check it was made for that game."""
    arrays = _read(Path(path))
    try:
        policy = _policy_from(arrays)
    except PolicyFileError as error:
        raise PolicyFileError(f"{path}: {error}") from None
    if game is not None and policy.game != game:
        raise PolicyFileError(f"{path}: the policy was made for {policy.game}, not {game}")
    return policy


def _read(path: Path) -> dict[str, np.ndarray]:
    try:
        data = np.load(path, allow_pickle=False)
        if not isinstance(data, np.lib.npyio.NpzFile):  # a .npy file gives its one array
            raise PolicyFileError(f"{path}: one array (.npy), not a policy's .npz")
        with data:
            _check_claimed_sizes(path, data)
            return {name: data[name] for name in data.files}
    except FileNotFoundError:
        raise PolicyFileError(f"{path}: no such file") from None
    except PolicyFileError:
        raise
    except MemoryError:  # numpy's _ArrayMemoryError: an array larger than this machine's memory
        raise PolicyFileError(f"{path}: an array in it is too large to read into memory") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as error:
        # numpy says "Cannot load file containing pickled data" or "Failed to interpret file" here
        raise PolicyFileError(f"{path}: not a policy's .npz ({error})") from None


def _check_claimed_sizes(path: Path, data) -> None:
    """Refuse, before numpy allocates anything, an array whose header claims more bytes than its
    member of the archive holds: a hostile file's header may claim terabytes (a shape of
    (100000, 1000000)), and numpy would try to allocate them before finding the data short."""
    archive = data.zip
    for member in archive.infolist():
        if not member.filename.endswith(".npy"):
            continue
        with archive.open(member) as stream:
            try:
                version = np.lib.format.read_magic(stream)
                read_header = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                               else np.lib.format.read_array_header_2_0)  # 3.0 differs only in its encoding
                shape, _, dtype = read_header(stream)
            except (ValueError, OSError, EOFError, zipfile.BadZipFile) as error:
                raise PolicyFileError(f"{path}: {member.filename} has no readable array header ({error})") from None
        claimed = int(np.prod(shape, dtype=object)) * dtype.itemsize
        if claimed > member.file_size:
            raise PolicyFileError(f"{path}: {member.filename} claims shape {shape} of {dtype} ({claimed:,} bytes) "
                                  f"but holds {member.file_size:,} bytes")


def _text(arrays: dict, name: str, default: str | None = None) -> str:
    if name not in arrays:
        if default is not None:
            return default
        raise PolicyFileError(f"no {name!r} entry (the file holds {', '.join(sorted(arrays)) or 'nothing'})")
    value = arrays[name]
    if value.shape != () or value.dtype.kind != "U":
        raise PolicyFileError(f"{name!r} is {value.dtype} of shape {value.shape}, not a text")
    return str(value)


def _names(arrays: dict, name: str) -> list[str]:
    value = arrays.get(name, np.array([], dtype=str))
    if value.ndim != 1 or (value.size and value.dtype.kind != "U"):
        raise PolicyFileError(f"{name!r} is {value.dtype} of shape {value.shape}, not a list of names")
    return [str(a) for a in value]


def _numbered(arrays: dict, prefix: str, kinds: tuple[str, ...]) -> list[list[np.ndarray]]:
    """For each layer K from 0 (as many as ``prefix + kinds[0] + "_K"`` entries), its arrays of ``kinds``."""
    count = sum(1 for name in arrays if name.startswith(f"{prefix}{kinds[0]}_"))
    layers = []
    for layer in range(count):
        found = []
        for kind in kinds:
            name = f"{prefix}{kind}_{layer}"
            if name not in arrays:
                raise PolicyFileError(f"no {name!r} entry: the layers are numbered from 0 without a gap")
            if arrays[name].dtype.kind not in "fiu":
                raise PolicyFileError(f"{name!r} is {arrays[name].dtype}, not numbers")
            found.append(arrays[name])
        layers.append(found)
    return layers


def _policy_from(arrays: dict) -> MlpPolicy:
    found = _text(arrays, "format")
    if found not in (FORMAT, CNN_FORMAT):
        raise PolicyFileError(f"format {found!r}: this arena reads {FORMAT!r} and {CNN_FORMAT!r}")
    game = _text(arrays, "game")
    activations = _names(arrays, "activations")
    layers = _numbered(arrays, "", ("weight", "bias"))
    weights, biases = [w for w, _ in layers], [b for _, b in layers]
    action_space = _text(arrays, "action_space", "full")
    observation_shape = _text(arrays, "observation_shape", "flat")
    if found == FORMAT:
        return MlpPolicy(weights, biases, activations, game, action_space, observation_shape)
    from .numpy_cnn import Convolution, ConvPolicy

    conv_activations = _names(arrays, "conv_activations")
    convolutions = _numbered(arrays, "conv_", ("weight", "bias", "stride", "padding"))
    if len(conv_activations) != len(convolutions):
        raise PolicyFileError(f"{len(conv_activations)} conv_activations for {len(convolutions)} convolutions")
    if "input_shape" not in arrays or arrays["input_shape"].dtype.kind not in "iu":
        raise PolicyFileError("no 'input_shape' entry of whole numbers: a convolutional policy needs it")
    return ConvPolicy(arrays["input_shape"],
                      [Convolution(weight, bias, stride, padding, activation, index)
                       for index, ((weight, bias, stride, padding), activation)
                       in enumerate(zip(convolutions, conv_activations))],
                      weights, biases, activations, game, action_space, observation_shape)
