"""The facts of docs/games/blackhole.md, one by one."""

import random

import pytest

from arena.games.base import IllegalMoveError, MoveFormatError
from arena.games.blackhole.rules import INDEX, LABELS, NEIGHBOURS, BlackHoleState

BROWN = ["E4", "F2", "A5", "A7", "C1"]


def test_there_are_36_labels_from_A1_to_H1():
    assert len(LABELS) == 36
    assert LABELS[:8] == [f"A{n}" for n in range(1, 9)]
    assert "B7" in LABELS and "B8" not in LABELS and "H1" in LABELS and "H2" not in LABELS
    assert all(ord(label[0]) - ord("A") + int(label[1:]) - 1 <= 7 for label in LABELS)


@pytest.mark.parametrize("corner", ["A1", "A8", "H1"])
def test_corners_have_two_neighbours(corner):
    assert len(NEIGHBOURS[INDEX[corner]]) == 2


def test_neighbours_follow_the_formula():
    assert sorted(LABELS[n] for n in NEIGHBOURS[INDEX["A1"]]) == ["A2", "B1"]
    assert sorted(LABELS[n] for n in NEIGHBOURS[INDEX["H1"]]) == ["G1", "G2"]
    # C3 is (u=2, v=2): (2,3) (2,1) (3,2) (1,2) (1,3) (3,1)
    assert sorted(LABELS[n] for n in NEIGHBOURS[INDEX["C3"]]) == ["B3", "B4", "C2", "C4", "D2", "D3"]
    assert len(NEIGHBOURS[INDEX["C3"]]) == 6
    # an edge tile that is not a corner has 4
    assert len(NEIGHBOURS[INDEX["A4"]]) == 4


def test_neighbourhood_is_symmetric():
    for tile, around in enumerate(NEIGHBOURS):
        assert all(tile in NEIGHBOURS[n] for n in around)


def test_brown_stones_are_occupied_and_red_moves_first():
    state = BlackHoleState(BROWN)
    assert state.to_move == 0
    assert len(state.empty_tiles()) == 31
    with pytest.raises(IllegalMoveError, match="E4 is already taken by a brown stone"):
        state.play_text("E4=3")


def play_all(state, moves):
    for text in moves:
        state.play_text(text)


def hand_worked_game():
    """A full game that leaves the hole on A1, next to A2 (red 4) and B1 (blue 11).

    Red fills A2 with 4 and Blue B1 with 11; all other stones go far from A1.
    Hand count: R = 4, B = 11, so Red 75 + 4 - 11 = 68 and Blue 75 - 4 + 11 = 82.
    """
    state = BlackHoleState(BROWN)
    free = [t for t in LABELS if t not in BROWN and t not in ("A1", "A2", "B1")]
    red_numbers = [n for n in range(1, 16) if n != 4]
    blue_numbers = [n for n in range(1, 16) if n != 11]
    moves = ["A2=4", "B1=11"]
    for i in range(14):
        moves.append(f"{free[2 * i]}={red_numbers[i]}")
        moves.append(f"{free[2 * i + 1]}={blue_numbers[i]}")
    play_all(state, moves)
    return state


def test_scores_of_a_hand_worked_game():
    state = hand_worked_game()
    assert state.is_over()
    assert LABELS[state.hole()] == "A1"
    assert state.sums_around(state.hole()) == (4, 11)
    assert state.scores() == (68, 82)
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        state.play_text("A1=1")


def test_the_rule_pages_example_sums():
    """The example of the rule page: red 4, 7, 14 and blue 2, 11 around the hole: 87 and 63."""
    state = BlackHoleState(BROWN)
    hole = INDEX["C3"]
    around = [LABELS[n] for n in NEIGHBOURS[hole]]  # six tiles, none brown
    for label, (owner, number) in zip(around, [(0, 4), (0, 7), (0, 14), (1, 2), (1, 11), (1, 0)]):
        if number:
            state.owner[INDEX[label]], state.number[INDEX[label]] = owner, number
    assert state.sums_around(hole) == (25, 13)
    # with every other tile filled, the scores follow
    for tile in state.empty_tiles():
        if tile != hole:
            state.owner[tile], state.number[tile] = 2, 0
    state.turns = 30
    assert state.scores() == (87, 63)


def test_brown_next_to_the_hole_counts_zero():
    state = BlackHoleState(["A2", "C1", "D1", "E1", "F1"])
    free = [t for t in LABELS if t not in ("A1", "A2", "C1", "D1", "E1", "F1", "B1")]
    moves = ["B1=15"]
    red = iter(range(1, 15))  # red's 15 is already on B1
    blue = iter(range(1, 16))
    for i, tile in enumerate(free):
        moves.append(f"{tile}={next(blue) if i % 2 == 0 else next(red)}")
    play_all(state, moves)
    assert LABELS[state.hole()] == "A1"  # neighbours: A2 brown, B1 red 15
    assert state.scores() == (90, 60)


@pytest.mark.parametrize(
    "text, error, fragment",
    [
        ("", MoveFormatError, "empty line"),
        ("A3", MoveFormatError, "one '='"),
        ("A3=6=7", MoveFormatError, "one '='"),
        ("I1=6", MoveFormatError, "'I1' is not a tile"),
        ("B8=6", MoveFormatError, "'B8' is not a tile"),
        ("a3=6", MoveFormatError, "uppercase"),
        ("A3=16", MoveFormatError, "no stone 16"),
        ("A3=0", MoveFormatError, "leading zeros"),
        ("A3=06", MoveFormatError, "leading zeros"),
        ("A3=x", MoveFormatError, "not a stone number"),
        ("A3=-1", MoveFormatError, "not a stone number"),
        ("A3=6 ", MoveFormatError, "spaces around"),
        ("A3=6 please", MoveFormatError, "not a stone number"),
        ("A3 = 6", MoveFormatError, "not a tile"),
        ("E4=6", IllegalMoveError, "taken by a brown stone"),
    ],
)
def test_every_bad_move_has_its_own_clear_error(text, error, fragment):
    state = BlackHoleState(BROWN)
    with pytest.raises(error, match=fragment):
        state.play_text(text)
    assert state.turns == 0  # a refused move changes nothing


def test_a_number_is_used_once_per_side_and_a_tile_once():
    state = BlackHoleState(BROWN)
    play_all(state, ["A3=6", "B3=6"])  # both sides may use a 6
    with pytest.raises(IllegalMoveError, match="red has already placed its stone 6"):
        state.play_text("B4=6")
    with pytest.raises(IllegalMoveError, match="A3 is already taken by a red stone"):
        state.play_text("A3=7")
    assert state.turns == 2


def test_moves_round_trip_through_the_notation():
    state = BlackHoleState(BROWN)
    for move in state.legal_moves():
        assert state.parse_move(state.format_move(move)) == move


def test_the_docstring_examples_hold():
    import doctest

    import arena.games.blackhole.rules as rules

    result = doctest.testmod(rules)
    assert result.attempted > 0 and result.failed == 0


def test_no_score_is_on_the_board_before_the_hole_exists():
    state = BlackHoleState(["E4", "F2", "A5", "A7", "C1"])
    rng = random.Random(2)
    while not state.is_over():
        assert state.board_scores() is None  # the formula's 75 each is no score yet
        state.play(rng.choice(state.legal_moves()))
    assert state.board_scores() == state.scores()
