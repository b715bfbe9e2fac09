"""The export helper (arena.envs.policy_export) without torch: it reads modules by what they
give (state_dict, named_children, class names), so these stand-ins, holding numpy arrays,
drive the same code a torch network does (test_policy_export_torch.py checks it against torch)."""

import numpy as np
import pytest

from arena.envs.numpy_policy import load
from arena.envs.policy_export import ExportError, export_sb3_policy, export_sequential

rng = np.random.default_rng(5)


def layer(kind: str, **attributes):
    """An object whose class is named ``kind`` (as torch's Linear, ReLU, ...), with ``attributes``."""
    return type(kind, (), attributes)()


def linear(inputs: int, outputs: int, bias=True):
    return layer("Linear", weight=rng.normal(size=(outputs, inputs)),
                 bias=rng.normal(size=outputs) if bias else None)


class Sequential:
    def __init__(self, *children):
        self.children = children

    def named_children(self):
        return [(str(index), child) for index, child in enumerate(self.children)]


def forward(x, *layers):
    """The network computed here, apart from the code under test: (weight, bias, activation) per layer."""
    for weight, bias, activation in layers:
        x = weight @ x + (0 if bias is None else bias)
        x = {"relu": lambda v: np.maximum(v, 0), "tanh": np.tanh, None: lambda v: v}[activation](x)
    return x


def test_a_sequential_exports_to_the_same_function(tmp_path):
    first, second, last = linear(5, 8), linear(8, 6, bias=False), linear(6, 4)
    module = Sequential(layer("Flatten"), first, layer("ReLU"), second, layer("Tanh"), last, layer("Softmax"))
    policy = load(export_sequential(module, tmp_path / "p.npz", game="domineering"))
    assert policy.activations == ["relu", "tanh"] and policy.game == "domineering"
    for _ in range(5):
        x = rng.normal(size=5)
        expected = forward(x, (first.weight, first.bias, "relu"), (second.weight, None, "tanh"),
                           (last.weight, last.bias, None))
        np.testing.assert_allclose(policy.logits(x), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("children, message", [
    (lambda: [linear(3, 3), layer("Conv2d"), linear(3, 2)], "layer '1' (Conv2d) comes after a Flatten or a Linear"),
    (lambda: [linear(3, 3), layer("Dropout"), linear(3, 2)], "layer '1' is Dropout"),
    (lambda: [linear(3, 3), linear(3, 2)], "layer '1' (Linear) follows a Linear with no activation between"),
    (lambda: [layer("ReLU"), linear(3, 2)], "layer '0' (ReLU) does not follow a Linear or Conv2d layer"),
    (lambda: [linear(3, 3), layer("ReLU"), layer("Tanh"), linear(3, 2)], "layer '2' (Tanh) does not follow"),
    (lambda: [linear(3, 2), layer("ReLU")], "ends with an activation"),
    (lambda: [linear(3, 3), layer("Softmax"), linear(3, 2)], "layer '1' is Softmax"),
    (lambda: [linear(3, 3), layer("LeakyReLU", negative_slope=0.2), linear(3, 2)], "LeakyReLU with slope 0.2"),
    (lambda: [], "the network has no layer"),
])
def test_what_numpy_would_not_compute_is_refused_by_name(tmp_path, children, message):
    with pytest.raises(ValueError) as raised:
        export_sequential(Sequential(*children()), tmp_path / "p.npz", game="flippo")
    assert message in str(raised.value)
    assert not (tmp_path / "p.npz").exists()


class Sb3Policy:
    """What export_sb3_policy reads of an SB3 ActorCriticPolicy: its state dict (actor, critic
    and extractor entries), its activation class, its features extractors."""

    def __init__(self, state, activation="Tanh", extractor="FlattenExtractor"):
        self.state = state
        self.activation_fn = type(activation, (), {})
        self.features_extractor = layer(extractor)

    def state_dict(self):
        return self.state


def sb3_state(sizes=(6, 16, 16, 5)):
    state, hidden = {}, len(sizes) - 2
    for index in range(hidden):  # nn.Sequential(Linear, Tanh, Linear, Tanh): the Linears at 0, 2
        state[f"mlp_extractor.policy_net.{2 * index}.weight"] = rng.normal(size=(sizes[index + 1], sizes[index]))
        state[f"mlp_extractor.policy_net.{2 * index}.bias"] = rng.normal(size=sizes[index + 1])
        # the critic's layers, of the same shapes: never exported
        state[f"mlp_extractor.value_net.{2 * index}.weight"] = rng.normal(size=(sizes[index + 1], sizes[index]))
    state["action_net.weight"] = rng.normal(size=(sizes[-1], sizes[-2]))
    state["action_net.bias"] = rng.normal(size=sizes[-1])
    state["value_net.weight"] = rng.normal(size=(1, sizes[-2]))
    return state


def test_an_sb3_policy_exports_its_actor_only(tmp_path):
    state = sb3_state()
    model = type("MaskablePPO", (), {"policy": Sb3Policy(state)})()  # the model or its .policy: both
    policy = load(export_sb3_policy(model, tmp_path / "p.npz", game="turnright", action_space="compact"))
    assert policy.action_space == "compact" and policy.activations == ["tanh", "tanh"]
    actor = [(state[f"mlp_extractor.policy_net.{i}.weight"], state[f"mlp_extractor.policy_net.{i}.bias"], "tanh")
             for i in (0, 2)]
    x = rng.normal(size=6)
    np.testing.assert_allclose(policy.logits(x), forward(x, *actor, (state["action_net.weight"],
                                                                      state["action_net.bias"], None)),
                               rtol=1e-5, atol=1e-5)


def test_layers_past_nine_keep_their_order(tmp_path):
    # twelve hidden layers: the Linears at 0, 2, ..., 22; "10" sorts before "2" as text
    sizes = (3,) + (4,) * 12 + (2,)
    state = sb3_state(sizes)
    policy = load(export_sb3_policy(Sb3Policy(state, "ReLU"), tmp_path / "p.npz", game="flippo"))
    np.testing.assert_array_equal(policy.weights[5], state["mlp_extractor.policy_net.10.weight"].astype(np.float32))


def test_an_sb3_policy_it_cannot_compute_is_refused(tmp_path):
    with pytest.raises(ExportError, match="features_extractor is NatureCNN"):
        export_sb3_policy(Sb3Policy(sb3_state(), extractor="NatureCNN"), tmp_path / "p.npz", game="flippo")
    with pytest.raises(ExportError, match="activation_fn is .*GELU"):
        export_sb3_policy(Sb3Policy(sb3_state(), "GELU"), tmp_path / "p.npz", game="flippo")
    with pytest.raises(ExportError, match="no action_net.weight"):
        export_sb3_policy(Sb3Policy({"mlp_extractor.policy_net.0.weight": np.ones((2, 2))}), tmp_path / "p.npz",
                          game="flippo")
