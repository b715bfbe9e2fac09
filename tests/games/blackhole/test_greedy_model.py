"""Searching against a greedy opponent, and noticing one: the engine against the greedy player."""

import random

from arena.games.blackhole.strong import engine
from arena.games.blackhole.bots import greedy_moves
from arena.games.blackhole.strong.opponent_model import EVIDENCE_NEEDED, GreedyWatch
from arena.games.blackhole.rules import BlackHoleState

from .test_engine import random_ending, random_setup


def test_greedy_moves_match_the_greedy_player_on_random_games():
    rng = random.Random(7)
    ties = 0
    for _ in range(40):
        state, _ = random_setup(rng)
        while not state.is_over():
            expected = sorted(greedy_moves(state))
            assert sorted(engine.greedy_moves()) == expected
            ties += len(expected) > 1
            move = rng.choice(state.legal_moves())
            state.play(move)
            engine.play(*move)
    assert ties > 100  # tied greedy moves (which the model averages over) are common


def final_margin(state: BlackHoleState, us: int) -> int:
    red, blue = state.scores()
    return (red - blue) // 2 * (1 if us == 0 else -1)


def expected_margin(state: BlackHoleState, us: int) -> float:
    """Our best expected final margin over every legal move, the other side greedy with ties at random."""
    if state.is_over():
        return final_margin(state, us)
    options = state.legal_moves() if state.to_move == us else greedy_moves(state)
    values = []
    for tile, number in options:
        state.owner[tile], state.number[tile] = state.to_move, number
        state.used[state.to_move].add(number)
        state.turns += 1
        values.append(expected_margin(state, us))
        state.turns -= 1
        state.used[state.to_move].discard(number)
        state.owner[tile], state.number[tile] = None, 0
    return max(values) if state.to_move == us else sum(values) / len(values)


def test_search_against_greedy_is_exact_at_the_end():
    rng = random.Random(3)
    for game in range(10):
        plies = 4 + game % 3  # the last 4 to 6 plies
        state = random_ending(rng, plies)
        us = state.to_move
        tile, number, value, depth, nodes, exact = engine.search_vs_greedy(5.0, 10.0)
        assert exact and depth == (plies + 1) // 2
        best = expected_margin(state, us)
        assert abs(value - 100 * best) < 1e-6
        state.play((tile, number))
        assert expected_margin(state, us) == best  # the move chosen is a best one


def play_to_watch(watch: GreedyWatch, state: BlackHoleState, move: tuple[int, int]) -> None:
    watch.observe(*move)
    state.play(move)
    engine.play(*move)


def test_the_watch_trusts_only_a_run_of_greedy_moves():
    rng = random.Random(5)
    state, _ = random_setup(rng)
    watch = GreedyWatch()
    for _ in range(EVIDENCE_NEEDED):
        assert not watch.opponent_is_greedy
        play_to_watch(watch, state, rng.choice(greedy_moves(state)))
    assert watch.opponent_is_greedy
    other = next(m for m in state.legal_moves() if m not in greedy_moves(state))
    play_to_watch(watch, state, other)  # one move outside the greedy set ends it for good
    assert not watch.opponent_is_greedy
    for _ in range(6):
        play_to_watch(watch, state, rng.choice(greedy_moves(state)))
    assert not watch.opponent_is_greedy


def test_filling_phase_moves_are_no_evidence():
    """Once no empty tile touches another, greedy's move is every sound player's move."""
    rng = random.Random(9)
    state, _ = random_setup(rng)
    while not engine.in_filling_phase():
        move = rng.choice(state.legal_moves())
        state.play(move)
        engine.play(*move)
    watch = GreedyWatch()
    while not state.is_over():
        play_to_watch(watch, state, rng.choice(greedy_moves(state)))
    assert watch.evidence == 0 and not watch.refuted
