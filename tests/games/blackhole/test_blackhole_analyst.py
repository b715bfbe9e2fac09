"""Black Hole's analyst against a plain minimax over rules.py, on the ends of real games.

The games are played in process by the built-in random and greedy players; the brute
force knows nothing of the engine: it tries every legal move on copies of the position.
"""

import random
import time

import pytest

from arena.games import get_analyst
from arena.games.blackhole.bots import greedy_choice
from arena.games.blackhole.rules import LABELS, BlackHoleState

analyst = get_analyst("blackhole")


def game_positions(seed: int) -> list[BlackHoleState]:
    """Every position of a game of greedy against random (which plays which: by the seed)."""
    rng = random.Random(seed)
    state = BlackHoleState([LABELS[t] for t in rng.sample(range(len(LABELS)), 5)])
    greedy_seat = seed % 2
    positions = []
    while not state.is_over():
        positions.append(state.copy())
        if state.to_move == greedy_seat:
            state.play(greedy_choice(state, rng))
        else:
            state.play(rng.choice(state.legal_moves()))
    positions.append(state)
    return positions


def brute_force(state: BlackHoleState) -> int:
    """The final margin (mover's score minus the other's) with best play on both sides."""
    if state.is_over():
        scores = state.scores()
        return scores[state.to_move] - scores[1 - state.to_move]  # the side that would move next
    best = None
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        value = -brute_force(after)  # the other side moves next: its margin is ours negated
        best = value if best is None else max(best, value)
    return best


def snapshot(state: BlackHoleState) -> tuple:
    return (state.owner[:], state.number[:], [sorted(u) for u in state.used], state.turns, state.last_move)


# five plies take brute force about a second a position: fewer games there
@pytest.mark.parametrize("plies_left, games", [(1, 6), (2, 6), (3, 6), (4, 6), (5, 3)])
def test_exact_values_and_best_moves_match_brute_force_at_the_end(plies_left, games):
    nonzero = 0
    for seed in range(games):
        state = game_positions(seed)[30 - plies_left]
        expected = brute_force(state)
        evaluation = analyst.evaluate(state, None, 0.5)
        assert evaluation.exact
        assert evaluation.value == expected
        after = state.copy()
        after.play(state.parse_move(evaluation.best))
        assert -brute_force(after) == expected  # the best move reaches the value
        nonzero += expected != 0
    assert nonzero >= 2  # a value of 0 would not tell the sides apart


def test_the_move_played_is_valued_on_the_same_horizon():
    """played_value: the margin after the move played, from the mover's view. In the solved
    end it is brute force's; the best move played loses nothing."""
    checked = 0
    for seed in range(4):
        state = game_positions(seed)[27]
        for move in state.legal_moves()[::7]:
            text = state.format_move(move)
            evaluation = analyst.evaluate(state, text, 0.5)
            after = state.copy()
            after.play(move)
            assert evaluation.played_value == -brute_force(after)
            checked += evaluation.played_value < evaluation.value
        best = analyst.evaluate(state, None, 0.5).best
        assert analyst.evaluate(state, best, 0.5).played_value == analyst.evaluate(state, None, 0.5).value
    assert checked >= 4  # some of the moves tried were worse than the best


def test_values_are_from_the_movers_view():
    """Consecutive exact positions along the best line: the value changes sign with the mover,
    and the side that brute force says wins gets the positive value."""
    for seed in range(6, 12):
        state = game_positions(seed)[26]
        evaluation = analyst.evaluate(state, None, 0.5)
        after = state.copy()
        after.play(state.parse_move(evaluation.best))
        following = analyst.evaluate(after, None, 0.5)
        assert following.exact and following.value == -evaluation.value
        if evaluation.value != 0:
            assert (evaluation.value > 0) == (brute_force(state) > 0)
            break
    else:
        pytest.fail("every position was a draw: the test would not see a flipped sign")


def test_last_position_matches_the_outcome():
    for seed in range(3):
        positions = game_positions(seed)
        last, final = positions[-2], positions[-1]
        evaluation = analyst.evaluate(last, None, 0.5)
        assert evaluation.exact
        mover = last.to_move
        assert evaluation.value >= analyst.outcome(final, mover)  # the move played was at best as good
        best_end = last.copy()
        best_end.play(last.parse_move(evaluation.best))
        assert evaluation.value == analyst.outcome(best_end, mover)
        red, blue = final.scores()
        assert analyst.outcome(final, 0) == red - blue == -analyst.outcome(final, 1)


def test_mid_game_evaluation_is_legal_quick_and_leaves_the_state_alone():
    positions = game_positions(20)
    for ply in (0, 7, 15):
        state = positions[ply]
        before = snapshot(state)
        started = time.monotonic()
        played = state.format_move(state.legal_moves()[-1])
        evaluation = analyst.evaluate(state, played, 0.2)
        assert time.monotonic() - started < 1.5
        assert snapshot(state) == before
        assert evaluation.played_value is not None and evaluation.played_value <= evaluation.value + 10
        assert not evaluation.exact  # 15 or more plies left: no solve in 0.2 s
        assert state.parse_move(evaluation.best) in state.legal_moves()
        assert -60 <= evaluation.value <= 60


def test_unrelated_positions_one_after_another_give_the_same_answers():
    first, second = game_positions(30)[27], game_positions(31)[27]
    alone = analyst.evaluate(second, None, 0.5)
    analyst.evaluate(first, None, 0.5)
    again = analyst.evaluate(second, None, 0.5)
    assert (again.value, again.exact) == (alone.value, alone.exact) == (brute_force(second), True)
