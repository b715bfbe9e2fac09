"""``arena policy-bot GAME policy.npz``: a network exported to numpy plays real games, sees
what it saw in training (a compact space's two steps, the planes), and a bad file is named."""

import subprocess
import sys

import numpy as np
import pytest

from arena.toolkit.admission_games import run_check
from arena.envs import aec_env
from arena.envs.numpy_policy import load, save
from arena.envs.policy_moves import observation_size, policy_chooser
from arena.games.env_encoding import load_encoding

from .test_numpy_policy import write_huge_claim
from .test_policy_bot import THIS_ARENA


def random_network(path, game: str, action_space="full", observation_shape="flat", hidden=(32, 32), seed=0):
    """A network of random weights of the game's sizes: what an untrained export looks like."""
    encoding = load_encoding(game)
    codec = encoding.compact_actions() if action_space == "compact" else None
    sizes = [observation_size(encoding, codec, observation_shape), *hidden, (codec or encoding).action_count]
    rng = np.random.default_rng(seed)
    weights = [rng.normal(0, 1 / np.sqrt(i), (o, i)) for i, o in zip(sizes, sizes[1:])]
    biases = [rng.normal(0, 0.1, o) for o in sizes[1:]]
    return save(path, weights, biases, ["tanh"] * len(hidden), game=game, action_space=action_space,
                observation_shape=observation_shape)


def policy_bot(game: str, policy, *more) -> list[str]:
    return [sys.executable, "-m", "arena.cli", "policy-bot", game, str(policy), *more]


@pytest.mark.parametrize("game, action_space, shape", [
    ("turnright", "compact", "flat"),
    ("domineering", "full", "planes"),
])
def test_an_exported_network_passes_arena_check_in_its_clock_and_memory(tmp_path, game, action_space, shape):
    path = random_network(tmp_path / "policy.npz", game, action_space, shape)
    report = run_check(game, " ".join(policy_bot(game, path)), games=2, seed=1, sandbox=THIS_ARENA)
    assert report.clean, [game.fault for game in report.games]
    for checked in report.games:
        times = checked.record["times"][checked.seat]
        assert times["replies"] > 5
        assert times["first_reply_ms"] < checked.record["clock_ms"]
        limit = checked.record["sandbox"]["memory_mb"]
        if times.get("peak_memory_mb") is not None:  # measured where the judge can (a cgroup, or rusage)
            assert times["peak_memory_mb"] < limit


def test_a_compact_policy_chooses_in_policy_bot_what_it_chooses_in_the_environment(tmp_path):
    """The same network, deterministic: in aec_env(action_space="compact") for White, and through
    policy_bot's chooser on the same positions; any difference in an observation or a mask
    handed to it (a compact feature, the second digit's mask) shows as another move."""
    policy = load(random_network(tmp_path / "p.npz", "turnright", "compact", seed=2))
    env = aec_env("turnright", action_space="compact")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    choose = policy_chooser(load_encoding("turnright"), policy)
    circuits_compared = placements_compared = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.unwrapped.episode.state
        if agent == "player_0" and env.unwrapped.episode.pending is None:
            placing = state.placing
            chosen = state.format_move(choose(state.copy()))
            moves_before = len(env.unwrapped.episode.moves)
            while len(env.unwrapped.episode.moves) == moves_before:  # one step placing, two for a circuit
                observation = env.observe(agent)
                env.step(policy(observation["observation"], observation["action_mask"]))
            assert env.unwrapped.episode.moves[-1] == chosen
            placements_compared += placing
            circuits_compared += not placing
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if env.unwrapped.episode.over:
            break
    assert placements_compared == 18 and circuits_compared >= 3


def test_the_planes_a_policy_asks_for_are_the_boards_shape(tmp_path):
    seen = []

    def act(observation, mask):
        seen.append(observation.shape)
        return int(np.flatnonzero(mask)[0])
    act.observation_shape = "planes"
    encoding = load_encoding("domineering")
    state = encoding.new_state({"values": [[1] * 8] * 8})
    policy_chooser(encoding, act)(state)
    assert seen == [encoding.board_shape]


@pytest.mark.parametrize("make, message", [
    (lambda path: path.write_text("not a zip"), "bad.npz: not a policy's .npz"),
    (lambda path: np.savez(path, format=np.array("arena-mlp-1")), "bad.npz: no 'game' entry"),
    (lambda path: random_network(path, "flippo"), "bad.npz: the policy was made for flippo, not turnright"),
    (lambda path: save(path, [np.ones((4, 7))], [np.zeros(4)], [], game="turnright", action_space="compact"),
     "the network takes 7 observation values and gives 4 logits; turnright with action_space='compact' "
     "and observation_shape='flat' observes 117 values and has 2048 actions"),
    (write_huge_claim, "bad.npz: weight_0.npy claims shape (100000, 1000000) of float32"),
])
def test_a_bad_policy_file_is_named_before_the_game_without_a_traceback(tmp_path, make, message):
    path = tmp_path / "bad.npz"
    make(path)
    done = subprocess.run(policy_bot("turnright", path), capture_output=True, text=True, input="Start\n",
                          timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_compact_policy_for_a_game_without_one_and_a_function_of_a_file_are_refused(tmp_path):
    path = random_network(tmp_path / "p.npz", "flippo")
    done = subprocess.run(policy_bot("flippo", path, "--function", "act"), capture_output=True, text=True, input="")
    assert done.returncode == 1 and "a numpy policy file has no functions" in done.stderr
    compact = tmp_path / "compact.npz"
    save(compact, [np.ones((2048, 117))], [np.zeros(2048)], [], game="flippo", action_space="compact")
    done = subprocess.run(policy_bot("flippo", compact), capture_output=True, text=True, input="")
    assert done.returncode == 1 and "flippo has no compact action space" in done.stderr
    assert "Traceback" not in done.stderr
