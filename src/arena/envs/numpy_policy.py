"""A trained policy as plain numpy arrays in a ``.npz``: a multilayer perceptron (numpy_mlp.py),
or convolutions before one (numpy_cnn.py).

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
from typing import Any

import numpy as np

from .numpy_cnn import Convolution, ConvPolicy
from .numpy_mlp import (ACTION_SPACES, ACTIVATIONS, LEAKY_SLOPE, OBSERVATION_SHAPES, MlpPolicy,  # noqa: F401
                        PolicyFileError)

FORMAT = "arena-mlp-1"
CNN_FORMAT = "arena-cnn-1"  # convolutions first (numpy_cnn.py)


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
