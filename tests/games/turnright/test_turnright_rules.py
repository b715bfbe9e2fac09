"""Turn Right rules: the placement phase, circuits, points, the 3×3 win and the match result."""

import random

import pytest

from arena.games.base import IllegalMoveError, MoveFormatError
from arena.games.turnright.rules import TurnRightState
from arena.games.turnright.scoring import BLACK, WHITE, match_points

MIXED = """
WBWBWB
BWBWBW
WBWBWB
BWBWBW
WBWBWB
BWBWBW
"""


def place_all(state, rng=random.Random(1)):
    while state.placing:
        state.play(rng.choice(state.legal_moves()))


def test_white_places_18_black_17_and_black_gets_the_last_square_by_itself():
    state = TurnRightState()
    movers = []
    while state.placing:
        movers.append(state.to_move)
        state.play(state.legal_moves()[0])
    assert movers.count(0) == 18 and movers.count(1) == 17
    assert movers[0] == 0 and movers[-1] == 0  # White first and last
    assert state.auto_square == 35  # the only free square left when placing in order
    assert state.board.count(WHITE) == 18 and state.board.count(BLACK) == 18
    assert state.to_move == 1  # Black turns the first circuit at once


def test_placing_on_an_occupied_square_is_illegal_and_a_circuit_is_a_format_error():
    state = TurnRightState()
    state.play_text("c3")
    with pytest.raises(IllegalMoveError, match="c3 is already occupied"):
        state.play_text("c3")
    with pytest.raises(MoveFormatError, match="one free square"):
        state.parse_move("a1-a2-b2-b1")


def test_a_single_square_in_phase_two_is_not_a_circuit():
    state = TurnRightState()
    place_all(state)
    with pytest.raises(IllegalMoveError, match="at least 4 corners"):
        state.play_text("a1")


def test_13_circuits_each_black_first_and_the_corner_limit_is_per_player(make_board):
    state = make_board(MIXED)
    movers = []
    while not state.is_over():
        movers.append(state.to_move)
        if state.circuit_number == 1:
            with pytest.raises(IllegalMoveError, match="at most 4"):
                state.copy().play_text("a1-a3-b3-b2-c2-c1")
        else:
            state.copy().play_text("a1-a3-b3-b2-c2-c1")  # 6 corners from the second circuit on
        state.play_text("a1-a2-b2-b1")
    assert state.winner_3x3 is None
    assert movers == [1, 0] * 13
    assert state.legal_moves() == []


def test_white_starts_with_5_and_points_accumulate_after_every_circuit(make_board):
    state = make_board(MIXED)
    assert state.scores() == (5, 0)
    state.play_text("a1-a2-b2-b1")  # rotating a 2×2 checkerboard leaves a checkerboard
    assert state.scores() == (5, 0)
    board = make_board("""
        WWBBWB
        WWBBBW
        WBWBWB
        BWBWBW
        WBWBWB
        BWBWBW
    """)
    board.play_text("e1-e2-f2-f1")  # away from the blocks: W a5-b6 and B c5-d6 stay
    assert board.scores() == (6, 1)
    board.play_text("e1-e2-f2-f1")
    assert board.scores() == (7, 2)  # counted again after the second circuit


ALMOST_3X3 = """
    BWBWBW
    WBWBWB
    BWBWBW
    WWBWBW
    WWWBWB
    WWWBWB
"""
# White's a1-c3 block lacks only c3; the circuit c3-c4-d4-d3 brings d3's white piece onto c3.


def test_a_3x3_wins_at_once(make_board):
    state = make_board(ALMOST_3X3)
    state.circuits = 1  # White to move
    state.play_text("c3-c4-d4-d3")
    assert state.winner_3x3 == 0 and state.is_over()
    result = state.result()
    assert (result.ending, result.game_points) == ("3x3", [3, 0])
    with pytest.raises(IllegalMoveError, match="over"):
        state.play_text("a1-a2-b2-b1")


def test_a_3x3_made_for_the_opponent_wins_for_the_opponent(make_board):
    state = make_board(ALMOST_3X3)
    assert state.to_move == 1  # Black turns the circuit and completes White's block
    state.play_text("c3-c4-d4-d3")
    assert state.winner_3x3 == 0
    assert state.result().game_points == [3, 0]


def test_both_3x3_after_the_same_circuit_the_player_who_did_not_move_wins(make_board):
    picture = """
        WBBBBB
        BWBBBB
        WBBBBB
        WWWBWB
        WWWWBW
        WWWBWB
    """
    black_moves = make_board(picture)
    black_moves.play_text("e1-e2-f2-f1")
    assert black_moves.winner_3x3 == 0  # Black moved: White wins
    white_moves = make_board(picture)
    white_moves.circuits = 1  # pretend Black has turned once: White to move
    assert white_moves.to_move == 0
    white_moves.play_text("e1-e2-f2-f1")
    assert white_moves.winner_3x3 == 1


def test_a_3x3_during_placement_is_not_checked():
    state = TurnRightState()
    black = iter(["a6", "b6", "c6", "d6", "e6", "f6", "a5", "b5", "c5"])
    for name in ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]:
        state.play_text(name)
        state.play_text(next(black))
    assert not state.is_over() and state.placing


def test_the_seed_examples_of_the_match_result():
    assert match_points(32, 26) == (56, 44)
    assert match_points(15, 22, bonus=True) == (93, 57)  # a 3×3 win while behind 22–15
    assert match_points(80, 10) == (100, 0)  # more than 50 ahead
    assert match_points(20, 20) == (50, 50)


def test_results_from_a_state():
    finished = TurnRightState()
    finished.circuits, finished.points = 26, [32, 26]
    result = finished.result()
    assert (result.winner, result.game_points, result.match_points) == (0, [2, 0], [56, 44])
    tie = TurnRightState()
    tie.circuits, tie.points = 26, [30, 30]
    assert (tie.result().winner, tie.result().game_points, tie.result().match_points) == (None, [1, 1], [50, 50])
    three = TurnRightState()
    three.winner_3x3, three.points = 1, [22, 15]
    assert three.result().match_points == [57, 93] and three.result().game_points == [0, 3]
    fault = TurnRightState()
    fault.points = [14, 18]  # Black ahead, then Black exceeds the time limit
    result = fault.fault_result(1)
    assert (result.winner, result.game_points, result.match_points) == (0, [3, 0], [96, 0])
