"""A policy as numpy arrays (arena.envs.numpy_policy): its forward pass, its file, and what a bad file says."""

import io
import zipfile

import numpy as np
import pytest

from arena.envs import numpy_policy
from arena.envs.numpy_policy import MlpPolicy, PolicyFileError, load, save

# A network worked by hand: inputs (1, 2), a hidden layer of 3, 4 actions.
W0 = np.array([[1.0, -1.0], [0.5, 0.5], [-1.0, 0.0]])
B0 = np.array([0.0, 0.0, 1.0])
W1 = np.array([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
B1 = np.array([0.25, 0.0, 0.0, -1.0])
X = np.array([1.0, 2.0], dtype=np.float32)


def hand_network(activation="relu") -> MlpPolicy:
    return MlpPolicy([W0, W1], [B0, B1], [activation], game="flippo")


def test_the_forward_pass_is_the_hand_computed_one():
    # hidden: W0 x + b0 = (1 - 2, 0.5 + 1, -1 + 1) = (-1, 1.5, 0); relu: (0, 1.5, 0)
    # out: (0 + 0.25, 2 * 1.5, 1.5, 0 - 1) = (0.25, 3, 1.5, -1)
    np.testing.assert_allclose(hand_network("relu").logits(X), [0.25, 3.0, 1.5, -1.0])
    # tanh: (tanh -1, tanh 1.5, 0) = (-0.761594, 0.905148, 0); out: (-0.511594, 1.810296, 0.905148, -1)
    np.testing.assert_allclose(hand_network("tanh").logits(X), [-0.511594, 1.810296, 0.905148, -1.0], atol=1e-6)


def test_the_action_is_the_best_logit_the_mask_allows():
    policy = hand_network()  # logits (0.25, 3, 1.5, -1)
    assert policy(X, np.array([1, 1, 1, 1], np.int8)) == 1
    assert policy(X, np.array([1, 0, 1, 1], np.int8)) == 2
    assert policy(X, np.array([1, 0, 0, 1], np.int8)) == 0
    assert policy(X, np.array([0, 0, 0, 1], np.int8)) == 3  # a negative logit, the only legal one


@pytest.mark.parametrize("name, expected", [
    ("relu", [0.0, 0.0, 3.0]),
    ("tanh", [np.tanh(-2.0), 0.0, np.tanh(3.0)]),
    ("sigmoid", [1 / (1 + np.exp(2.0)), 0.5, 1 / (1 + np.exp(-3.0))]),
    ("leaky_relu", [-0.02, 0.0, 3.0]),
])
def test_each_activation_is_computed_as_torch_defines_it(name, expected):
    # one hidden unit per input, the identity around the activation: the logits are the activation itself
    policy = MlpPolicy([np.eye(3), np.eye(3)], [np.zeros(3), np.zeros(3)], [name], game="flippo")
    np.testing.assert_allclose(policy.logits([-2.0, 0.0, 3.0]), expected, rtol=1e-6)


def test_the_file_keeps_the_network_and_what_it_was_trained_on(tmp_path):
    path = save(tmp_path / "p.npz", [W0, W1], [B0, B1], ["tanh"], game="turnright", action_space="compact",
                observation_shape="planes")
    policy = load(path)
    assert (policy.game, policy.action_space, policy.observation_shape) == ("turnright", "compact", "planes")
    assert policy.activations == ["tanh"]
    for kept, given in zip(policy.weights + policy.biases, [W0, W1, B0, B1]):
        assert kept.dtype == np.float32
        np.testing.assert_array_equal(kept, given.astype(np.float32))
    with pytest.raises(PolicyFileError, match="made for turnright, not flippo"):
        load(path, game="flippo")


def test_a_wrong_observation_or_mask_is_named():
    policy = hand_network()
    with pytest.raises(ValueError, match="the observation has 3 values; the policy's first layer takes 2"):
        policy(np.zeros(3), np.ones(4))
    with pytest.raises(ValueError, match=r"the mask has shape \(5,\); the policy has 4 actions"):
        policy(X, np.ones(5))
    with pytest.raises(ValueError, match="allows no action"):
        policy(X, np.zeros(4))


def arrays_of(**changes) -> dict:
    """A good file's entries, with ``changes`` (None removes an entry)."""
    arrays = {"format": np.array(numpy_policy.FORMAT), "game": np.array("flippo"),
              "activations": np.array(["relu"]), "weight_0": W0, "bias_0": B0, "weight_1": W1, "bias_1": B1}
    arrays.update(changes)
    return {name: value for name, value in arrays.items() if value is not None}


BAD_FILES = [
    (arrays_of(format=None), "no 'format' entry"),
    (arrays_of(format=np.array("something-else")), "format 'something-else': this arena reads 'arena-mlp-1'"),
    (arrays_of(game=np.array([1, 2])), "'game' is int64 of shape (2,), not a text"),
    (arrays_of(weight_1=np.ones((4, 5))), "weight_1 takes 5 inputs but layer 0 gives 3"),
    (arrays_of(bias_0=np.ones(2)), "bias_0 has shape (2,); weight_0 (3, 2) needs (3,)"),
    (arrays_of(weight_0=np.ones(3)), "weight_0 has shape (3,): a layer's weight is 2-D"),
    (arrays_of(bias_1=None), "no 'bias_1' entry"),
    (arrays_of(weight_0=None, bias_0=None), "no 'weight_0' entry"),
    (arrays_of(activations=np.array(["swish"])), "activation 'swish' is not one of relu, tanh, sigmoid, leaky_relu"),
    (arrays_of(activations=np.array(["relu", "relu"])), "2 activations for 2 layers"),
    (arrays_of(weight_1=np.full((4, 3), np.nan)), "layer 1 holds a value that is not finite"),
    (arrays_of(weight_0=np.array([["a", "b"]] * 3)), "'weight_0' is <U1, not numbers"),
    (arrays_of(action_space=np.array("tiny")), "action_space 'tiny': it must be one of full, compact"),
]


@pytest.mark.parametrize("arrays, message", BAD_FILES, ids=[message for _, message in BAD_FILES])
def test_a_malformed_file_says_what_is_wrong(tmp_path, arrays, message):
    path = tmp_path / "bad.npz"
    np.savez(path, **arrays)
    with pytest.raises(PolicyFileError) as raised:
        load(path)
    assert str(raised.value).startswith(f"{path}: ")
    assert message in str(raised.value)


def write_huge_claim(path, shape=(100_000, 1_000_000)) -> None:
    """A policy file whose weight_0 header claims ``shape`` of float32 (400 GB for the default)
    over a few bytes of data: numpy would try to allocate the whole of it."""
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": shape})
    with zipfile.ZipFile(path, "w") as archive:
        for name, value in arrays_of(weight_0=None).items():
            with archive.open(f"{name}.npy", "w") as member:
                np.lib.format.write_array(member, value)
        archive.writestr("weight_0.npy", header.getvalue() + bytes(64))


def test_an_array_whose_header_claims_more_than_its_file_holds_is_named_before_it_is_read(tmp_path):
    path = tmp_path / "HUGE.npz"
    write_huge_claim(path)
    with pytest.raises(PolicyFileError) as raised:
        load(path)
    assert str(raised.value).startswith(f"{path}: weight_0.npy claims shape (100000, 1000000) of float32")
    small = tmp_path / "small.npz"  # the same file whose header tells the truth loads
    write_huge_claim(small, shape=(3, 2))
    assert load(small).weights[0].shape == (3, 2) and not load(small).weights[0].any()


def test_a_file_that_is_no_npz_says_so(tmp_path):
    text, one_array, pickled = tmp_path / "text.npz", tmp_path / "one.npz", tmp_path / "pickled.npz"
    text.write_text("weights\n")
    np.save(one_array, np.zeros(3))
    one_array.with_suffix(".npz.npy").rename(one_array)
    np.savez(pickled, format=np.array([{"a": 1}], dtype=object))
    with pytest.raises(PolicyFileError, match="text.npz: not a policy's .npz"):
        load(text)
    with pytest.raises(PolicyFileError, match=r"one.npz: one array \(.npy\), not a policy's .npz"):
        load(one_array)
    with pytest.raises(PolicyFileError, match="pickled.npz"):  # never unpickled: a policy file cannot run code
        load(pickled)
    with pytest.raises(PolicyFileError, match="missing.npz: no such file"):
        load(tmp_path / "missing.npz")
    with zipfile.ZipFile(tmp_path / "empty.npz", "w"):
        pass
    with pytest.raises(PolicyFileError, match="no 'format' entry .the file holds nothing"):
        load(tmp_path / "empty.npz")
