"""The environments' Turn Right greedy (fast_greedy.py, numpy) makes greedy.py's moves: the same
candidate values and the same random tie-break, so ``builtin:greedy`` in-process plays as the
program ``arena bot turnright greedy`` does."""

import random

import numpy as np
import pytest

pytest.importorskip("numpy", reason="the environments' greedy needs numpy (the envs extra)")

from arena.games.turnright import fast_greedy, greedy  # noqa: E402
from arena.games.turnright.rules import TurnRightState  # noqa: E402


def positions(games: int, seed: int):
    """Every position of ``games`` games of mixed random and greedy play (circuit phases included)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = TurnRightState()
        while not state.is_over():
            yield state
            chooser = greedy.greedy_choice if rng.random() < 0.5 else greedy.random_choice
            state.play(chooser(state, rng))


def test_every_candidate_circuit_is_valued_as_greedy_py_values_it():
    compared = 0
    for state in positions(6, seed=1):
        if state.placing:
            continue
        with_hexagons = state.circuit_number >= 2
        circuits, _ = fast_greedy.candidates(with_hexagons)
        masks = (greedy.colour_mask(state.board, greedy.WHITE), greedy.colour_mask(state.board, greedy.BLACK))
        expected = [greedy._circuit_value(masks, corners, state.to_move) for corners in circuits]
        np.testing.assert_array_equal(fast_greedy.circuit_values(state.board, state.to_move, with_hexagons), expected)
        compared += 1
    assert compared > 20


def test_the_same_random_generator_gives_the_same_move_at_every_position():
    placements = circuits = 0
    for seed, state in enumerate(positions(12, seed=2)):
        assert fast_greedy.greedy_choice(state, random.Random(seed)) == greedy.greedy_choice(state, random.Random(seed))
        placements += state.placing
        circuits += not state.placing
    assert placements > 100 and circuits > 50


def test_a_whole_game_of_the_two_greedies_is_the_same_game():
    old, new = TurnRightState(), TurnRightState()
    old_rng, new_rng = random.Random(7), random.Random(7)
    while not old.is_over():
        move = greedy.greedy_choice(old, old_rng)
        assert fast_greedy.greedy_choice(new, new_rng) == move
        old.play(move)
        new.play(move)
    assert new.is_over()
