"""Properties of every Domineering game, over random games and random text."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.games.base import MoveError
from arena.games.domineering.game import make_setup
from arena.games.domineering.bots import greedy_choice, random_choice
from arena.games.domineering.rules import PASS, DomineeringState


def random_game(seed: int, pass_chance: float = 0.0):
    """A game of random placements (and, with ``pass_chance``, random passes); returns it and its moves."""
    rng = random.Random(seed)
    state = DomineeringState(make_setup(rng)["values"])
    moves = []
    while not state.is_over():
        move = PASS if rng.random() < pass_chance else random_choice(state, rng)
        moves.append((state.to_move, move))
        state.play(move)
    return state, moves


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([0.0, 0.1, 0.5]))
def test_points_are_the_values_of_the_covered_cells(seed, pass_chance):
    state, moves = random_game(seed, pass_chance)
    covered_by = [[], []]
    for seat, move in moves:
        if move != PASS:
            x, y = move
            dx, dy = (0, 1) if seat == 0 else (1, 0)
            covered_by[seat] += [(x, y), (x + dx, y + dy)]
    cells = covered_by[0] + covered_by[1]
    assert len(cells) == len(set(cells))  # no cell is covered twice
    for seat in (0, 1):
        assert state.points[seat] == sum(state.values[x - 1][y - 1] for x, y in covered_by[seat])
    first, second = state.scores()
    assert second - int(second) == 0.5 and first != second  # never a draw


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([0.0, 0.3]))
def test_the_game_ends_exactly_when_the_rules_say(seed, pass_chance):
    state, moves = random_game(seed, pass_chance)
    two_passes = len(moves) >= 2 and moves[-1][1] == PASS and moves[-2][1] == PASS
    stuck = not state.placements(0) and not state.placements(1)
    assert two_passes or stuck
    # and not earlier: replaying, no prefix was over
    replay = DomineeringState(state.values)
    for _, move in moves[:-1]:
        replay.play(move)
        assert not replay.is_over()


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_greedy_takes_the_most_valuable_placement(seed):
    rng = random.Random(seed)
    state = DomineeringState(make_setup(rng)["values"])
    while not state.is_over():
        seat = state.to_move
        move = greedy_choice(state, rng)
        gains = [state.gain(seat, m) for m in state.placements(seat)]
        if gains:
            assert state.gain(seat, move) == max(gains)
        else:
            assert move == PASS
        state.play(move)


def test_greedy_beats_random_on_average():
    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = DomineeringState(make_setup(rng)["values"])
        greedy_seat = seed % 2
        while not state.is_over():
            chooser = greedy_choice if state.to_move == greedy_seat else random_choice
            state.play(chooser(state, rng))
        scores = state.scores()
        wins += scores[greedy_seat] > scores[1 - greedy_seat]
    assert wins >= 14


@given(st.text(max_size=16))
def test_parsing_any_text_either_works_or_says_why(text):
    state = DomineeringState([[1] * 8] * 8)
    try:
        x, y = state.parse_move(text)
    except MoveError as error:
        assert str(error)
    else:
        assert text.split() == ["MOVE", *text.split()[1:]] and (x, y) == tuple(int(w) for w in text.split()[1:])


@given(st.integers(-3, 10), st.integers(-3, 10))
def test_every_cell_pair_is_either_played_or_refused_with_a_reason(x, y):
    state = DomineeringState([[2] * 8] * 8)
    try:
        state.play_text(f"MOVE {x} {y}")
    except MoveError as error:
        assert str(error)
        assert state.moves_played == 0
    else:
        assert (x, y) == (-1, -1) or (1 <= x <= 8 and 1 <= y <= 7)


def test_the_seed_draws_values_0_to_3_reproducibly():
    setup = make_setup(random.Random(4))
    assert setup == make_setup(random.Random(4))
    flat = [v for row in setup["values"] for v in row]
    assert len(flat) == 64 and set(flat) <= {0, 1, 2, 3} and len(set(flat)) > 1
