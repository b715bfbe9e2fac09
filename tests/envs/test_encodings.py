"""Each game's observation and action numbering: round trips, bounds, masks, hidden grids."""

import random

import numpy as np

from arena.games.env_encoding import load_encoding
from arena.games import get_game


def random_positions(game: str, seed: int, count: int = 12):
    """Positions along one random game (moves chosen among the legal actions)."""
    encoding = load_encoding(game)
    rng = random.Random(seed)
    state = encoding.new_state(get_game(game).make_setup(rng))
    positions = []
    while not state.is_over():
        positions.append(state.copy())
        action = rng.choice(encoding.legal_actions(state))
        state.play(encoding.action_to_move(state, action))
    step = max(1, len(positions) // count)
    return encoding, positions[::step]


def test_actions_and_moves_round_trip(game_name):
    encoding, positions = random_positions(game_name, 1)
    for state in positions:
        legal = encoding.legal_actions(state)
        # Turn Right's circuit actions are found back by a scan of a million circuits: fewer of them
        sample = random.Random(0).sample(legal, min(40 if encoding.action_count < 10_000 else 8, len(legal)))
        for action in sample:
            move = encoding.action_to_move(state, action)
            assert encoding.move_to_action(state, move) == action
            # the move as text and back, as the judge forwards it
            assert encoding.move_to_action(state, state.parse_move(state.format_move(move))) == action
        # every move the rules list (Turn Right: its rectangles) has an action, and it is legal
        mask = encoding.action_mask(state)
        for move in state.legal_moves()[:200]:
            assert mask[encoding.move_to_action(state, move)] == 1


def test_the_mask_marks_exactly_the_legal_actions(game_name):
    encoding, positions = random_positions(game_name, 2)
    for state in positions:
        mask = encoding.action_mask(state)
        assert mask.shape == (encoding.action_count,) and mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(encoding.legal_actions(state))
        illegal = np.flatnonzero(mask == 0)
        for action in random.Random(1).sample(list(illegal), min(20, len(illegal))):
            trial = state.copy()
            try:
                trial.play(encoding.action_to_move(trial, int(action)))
            except (ValueError, TypeError):
                continue
            raise AssertionError(f"action {action} is masked out but the rules accept it")


def test_observations_have_the_documented_size_and_bounds(game_name):
    encoding, positions = random_positions(game_name, 3)
    rows, columns = encoding.plane_shape
    assert encoding.observation_size == encoding.plane_count * rows * columns + len(encoding.feature_names)
    for state in positions:
        for seat in (0, 1):
            observation = encoding.observe(state, seat)
            assert observation.shape == (encoding.observation_size,) and observation.dtype == np.float32
            assert observation.min() >= 0 and observation.max() <= 1
            assert observation[-1] == seat or game_name == "domineering"


def test_the_seats_see_the_board_from_their_own_side():
    encoding, positions = random_positions("flippo", 4)
    state = positions[-1]
    white = encoding.observe(state, 0)[:128].reshape(2, 8, 8)
    black = encoding.observe(state, 1)[:128].reshape(2, 8, 8)
    assert np.array_equal(white[0], black[1]) and np.array_equal(white[1], black[0])


def test_lucky_words_shows_each_seat_only_its_own_grid():
    encoding, positions = random_positions("luckywords", 5)
    state = positions[len(positions) // 2]
    mine = encoding.observe(state, 0)
    changed = state.copy()
    changed.grids[1] = ["Q" if letter != "." else "." for letter in changed.grids[1]]
    assert np.array_equal(encoding.observe(changed, 0), mine)  # the opponent's grid is not seen
    changed.grids[0][next(i for i, c in enumerate(changed.grids[0]) if c == ".")] = "Q"
    assert not np.array_equal(encoding.observe(changed, 0), mine)


def test_turn_right_circuit_actions_are_a_prefix_by_corner_count():
    from arena.games.turnright.circuit import check_circuit

    encoding, positions = random_positions("turnright", 6, count=40)
    circuit_positions = [state for state in positions if not state.placing]
    assert circuit_positions
    for state in circuit_positions[:6]:
        legal = np.flatnonzero(encoding.action_mask(state))
        assert legal[0] == 36 and np.all(np.diff(legal) == 1)
        limit = 2 * (state.circuit_number + 1)
        check_circuit(encoding.action_to_move(state, int(legal[-1])), state.circuit_number)
        assert len(encoding.action_to_move(state, int(legal[-1]))) == limit


def test_turn_right_keeps_its_circuit_masks_read_only_and_right_after_eviction():
    encoding, positions = random_positions("turnright", 7, count=60)
    circuit_positions = [state for state in positions if not state.placing]
    first = encoding.action_mask(circuit_positions[0])
    assert encoding.action_mask(circuit_positions[0]) is first  # kept, not rebuilt
    try:
        first[0] = 1
        raise AssertionError("a mask handed out again at later steps must not be writable")
    except ValueError:
        pass
    for state in circuit_positions + circuit_positions[:3]:  # back to the first numbers: rebuilt
        legal = np.flatnonzero(encoding.action_mask(state))
        assert len(encoding.action_to_move(state, int(legal[-1]))) == 2 * (state.circuit_number + 1)


def grid_planes(encoding, grid):
    rows, columns = encoding.plane_shape
    from arena.games.env_encoding import one_hot_planes
    from arena.games.luckywords.rules import LETTERS
    from arena.games.luckywords.scoring import EMPTY

    return one_hot_planes(grid, (EMPTY, *LETTERS)).reshape(encoding.plane_count, rows, columns)


def test_lucky_words_observes_the_observers_grid_at_every_position_for_both_seats():
    """Never the grid of the seat to move: every position of whole games, each seat, and the
    other grid scrambled without changing anything."""
    from arena.envs import aec_env

    for seed in (1, 2):
        env = aec_env("luckywords")
        env.reset(seed=seed)
        encoding, rng, checked = env.encoding, np.random.default_rng(seed), 0
        rows, columns = encoding.plane_shape
        size = encoding.plane_count * rows * columns
        for agent in env.agent_iter():
            state = env.episode.state
            for seat, observer in enumerate(env.possible_agents):
                seen = env.observe(observer)["observation"]
                assert np.array_equal(seen[:size].reshape(encoding.plane_count, rows, columns),
                                      grid_planes(encoding, state.grids[seat]))
                scrambled = state.copy()
                scrambled.grids[1 - seat] = ["Z" if cell != "." else "." for cell in scrambled.grids[1 - seat]]
                assert np.array_equal(encoding.observe(scrambled, seat), seen)
                checked += 1
            observation, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert checked > 2 * 48  # every call and every placement, both seats


def test_lucky_words_gym_observation_is_the_agents_grid_in_both_seats():
    from arena.envs import gym_env

    for seat in (0, 1):
        env = gym_env("luckywords", opponent="builtin:greedy", seat=seat)
        observation, info = env.reset(seed=3)
        encoding, rng, done = env.encoding, np.random.default_rng(seat), False
        rows, columns = encoding.plane_shape
        size = encoding.plane_count * rows * columns
        while not done:
            assert np.array_equal(observation[:size].reshape(encoding.plane_count, rows, columns),
                                  grid_planes(encoding, env.episode.state.grids[seat]))
            observation, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
