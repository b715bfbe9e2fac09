"""Convolutional policies in numpy (arena.envs.numpy_cnn) and their export without torch: stand-ins
holding numpy arrays, named as torch's layers, drive the same code a torch network does
(test_policy_export_cnn_torch.py checks it against torch and SB3 themselves)."""

import numpy as np
import pytest

from arena.envs.numpy_cnn import Convolution, ConvPolicy
from arena.envs.numpy_policy import CNN_FORMAT, PolicyFileError, load, save_policy
from arena.envs.policy_export import ExportError, export_sb3_policy, export_sequential
from arena.toolkit.admission_games import run_check

from .test_policy_bot import THIS_ARENA
from .test_policy_bot_numpy import policy_bot
from .test_policy_export import Sb3Policy, Sequential, layer, linear, sb3_state

rng = np.random.default_rng(11)


def conv(inputs: int, outputs: int, kernel=3, stride=(1, 1), padding=(1, 1), bias=True, **more):
    return layer("Conv2d", weight=rng.normal(size=(outputs, inputs, kernel, kernel)),
                 bias=rng.normal(size=outputs) if bias else None, stride=stride, padding=padding, **more)


def reference_conv(x, weight, bias, stride, padding):
    """A convolution by its definition, loop by loop, apart from the code under test."""
    channels, rows, columns = x.shape
    padded = np.zeros((channels, rows + 2 * padding[0], columns + 2 * padding[1]))
    padded[:, padding[0]:padding[0] + rows, padding[1]:padding[1] + columns] = x
    outputs, _, kernel_rows, kernel_columns = weight.shape
    rows_out = (padded.shape[1] - kernel_rows) // stride[0] + 1
    columns_out = (padded.shape[2] - kernel_columns) // stride[1] + 1
    out = np.zeros((outputs, rows_out, columns_out))
    for o in range(outputs):
        for i in range(rows_out):
            for j in range(columns_out):
                window = padded[:, i * stride[0]:i * stride[0] + kernel_rows, j * stride[1]:j * stride[1] + kernel_columns]
                out[o, i, j] = (window * weight[o]).sum() + (0 if bias is None else bias[o])
    return out


def test_a_convolution_is_the_sum_over_each_window_by_hand():
    # one channel, 3×3, a 2×2 kernel, no padding: each output is the window's weighted sum plus 1
    x = np.arange(9, dtype=np.float32).reshape(1, 3, 3)  # 0 1 2 / 3 4 5 / 6 7 8
    kernel = np.array([[[[1.0, 0.0], [0.0, -1.0]]]])  # top-left minus bottom-right
    convolution = Convolution(kernel, np.array([1.0]), (1, 1), (0, 0), "identity")
    np.testing.assert_allclose(convolution(x), [[[1 + 0 - 4, 1 + 1 - 5], [1 + 3 - 7, 1 + 4 - 8]]])
    relu = Convolution(kernel, np.array([1.0]), (1, 1), (1, 1), "relu")
    out = relu(x)  # padded by one: 4×4; the first window holds x[0, 0] = 0 at its bottom-right, the last x[2, 2]
    assert out.shape == (1, 4, 4)
    assert out[0, 0, 0] == 1 - 0 and out[0, 1, 1] == 0.0 and out[0, 3, 3] == 1 + 8  # (1, 1): relu(1 + 0 - 4)


@pytest.mark.parametrize("stride, padding, kernel", [((1, 1), (1, 1), 3), ((2, 2), (1, 1), 3), ((1, 2), (0, 2), 2)])
def test_convolutions_match_the_definition(stride, padding, kernel):
    x = rng.normal(size=(5, 8, 7)).astype(np.float32)
    weight, bias = rng.normal(size=(4, 5, kernel, kernel)), rng.normal(size=4)
    got = Convolution(weight, bias, stride, padding, "identity")(x)
    np.testing.assert_allclose(got, reference_conv(x, weight, bias, stride, padding), rtol=1e-4, atol=1e-4)


def board_cnn_forward(x, c1, c2, dense, actor, head):
    x = np.maximum(reference_conv(x, c1.weight, c1.bias, c1.stride, c1.padding), 0)
    x = np.maximum(reference_conv(x, c2.weight, c2.bias, c2.stride, c2.padding), 0).ravel()
    x = np.maximum(dense.weight @ x + dense.bias, 0)
    for weight, bias in actor:
        x = np.tanh(weight @ x + bias)
    return head[0] @ x + head[1]


