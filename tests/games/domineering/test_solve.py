"""The engine's exact solve against a plain negamax over rules.py on small endgames."""

import random

from arena.games.domineering.rules import PASS, SIZE, DomineeringState
from arena.games.domineering.strong import engine


def occupancy(state: DomineeringState) -> int:
    return sum(1 << (x - 1) * 8 + y - 1
               for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if state.covered[x][y])


def child(state: DomineeringState, move) -> DomineeringState:
    after = DomineeringState.__new__(DomineeringState)
    after.values = state.values
    after.covered = [row[:] for row in state.covered]
    after.points = state.points[:]
    after.moves_played, after.passes_in_a_row, after.last_move = state.moves_played, state.passes_in_a_row, None
    after.play(move)
    return after


def brute_force(state: DomineeringState, memo: dict) -> int:
    """The best margin still to come (mover's points minus the opponent's), passes included."""
    if state.is_over():
        return 0
    key = (occupancy(state), state.to_move, state.passes_in_a_row)
    if key not in memo:
        seat = state.to_move
        memo[key] = max((state.gain(seat, move) if move != PASS else 0) - brute_force(child(state, move), memo)
                        for move in state.legal_moves())
    return memo[key]


def endgame(rng: random.Random, empties: int) -> DomineeringState:
    while True:
        values = [[rng.randint(0, 3) for _ in range(SIZE)] for _ in range(SIZE)]
        state = DomineeringState(values)
        while not state.is_over() and 64 - bin(occupancy(state)).count("1") > empties:
            placements = state.placements(state.to_move)
            state.play(rng.choice(placements) if placements else PASS)
        if not state.is_over() and state.placements(state.to_move):
            return state


def test_exact_solve_matches_brute_force_on_small_endgames():
    rng = random.Random(2024)
    nonzero = 0
    for _ in range(40):
        state = endgame(rng, rng.randint(10, 16))
        engine.set_values([v for row in state.values for v in row])
        seat, passed = state.to_move, state.passes_in_a_row == 1
        settled, worth = engine.settled(occupancy(state))
        move, score, depth, nodes, exact = engine.search(settled, seat, passed, 5.0, 10.0)
        assert exact
        own_worth = worth if seat == 0 else -worth
        expected = brute_force(state, {})
        assert score + own_worth == expected
        if move != -1:  # the chosen move is legal and reaches the best margin
            chosen = ((move // 8) + 1, move % 8 + 1)
            assert chosen in state.placements(seat)
            assert state.gain(seat, chosen) - brute_force(child(state, chosen), {}) == expected
        nonzero += expected != 0
    assert nonzero > 20

