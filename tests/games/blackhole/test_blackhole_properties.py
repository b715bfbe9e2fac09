"""Properties of every Black Hole game, over random games and random text."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.games.base import MoveError
from arena.games.blackhole.game import make_setup, parse_setup
from arena.games.blackhole.bots import greedy_choice
from arena.games.blackhole.rules import LABELS, NEIGHBOURS, RED, BLUE, BlackHoleState


def random_game(seed: int, greedy_seat: int | None = None) -> BlackHoleState:
    rng = random.Random(seed)
    state = BlackHoleState(make_setup(rng)["brown"])
    while not state.is_over():
        if state.to_move == greedy_seat:
            move = greedy_choice(state, rng)
        else:
            move = rng.choice(state.legal_moves())
        state.play(move)
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_a_game_uses_every_stone_once_and_leaves_one_hole(seed):
    state = random_game(seed)
    assert state.turns == 30
    assert len(state.empty_tiles()) == 1
    for colour in (RED, BLUE):
        numbers = sorted(state.number[t] for t in range(36) if state.owner[t] == colour)
        assert numbers == list(range(1, 16))
    red, blue = state.scores()
    assert red + blue == 150
    hole = state.hole()
    signed = sum(
        state.number[n] * (1 if state.owner[n] == RED else -1)
        for n in NEIGHBOURS[hole]
        if state.owner[n] in (RED, BLUE)
    )
    assert red - 75 == signed


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_greedy_always_plays_legal_moves(seed):
    state = random_game(seed, greedy_seat=seed % 2)
    assert state.is_over()


def test_greedy_beats_random_on_average():
    margin = 0
    for seed in range(20):
        seat = seed % 2
        margin += random_game(seed, greedy_seat=seat).scores()[seat] - 75
    assert margin > 0


def blue_score_after(state, move):
    after = state.copy()
    after.play(move)
    return after.scores()[1]


def test_greedy_takes_the_best_hole_on_the_last_turn():
    for seed in range(10):
        rng = random.Random(seed)
        state = BlackHoleState(make_setup(rng)["brown"])
        while state.turns < 29:
            state.play(rng.choice(state.legal_moves()))
        best = max(blue_score_after(state, move) for move in state.legal_moves())
        state.play(greedy_choice(state, rng))
        assert state.scores()[1] == best


@given(st.text(max_size=12))
def test_parsing_any_text_either_works_or_says_why(text):
    state = BlackHoleState(["E4", "F2", "A5", "A7", "C1"])
    try:
        tile, number = state.parse_move(text)
    except MoveError as error:
        assert str(error)
    else:
        assert state.format_move((tile, number)) == text


@given(st.lists(st.sampled_from(LABELS), min_size=5, max_size=5, unique=True))
def test_any_five_distinct_tiles_are_a_setup(labels):
    assert parse_setup(",".join(labels)) == {"brown": labels}


def test_the_seed_draws_five_distinct_brown_tiles_reproducibly():
    first = make_setup(random.Random(7))
    assert first == make_setup(random.Random(7))
    assert len(set(first["brown"])) == 5
    assert {tuple(make_setup(random.Random(s))["brown"]) for s in range(20)}.__len__() > 1
