"""A policy opponent speaks the agent's encoding: the observation and mask it declares, or
else the environment's own (issue 52); a policy that does not fit is refused at once."""

import numpy as np
import pytest

from arena.envs import gym_env
from arena.envs.numpy_policy import load, save
from arena.envs.opponents import OpponentError

from .helpers import masked_random_action


def random_network(path, game, action_space="full", observation_shape="flat", inputs=117, actions=2048, seed=0):
    rng = np.random.default_rng(seed)
    return save(path, [rng.normal(size=(16, inputs)), rng.normal(size=(actions, 16))],
                [np.zeros(16), np.zeros(actions)],
                ["tanh"], game=game, action_space=action_space, observation_shape=observation_shape)


class Recorder:
    """A policy that notes what it is handed and plays its first legal action."""

    def __init__(self, **declared):
        self.seen = []
        for name, value in declared.items():
            setattr(self, name, value)

    def __call__(self, observation, mask):
        self.seen.append((observation.shape, mask.shape))
        return int(np.flatnonzero(mask)[0])


def test_a_compact_numpy_policy_opponent_plays_50_masked_random_steps(tmp_path):
    """The issue's first must-hold: it failed with 'the mask has shape (1222399,)'."""
    policy = load(random_network(tmp_path / "p.npz", "turnright", "compact"))
    env = gym_env("turnright", action_space="compact", opponent=policy)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(50):
        _, _, terminated, _, info = env.step(masked_random_action(info["action_mask"], rng))
        assert "fault" not in info, info["fault"]
        if terminated:
            _, info = env.reset()
    assert len(env.episode.moves) > 0


@pytest.mark.parametrize("seat", [0, 1])
def test_a_policy_that_declares_nothing_gets_the_environments_encoding(seat):
    opponent = Recorder()
    env = gym_env("turnright", action_space="compact", opponent=opponent, seat=seat)
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(masked_random_action(info["action_mask"], rng))
    assert "fault" not in info
    assert set(opponent.seen) == {((117,), (2048,))}  # 115 + the compact space's two features
    # 35 placements, White (seat 0) first; then the circuits, Black first: each circuit two calls
    placed = 18 if seat == 1 else 17
    circuits = len(info["moves"]) - 35
    turned = (circuits + 1) // 2 if seat == 0 else circuits // 2
    assert len(opponent.seen) == placed + 2 * turned


def test_planes_reach_the_opponent_as_the_agent_sees_them():
    for shape, expected in (("planes", (8, 8, 11)), ("planes_chw", (11, 8, 8))):
        opponent = Recorder()
        env = gym_env("domineering", observation_shape=shape, opponent=opponent, seat=1)
        observation, _ = env.reset(seed=3)
        assert observation.shape == expected and opponent.seen[0] == (expected, (65,))


def test_a_policy_declaring_its_own_encoding_gets_that_one():
    opponent = Recorder(observation_shape="flat")
    env = gym_env("domineering", observation_shape="planes", opponent=opponent, seat=1)
    env.reset(seed=3)
    assert opponent.seen[0] == ((452,), (65,))
    full = Recorder(action_space="full")
    env = gym_env("turnright", action_space="compact", opponent=full, seat=1)
    env.reset(seed=3)
    assert full.seen[0] == ((115,), (36 + 1_222_363,))


@pytest.mark.parametrize("make, says", [
    (lambda path: random_network(path, "domineering", inputs=452, actions=65),
     "the policy was made for domineering, not turnright"),
    (lambda path: random_network(path, "turnright", "full", inputs=115, actions=99),
     "the network takes 115 observation values and gives 99 logits; turnright with action_space='full'"),
    (lambda path: random_network(path, "turnright", "compact", inputs=115, actions=2048),
     "observes 117 values and has 2048 actions"),
])
def test_a_policy_that_does_not_fit_is_refused_at_construction_naming_both(tmp_path, make, says):
    policy = load(make(tmp_path / "p.npz"))
    with pytest.raises(OpponentError) as refused:
        gym_env("turnright", action_space="compact", opponent=policy)
    assert says in str(refused.value)
    assert "this environment (turnright, action_space='compact', observation_shape='flat')" in str(refused.value)


def test_a_compact_policy_for_a_game_without_one_is_refused_at_construction(tmp_path):
    policy = load(random_network(tmp_path / "p.npz", "flippo", "compact", inputs=134, actions=2048))
    with pytest.raises(OpponentError, match="flippo has no compact action space"):
        gym_env("flippo", opponent=policy)


def test_an_opponent_policy_outside_its_mask_loses_the_game_and_the_agent_is_told():
    def illegal(observation, mask):
        return int(np.flatnonzero(mask == 0)[0])

    env = gym_env("domineering", opponent=illegal, seat=0, reward="win")
    _, info = env.reset(seed=2)
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert terminated and reward == 1.0
    assert info["fault"].startswith("opponent: the policy chose action")
