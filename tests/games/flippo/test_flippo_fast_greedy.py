"""The environments' Flippo greedy and mostpieces (fast_greedy.py, bit masks) make bots.py's moves:
the same values, the same order, the same random tie-break, so ``builtin:greedy`` in-process plays
as the program ``arena bot flippo greedy`` does."""

import random

from arena.games.flippo import bots, fast_greedy
from arena.games.flippo.rules import FlippoState


def positions(games: int, seed: int):
    rng = random.Random(seed)
    for _ in range(games):
        state = FlippoState()
        while not state.is_over():
            yield state
            state.play(rng.choice(state.legal_moves()))


def test_the_stable_squares_are_the_rules_own():
    compared = 0
    for state in positions(8, seed=1):
        occupied = sum(1 << square for square, piece in enumerate(state.board) if piece)
        expected = state.stable_squares()
        assert {sq for sq in range(64) if fast_greedy.stable_mask(occupied) >> sq & 1} == expected
        compared += bool(expected)
    assert compared > 100  # positions with stable squares, not only empty sets


def test_the_same_random_generator_gives_the_same_move_at_every_position():
    for seed, state in enumerate(positions(15, seed=2)):
        for fast, slow in ((fast_greedy.greedy_choice, bots.greedy_choice),
                           (fast_greedy.most_pieces_choice, bots.most_pieces_choice)):
            assert fast(state, random.Random(seed)) == slow(state, random.Random(seed))


def test_a_whole_game_of_the_two_greedies_is_the_same_game():
    state = FlippoState()
    old_rng, new_rng = random.Random(3), random.Random(3)
    while not state.is_over():
        move = bots.greedy_choice(state, old_rng)
        assert fast_greedy.greedy_choice(state, new_rng) == move
        state.play(move)
