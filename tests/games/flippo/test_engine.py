"""The compiled engine against rules.py, the source of truth, on thousands of random positions."""

import random

from arena.games.flippo.strong import engine
from arena.games.flippo.rules import SEAT_COLOUR, FlippoState


def boards(state: FlippoState) -> tuple[int, int]:
    """(mover's pieces, opponent's pieces) as bit masks."""
    mover = SEAT_COLOUR[state.to_move]
    own = sum(1 << i for i, c in enumerate(state.board) if c == mover)
    opp = sum(1 << i for i, c in enumerate(state.board) if c and c != mover)
    return own, opp


def squares(mask: int) -> list[int]:
    return [i for i in range(64) if mask >> i & 1]


def test_start_position_has_the_six_moves_of_the_rules():
    own, opp = boards(FlippoState())
    assert squares(engine.legal_moves(own, opp)) == sorted(FlippoState().legal_moves())
    assert len(squares(engine.legal_moves(own, opp))) == 6


def test_engine_agrees_with_rules_on_random_games():
    rng = random.Random(2019)
    positions = 0
    for _ in range(80):  # 80 games x 60 moves = 4,800 positions
        state = FlippoState()
        while not state.is_over():
            own, opp = boards(state)
            legal = sorted(state.legal_moves())
            assert squares(engine.legal_moves(own, opp)) == legal
            move = rng.choice(legal)
            expected_flips = sorted(state.flips(move, SEAT_COLOUR[state.to_move]))
            assert squares(engine.flips(own, opp, move)) == expected_flips
            after = engine.play(own, opp, move)
            state.play(move)
            own_after, opp_after = boards(state)
            assert after == (opp_after, own_after)  # the mover changes sides
            positions += 1
        white, black = state.scores()
        assert white + black == 60
        # after move 60 White is to move again: own = White
        assert (bin(own_after).count("1") - 2, bin(opp_after).count("1") - 2) == (white, black)
    assert positions == 80 * 60


def test_stable_squares_never_change_colour_in_random_games():
    rng = random.Random(7)
    for _ in range(40):
        state = FlippoState()
        frozen: dict[int, int] = {}
        while not state.is_over():
            own, opp = boards(state)
            for sq in squares(engine.stable(own, opp)):
                frozen.setdefault(sq, state.board[sq])
            state.play(rng.choice(state.legal_moves()))
            for sq, colour in frozen.items():
                assert state.board[sq] == colour
        assert len(frozen) > 4  # corners at least end up stable


def test_exact_search_matches_brute_force_at_the_end():
    rng = random.Random(11)
    for _ in range(12):
        state = FlippoState()
        for _ in range(54):  # 6 empties left
            state.play(rng.choice(state.legal_moves()))
        own, opp = boards(state)
        engine.clear()
        square, score, depth, nodes, exact = engine.search(own, opp, 5.0, 10.0, 14)
        assert exact and square in state.legal_moves()
        assert score == 100 * brute_force(state)


def brute_force(state: FlippoState) -> int:
    """Best final margin (mover minus opponent) by plain minimax over rules.py."""
    if state.is_over():
        white, black = state.scores()
        return (white - black) if state.to_move == 0 else (black - white)
    best = -99
    for move in state.legal_moves():
        child = state.copy()
        child.play(move)
        best = max(best, -brute_force(child))
    return best


def test_probcut_prunes_the_middle_game_but_never_an_exact_solve():
    rng = random.Random(12)
    pruned = full = 0
    try:
        for _ in range(6):
            state = FlippoState()
            for _ in range(24):
                state.play(rng.choice(state.legal_moves()))
            own, opp = boards(state)
            for sigmas_x10, counter in ((14, "pruned"), (0, "full")):
                engine.set_param("probcut_sigmas_x10", sigmas_x10)
                engine.clear()
                square, score, depth, nodes, exact = engine.search(own, opp, 60.0, 60.0, 0, 7)
                assert depth == 7 and not exact and square in state.legal_moves()
                if counter == "pruned":
                    pruned += nodes
                else:
                    full += nodes
        assert pruned < 0.8 * full
        # 8 empties: the solve is exact with ProbCut on, as brute force says
        engine.set_param("probcut_sigmas_x10", 14)
        state = FlippoState()
        for _ in range(56):
            state.play(rng.choice(state.legal_moves()))
        engine.clear()
        square, score, depth, nodes, exact = engine.search(*boards(state), 5.0, 10.0, 14)
        assert exact and score == 100 * brute_force(state)
    finally:
        engine.set_param("probcut_sigmas_x10", 14)


def test_pattern_instances_are_the_board_turned_and_the_fast_score_agrees():
    rng = random.Random(21)
    quarter_turn = [8 * (i % 8) + 7 - i // 8 for i in range(64)]  # (r, c) -> (c, 7 - r)
    for _ in range(60):
        state = FlippoState()
        for _ in range(rng.randrange(0, 60)):
            state.play(rng.choice(state.legal_moves()))
        own, opp = boards(state)
        turned = [sum(1 << quarter_turn[s] for s in squares(mask)) for mask in (own, opp)]
        indices, turned_indices = engine.pattern_indices(own, opp), engine.pattern_indices(*turned)
        for shape in (slice(0, 4), slice(4, 8), slice(8, 12)):  # edges, second lines, corners
            assert sorted(indices[shape]) == sorted(turned_indices[shape])
        for empties in (14, 30, 50):
            assert engine.fast_pattern_score_matches(own, opp, empties)


def test_white_to_move_feature_follows_the_seat_to_move():
    # the last feature tells whose move it is: White moves first, so at an even
    # number of empty squares; a phase of the evaluation holds both parities
    rng = random.Random(22)
    for _ in range(40):
        state = FlippoState()
        for _ in range(rng.randrange(0, 60)):
            state.play(rng.choice(state.legal_moves()))
        white_to_move = SEAT_COLOUR[state.to_move] == SEAT_COLOUR[0]
        assert engine.eval_features(*boards(state))[-1] == (1 if white_to_move else -1)
