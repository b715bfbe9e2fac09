"""Searching against a greedy opponent, and noticing one: the engine against the greedy player."""

import random

from arena.games.flippo.strong import engine
from arena.games.flippo.bots import most_pieces_moves as greedy_moves
from arena.games.flippo.strong.opponent_model import EVIDENCE_NEEDED, GreedyWatch
from arena.games.flippo.rules import FlippoState

from .test_engine import boards, squares


def test_greedy_moves_match_the_greedy_player_on_random_games():
    rng = random.Random(7)
    informative = 0
    for _ in range(30):
        state = FlippoState()
        while not state.is_over():
            expected = sorted(greedy_moves(state))
            assert squares(engine.greedy_moves(*boards(state))) == expected
            informative += len(expected) < len(state.legal_moves())
            state.play(rng.choice(state.legal_moves()))
    assert informative > 500  # the greedy set is usually a real choice


def expected_margin(state: FlippoState, us: int) -> float:
    """Our best expected final margin when the other side plays greedy with ties at random."""
    if state.is_over():
        white, black = state.scores()
        return (white - black) if us == 0 else (black - white)
    if state.to_move == us:
        options = state.legal_moves()
    else:
        options = greedy_moves(state)
    values = []
    for move in options:
        child = state.copy()
        child.play(move)
        values.append(expected_margin(child, us))
    return max(values) if state.to_move == us else sum(values) / len(values)


def test_search_against_greedy_is_exact_at_the_end():
    rng = random.Random(3)
    for _ in range(10):
        state = FlippoState()
        for _ in range(52):  # 8 empties: four moves each
            state.play(rng.choice(state.legal_moves()))
        own, opp = boards(state)
        square, value, depth, nodes, exact = engine.search_vs_greedy(own, opp, 5.0, 10.0)
        assert exact and depth == 4
        best = expected_margin(state, state.to_move)
        assert abs(value - 100 * best) < 1e-6
        child = state.copy()
        child.play(square)
        assert expected_margin(child, state.to_move) == best  # the move chosen is a best one


def play_to_watch(watch: GreedyWatch, state: FlippoState, move: int) -> None:
    watch.observe(*boards(state), move)
    state.play(move)


def test_the_watch_trusts_only_a_run_of_real_greedy_choices():
    rng = random.Random(5)
    state = FlippoState()
    watch = GreedyWatch()
    choices = 0
    while choices < EVIDENCE_NEEDED:
        assert not watch.opponent_is_greedy
        greedy = greedy_moves(state)
        choices += len(greedy) < len(state.legal_moves())
        play_to_watch(watch, state, rng.choice(greedy))
    assert watch.opponent_is_greedy
    # one move outside the greedy set ends it for good
    while len(greedy_moves(state)) == len(state.legal_moves()):
        play_to_watch(watch, state, rng.choice(state.legal_moves()))
    other = next(m for m in state.legal_moves() if m not in greedy_moves(state))
    play_to_watch(watch, state, other)
    assert not watch.opponent_is_greedy
    for _ in range(10):
        play_to_watch(watch, state, rng.choice(greedy_moves(state)))
    assert not watch.opponent_is_greedy


def test_forced_greedy_moves_are_no_evidence():
    """When every legal move is a greedy one, the move says nothing about the player."""
    rng = random.Random(9)
    state = FlippoState()
    while len(greedy_moves(state)) < len(state.legal_moves()):
        state.play(rng.choice(state.legal_moves()))
    watch = GreedyWatch()
    play_to_watch(watch, state, state.legal_moves()[0])
    assert watch.evidence == 0 and not watch.refuted