def test_a_sequential_with_convolutions_exports_to_the_same_function(tmp_path):
    c1, c2, dense, last = conv(3, 4), conv(4, 2, bias=False), linear(2 * 5 * 5, 6), linear(6, 7)
    module = Sequential(c1, layer("ReLU"), c2, layer("ReLU"), layer("Flatten"), dense, layer("ReLU"), last)
    path = export_sequential(module, tmp_path / "p.npz", game="domineering", observation_shape="planes_chw",
                             input_shape=(3, 5, 5))
    policy = load(path)
    assert isinstance(policy, ConvPolicy) and str(np.load(path)["format"]) == CNN_FORMAT
    x = rng.normal(size=(3, 5, 5))
    expected = board_cnn_forward(x, c1, c2, dense, [], (last.weight, last.bias))
    np.testing.assert_allclose(policy.logits(x), expected, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(policy.logits(x.ravel()), expected, rtol=1e-4, atol=1e-4)  # a flat vector alike
    with pytest.raises(ValueError, match=r"shape \(5, 5, 3\); the policy's first convolution takes \(3, 5, 5\)"):
        policy.logits(x.transpose(1, 2, 0))


@pytest.mark.parametrize("children, message", [
    (lambda: [linear(3, 3), layer("ReLU"), conv(3, 2)], "layer '2' (Conv2d) comes after a Flatten or a Linear"),
    (lambda: [conv(3, 2), layer("ReLU"), linear(2 * 25, 4)], "layer '2' (Linear) follows a convolution with no Flatten"),
    (lambda: [conv(3, 2), layer("MaxPool2d"), layer("Flatten"), linear(8, 4)], "layer '1' is MaxPool2d"),
    (lambda: [conv(3, 2), layer("BatchNorm2d"), layer("Flatten"), linear(8, 4)], "layer '1' is BatchNorm2d"),
    (lambda: [conv(3, 2, dilation=(2, 2)), layer("Flatten"), linear(8, 4)], "has dilation=(2, 2)"),
    (lambda: [conv(3, 2, groups=3), layer("Flatten"), linear(8, 4)], "has groups=3"),
    (lambda: [conv(3, 2, padding_mode="reflect"), layer("Flatten"), linear(8, 4)], "padding_mode='reflect'"),
    (lambda: [conv(3, 2), layer("ReLU"), layer("Tanh"), layer("Flatten"), linear(50, 4)],
     "layer '2' (Tanh) does not follow a Linear or Conv2d"),
    (lambda: [conv(3, 2), layer("Flatten")], "no Linear layer after its convolutions"),
    (lambda: [conv(3, 2), layer("Flatten"), linear(49, 4)], "gives 2×5×5 = 50 values but weight_0 takes 49"),
    (lambda: [conv(4, 2), layer("Flatten"), linear(50, 4)], "convolution 0 takes 4 channels but gets 3"),
])
def test_what_numpy_would_not_compute_is_refused_by_name(tmp_path, children, message):
    with pytest.raises(ValueError) as raised:
        export_sequential(Sequential(*children()), tmp_path / "p.npz", game="flippo", observation_shape="planes_chw",
                          input_shape=(3, 5, 5))
    assert message in str(raised.value)
    assert not (tmp_path / "p.npz").exists()


def test_a_network_with_convolutions_needs_its_input_shape_and_the_planes(tmp_path):
    module = Sequential(conv(3, 2), layer("Flatten"), linear(50, 4))
    with pytest.raises(ExportError, match="needs the shape of its input"):
        export_sequential(module, tmp_path / "p.npz", game="flippo", observation_shape="planes_chw")
    with pytest.raises(PolicyFileError, match="takes the board's planes"):
        export_sequential(module, tmp_path / "p.npz", game="flippo", input_shape=(3, 5, 5))


class Extractor:
    """SB3's features extractor as export_sb3_policy reads it: named children, nested as
    sb3_board_cnn.BoardCNN's ``convolutions`` and ``linear`` Sequentials are."""

    def __init__(self, **children):
        self.children = children

    def named_children(self):
        return list(self.children.items())


def test_an_sb3_cnn_policy_exports_its_extractor_actor_and_head(tmp_path):
    c1, c2, dense = conv(3, 4), conv(4, 4), linear(4 * 5 * 5, 6)
    extractor = Extractor(convolutions=Sequential(c1, layer("ReLU"), c2, layer("ReLU"), layer("Flatten")),
                          linear=Sequential(dense, layer("ReLU")))
    state = sb3_state((6, 16, 5))
    sb3 = Sb3Policy(state)
    sb3.features_extractor = sb3.pi_features_extractor = extractor
    sb3.observation_space = type("Box", (), {"shape": (3, 5, 5), "dtype": np.dtype(np.float32)})()
    policy = load(export_sb3_policy(sb3, tmp_path / "p.npz", game="domineering"))
    assert policy.observation_shape == "planes_chw" and policy.input_shape == (3, 5, 5)
    assert policy.activations == ["relu", "tanh"] and [c.activation for c in policy.convolutions] == ["relu", "relu"]
    x = rng.normal(size=(3, 5, 5))
    actor = [(state["mlp_extractor.policy_net.0.weight"], state["mlp_extractor.policy_net.0.bias"])]
    expected = board_cnn_forward(x, c1, c2, dense, actor, (state["action_net.weight"], state["action_net.bias"]))
    np.testing.assert_allclose(policy.logits(x), expected, rtol=1e-4, atol=1e-4)


def test_an_sb3_extractor_with_a_layer_numpy_cannot_compute_is_refused_naming_it(tmp_path):
    sb3 = Sb3Policy(sb3_state((6, 16, 5)))
    sb3.features_extractor = Extractor(cnn=Sequential(conv(3, 4), layer("ReLU"), layer("AdaptiveAvgPool2d")))
    with pytest.raises(ExportError, match=r"layer 'features_extractor.cnn.2' is AdaptiveAvgPool2d"):
        export_sb3_policy(sb3, tmp_path / "p.npz", game="domineering")
    sb3.observation_space = type("Box", (), {"shape": (3, 5, 5), "dtype": np.dtype(np.uint8)})()
    sb3.normalize_images = True
    sb3.features_extractor = Extractor(cnn=Sequential(conv(3, 4), layer("Flatten"), linear(100, 6)))
    with pytest.raises(ExportError, match="divides uint8 image observations by 255"):
        export_sb3_policy(sb3, tmp_path / "p.npz", game="domineering")


def cnn_file(path, game="domineering", shape=(11, 8, 8), actions=65, channels=8, seed=0):
    """A convolutional policy of random weights for ``game``'s planes: what an untrained export is."""
    local = np.random.default_rng(seed)
    convolutions = [Convolution(local.normal(0, 0.3, (channels, shape[0], 3, 3)), local.normal(0, 0.1, channels),
                                (1, 1), (1, 1), "relu", 0),
                    Convolution(local.normal(0, 0.2, (channels, channels, 3, 3)), local.normal(0, 0.1, channels),
                                (1, 1), (1, 1), "relu", 1)]
    flat = channels * shape[1] * shape[2]
    weights = [local.normal(0, 1 / np.sqrt(flat), (32, flat)), local.normal(0, 0.2, (actions, 32))]
    policy = ConvPolicy(shape, convolutions, weights, [np.zeros(32), np.zeros(actions)], ["relu"], game)
    return save_policy(path, policy)


@pytest.mark.parametrize("change, message", [
    (lambda a: a.pop("input_shape"), "no 'input_shape' entry"),
    (lambda a: a.update(conv_weight_1=a["conv_weight_1"][0]), "conv_weight_1 has shape (8, 3, 3)"),
    (lambda a: a.pop("conv_bias_0"), "no 'conv_bias_0' entry"),
    (lambda a: a.update(conv_activations=np.array(["relu", "swish"])), "activation 'swish' is not one of"),
    (lambda a: a.update(conv_stride_0=np.array([0, 1])), "stride (0, 1)"),
    (lambda a: a.update(input_shape=np.array([11, 2, 2])), "gives 8×2×2 = 32 values but weight_0 takes 512"),
])
def test_a_bad_convolutional_file_says_what_is_wrong(tmp_path, change, message):
    arrays = dict(np.load(cnn_file(tmp_path / "good.npz")))
    change(arrays)
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(PolicyFileError) as raised:
        load(tmp_path / "bad.npz")
    assert message in str(raised.value)


def test_a_convolutional_policy_bot_passes_arena_check(tmp_path):
    path = cnn_file(tmp_path / "policy.npz")
    report = run_check("domineering", " ".join(policy_bot("domineering", path)), games=2, seed=1, sandbox=THIS_ARENA)
    assert report.clean, [game.fault for game in report.games]
    assert all(checked.record["times"][checked.seat]["replies"] > 5 for checked in report.games)


def test_policy_bot_refuses_a_convolutional_policy_of_another_board(tmp_path):
    import subprocess

    path = cnn_file(tmp_path / "policy.npz", game="flippo", shape=(8, 8, 5), actions=64)  # (H, W, C): transposed
    done = subprocess.run(policy_bot("flippo", path), input="Start\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "the network takes (8, 8, 5) planes; flippo with observation_shape='planes_chw' observes (5, 8, 8)" \
        in done.stderr
