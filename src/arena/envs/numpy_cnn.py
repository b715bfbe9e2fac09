"""A convolutional policy in numpy: 2-D convolutions, each with its activation, then the
flattened planes through numpy_policy's perceptron (its last layer gives the logits).

This is what a Stable-Baselines3 ``CnnPolicy`` with a small board extractor computes, such
as ``tools/sb3_board_cnn.py``'s ``BoardCNN`` (two 3×3 convolutions with padding, ReLU, a
flatten, a linear layer) followed by the policy's ``mlp_extractor.policy_net`` and
``action_net``; policy_export.py reads them off the model. The file (numpy_policy.py's
``save_policy``) holds, beside the perceptron's entries, ``input_shape`` (the observation
the first convolution takes: ``(channels, rows, columns)`` for ``planes_chw``) and, for each
convolution K from 0, ``conv_weight_K`` (out channels × in channels × kernel rows × kernel
columns, as ``nn.Conv2d`` keeps it), ``conv_bias_K``, ``conv_stride_K`` and ``conv_padding_K``
(rows, columns; zero padding on both sides) and its activation in ``conv_activations``
("identity" where none follows it).

A convolution is computed as torch's ``Conv2d`` with ``dilation=1``, ``groups=1`` and zero
padding (the only ones exported): over each window of the padded planes, the sum of the
kernel times the window, plus the bias. The result equals torch's up to float32 rounding.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from .numpy_mlp import ACTIVATIONS, MlpPolicy, PolicyFileError


class Convolution:
    """One ``nn.Conv2d`` and the activation after it, on planes ``(channels, rows, columns)``."""

    def __init__(self, weight: np.ndarray, bias: np.ndarray, stride: Sequence[int] | np.ndarray,
                 padding: Sequence[int] | np.ndarray, activation: str, index: int = 0) -> None:
        self.weight = np.asarray(weight, dtype=np.float32)
        self.bias = np.asarray(bias, dtype=np.float32)
        self.stride = tuple(int(s) for s in np.asarray(stride).ravel())
        self.padding = tuple(int(p) for p in np.asarray(padding).ravel())
        self.activation = str(activation)
        name = f"convolution {index}"
        if self.weight.ndim != 4:
            raise PolicyFileError(f"conv_weight_{index} has shape {self.weight.shape}: a convolution's weight is 4-D "
                                  "(out channels, in channels, kernel rows, kernel columns)")
        if self.bias.shape != (self.weight.shape[0],):
            raise PolicyFileError(f"conv_bias_{index} has shape {self.bias.shape}; conv_weight_{index} "
                                  f"{self.weight.shape} needs ({self.weight.shape[0]},)")
        if len(self.stride) != 2 or min(self.stride) < 1:
            raise PolicyFileError(f"{name}: stride {self.stride}; it is two numbers of at least 1")
        if len(self.padding) != 2 or min(self.padding) < 0:
            raise PolicyFileError(f"{name}: padding {self.padding}; it is two numbers of at least 0")
        if self.activation not in ACTIVATIONS:
            raise PolicyFileError(f"{name}: activation {self.activation!r} is not one of {', '.join(ACTIVATIONS)}")
        if not (np.isfinite(self.weight).all() and np.isfinite(self.bias).all()):
            raise PolicyFileError(f"{name} holds a value that is not finite (NaN or infinity)")

    def output_shape(self, shape: tuple[int, int, int], index: int) -> tuple[int, int, int]:
        """The planes this convolution gives from ``shape``; PolicyFileError if it cannot take them."""
        channels, rows, columns = shape
        out, takes, kernel_rows, kernel_columns = self.weight.shape
        if takes != channels:
            raise PolicyFileError(f"convolution {index} takes {takes} channels but gets {channels}")
        rows_out = (rows + 2 * self.padding[0] - kernel_rows) // self.stride[0] + 1
        columns_out = (columns + 2 * self.padding[1] - kernel_columns) // self.stride[1] + 1
        if rows_out < 1 or columns_out < 1:
            raise PolicyFileError(f"convolution {index}: a {kernel_rows}×{kernel_columns} kernel does not fit "
                                  f"{rows}×{columns} planes padded by {self.padding}")
        return out, rows_out, columns_out

    def __call__(self, planes: np.ndarray) -> np.ndarray:
        rows_pad, columns_pad = self.padding
        if rows_pad or columns_pad:
            planes = np.pad(planes, ((0, 0), (rows_pad, rows_pad), (columns_pad, columns_pad)))
        kernel_rows, kernel_columns = self.weight.shape[2:]
        windows = sliding_window_view(planes, (kernel_rows, kernel_columns), axis=(1, 2))
        windows = windows[:, ::self.stride[0], ::self.stride[1]]  # (channels, rows, columns, kernel rows, columns)
        out = np.tensordot(self.weight, windows, axes=([1, 2, 3], [0, 3, 4]))  # (out channels, rows, columns)
        out += self.bias[:, None, None]
        return ACTIVATIONS[self.activation](out)


class ConvPolicy(MlpPolicy):
    """numpy_policy.MlpPolicy with convolutions before its perceptron: the observation, in
    ``input_shape``, goes through each convolution, is flattened (channels first, as torch's
    ``nn.Flatten``), then through the perceptron's layers."""

    def __init__(self, input_shape: Sequence[int], convolutions: list[Convolution], weights: list[np.ndarray],
                 biases: list[np.ndarray], activations: list[str], game: str, action_space: str = "full",
                 observation_shape: str = "planes_chw") -> None:
        self.input_shape = tuple(int(n) for n in np.asarray(input_shape).ravel())
        self.convolutions = list(convolutions)
        super().__init__(weights, biases, activations, game, action_space, observation_shape)
        if observation_shape == "flat":
            raise PolicyFileError("a convolutional network takes the board's planes: observation_shape "
                                  "'planes_chw' (or 'planes'), not 'flat'")
        if len(self.input_shape) != 3 or min(self.input_shape) < 1:
            raise PolicyFileError(f"input_shape {self.input_shape}: a convolution takes (channels, rows, columns)")
        if not self.convolutions:
            raise PolicyFileError("a convolutional policy with no convolution: save it as a perceptron")
        shape: tuple[int, int, int] = (self.input_shape[0], self.input_shape[1], self.input_shape[2])
        for index, convolution in enumerate(self.convolutions):
            shape = convolution.output_shape(shape, index)
        flattened = shape[0] * shape[1] * shape[2]
        if flattened != self.weights[0].shape[1]:
            raise PolicyFileError(f"the last convolution gives {shape[0]}×{shape[1]}×{shape[2]} = {flattened} "
                                  f"values but weight_0 takes {self.weights[0].shape[1]}")

    def __repr__(self) -> str:
        channels = " -> ".join(str(c.weight.shape[0]) for c in self.convolutions)
        sizes = " -> ".join(str(w.shape[0]) for w in self.weights)
        return (f"ConvPolicy({self.game}, action_space={self.action_space!r}, observation_shape="
                f"{self.observation_shape!r}: {self.input_shape} -> conv {channels} -> {sizes})")

    @property
    def input_size(self) -> int:
        return int(np.prod(self.input_shape))

    def logits(self, observation) -> np.ndarray:
        x = np.asarray(observation, dtype=np.float32)
        if x.ndim == 3 and x.shape != self.input_shape:
            raise ValueError(f"the observation has shape {x.shape}; the policy's first convolution takes "
                             f"{self.input_shape}")
        if x.size != self.input_size:
            raise ValueError(f"the observation has {x.size} values; the policy takes {self.input_shape}")
        x = x.reshape(self.input_shape)
        for convolution in self.convolutions:
            x = convolution(x)
        return self.perceptron(x.ravel())
