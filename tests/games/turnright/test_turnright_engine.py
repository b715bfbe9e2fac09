"""The compiled engine against rules.py and circuit.py, the source of truth, on thousands of positions."""

import random

from arena.games.turnright.circuit import (
    SIZE, canonical, check_circuit, loop_squares, rotate, signed_area_twice, square,
)
from arena.games.turnright.greedy import hexagons
from arena.games.turnright.rules import PLACEMENTS, TurnRightState, rectangles
from arena.games.turnright.scoring import BLACK, WHITE, colour_mask, has_3x3, points_on_board
from arena.games.turnright.strong import engine
from arena.games.turnright.strong.player import Game

CYCLES_OF_THE_6X6_GRID = 1_222_363  # the simple cycles of the 6×6 grid graph (OEIS A140517)


def test_every_cycle_of_the_grid_is_a_circuit_once():
    assert engine.prepare() == CYCLES_OF_THE_6X6_GRID
    assert engine.circuit_count(28) == CYCLES_OF_THE_6X6_GRID
    small = [engine.corners(i) for i in range(engine.circuit_count(8))]
    assert len(set(small)) == len(small) == 11_275


def test_the_smallest_circuits_are_the_rectangles_and_the_l_shapes():
    assert {engine.corners(i) for i in range(engine.circuit_count(4))} == {canonical(c) for c in rectangles()}
    expected = {canonical(c) for c in rectangles()} | {canonical(c) for c in hexagons()}
    assert {engine.corners(i) for i in range(engine.circuit_count(6))} == expected


def test_sampled_circuits_are_legal_canonical_and_sorted_by_corners():
    rng = random.Random(6)
    for index in rng.sample(range(engine.prepare()), 3000):
        corners = engine.corners(index)
        check_circuit(corners, circuit_number=13)  # raises if illegal (clockwise, real corners, simple)
        assert corners == canonical(corners)
        assert engine.loop_mask(index) == sum(1 << sq for sq in loop_squares(corners))
        assert index >= engine.circuit_count(len(corners) - 2)  # fewer corners come first
        assert index < engine.circuit_count(len(corners))


def random_cycle(rng: random.Random) -> tuple[int, ...]:
    """A random simple cycle of the grid, as clockwise corners: a self-avoiding walk until it can close."""
    while True:
        start = rng.randrange(SIZE * SIZE)
        path = [start]
        while True:
            f, r = divmod(path[-1], SIZE)
            steps = [square(f + df, r + dr) for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                     if 0 <= f + df < SIZE and 0 <= r + dr < SIZE]
            if len(path) >= 4 and start in steps and rng.random() < 0.3:
                break
            steps = [s for s in steps if s not in path]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) < 4 or start not in _neighbours(path[-1]):
            continue
        if signed_area_twice(tuple(path)) > 0:
            path.reverse()
        turns = tuple(s for i, s in enumerate(path) if _turns(path[i - 1], s, path[(i + 1) % len(path)]))
        return turns


def _neighbours(sq: int) -> set[int]:
    f, r = divmod(sq, SIZE)
    return {square(f + df, r + dr) for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= f + df < SIZE and 0 <= r + dr < SIZE}


def _turns(before: int, at: int, after: int) -> bool:
    return (before // SIZE == at // SIZE) != (at // SIZE == after // SIZE)


def test_random_cycles_found_independently_are_in_the_table():
    rng = random.Random(13)
    for _ in range(40):  # each look-up scans the whole table
        corners = canonical(random_cycle(rng))
        if len(corners) > 28:
            continue
        check_circuit(corners, circuit_number=13)
        loop = sum(1 << sq for sq in loop_squares(corners))
        assert corners in [engine.corners(i) for i in engine.circuits_with_loop(loop)]


def test_turning_and_scoring_agree_with_the_rules_on_random_boards():
    rng = random.Random(2006)
    total = engine.prepare()
    for _ in range(5000):
        board = [WHITE] * 18 + [BLACK] * 18
        rng.shuffle(board)
        index = rng.randrange(total) if rng.random() < 0.5 else rng.randrange(engine.circuit_count(8))
        white = colour_mask(board, WHITE)
        rotate(board, engine.corners(index))
        after = engine.turn(white, index)
        assert after == colour_mask(board, WHITE)
        black = ~after & ((1 << 36) - 1)
        assert (engine.points(after), engine.points(black)) == points_on_board(board)
        assert engine.wins(after) == has_3x3(board, WHITE)
        assert engine.wins(black) == has_3x3(board, BLACK)


def test_both_colours_at_once_agree_with_the_rules():
    """The one-word evaluation of both colours (the loops over circuits use it) against scoring.py,
    on random boards and on boards with a 3×3 block of one colour or of both planted in them."""
    rng = random.Random(27)
    wins_seen = set()
    for _ in range(4000):
        board = [WHITE] * 18 + [BLACK] * 18
        rng.shuffle(board)
        for colour in rng.sample([WHITE, BLACK], rng.randrange(3)):
            f, r = rng.randrange(4), rng.randrange(4)
            for sq in (square(f + i, r + j) for i in range(3) for j in range(3)):
                board[sq] = colour
        white = colour_mask(board, WHITE)
        white_points, black_points = points_on_board(board)
        wins = (has_3x3(board, WHITE), has_3x3(board, BLACK))
        assert engine.both_colours(white) == (white_points + black_points, white_points - black_points, *wins)
        wins_seen.add(wins)
    assert wins_seen == {(False, False), (True, False), (False, True), (True, True)}


def test_near_wins_count_the_3x3_blocks_missing_at_most_one_square():
    rng = random.Random(31)
    blocks = [[square(f + i, r + j) for i in range(3) for j in range(3)] for f in range(4) for r in range(4)]
    counts = set()
    for _ in range(3000):
        mask = rng.getrandbits(36) | (rng.getrandbits(36) if rng.random() < 0.5 else 0)  # denser boards too
        expected = sum(1 for block in blocks if sum(1 for sq in block if not mask >> sq & 1) <= 1)
        assert engine.near_wins(mask) == expected
        counts.add(expected)
    assert len(counts) >= 5  # boards with none, one and several near wins were seen


def test_whole_random_games_end_as_the_rules_say():
    """The player's own bookkeeping (its Game) against TurnRightState, move by move, to the end."""
    rng = random.Random(26)
    endings = set()
    for _ in range(150):
        state, game = TurnRightState(), Game()
        while not state.is_over():
            if state.placing:
                move = rng.choice(state.legal_moves())
                game.place(move)
            else:
                move = engine.corners(rng.randrange(engine.circuit_count(2 * (state.circuit_number + 1))))
                game.turn(list(move))
            state.play(move)
            assert game.masks == [colour_mask(state.board, WHITE), colour_mask(state.board, BLACK)]
            assert game.mover() == state.to_move or state.is_over()
            assert game.over() == state.is_over()
        endings.add(state.winner_3x3 is not None)
        assert state.placements == PLACEMENTS
    assert endings == {True, False}  # both kinds of ending were seen


def test_a_placement_goes_on_a_free_square():
    rng = random.Random(3)
    for _ in range(30):
        taken = rng.sample(range(36), rng.randrange(0, 34))
        mine = sum(1 << sq for sq in taken[::2])
        theirs = sum(1 << sq for sq in taken[1::2])
        square_, depth, _ = engine.search_placement(mine, theirs, 0.01)
        assert not (mine | theirs) >> square_ & 1
        assert 0 <= square_ < 36 and depth >= 1
