"""The facts of docs/games/domineering.md, one by one."""

import pytest

from arena.games.base import IllegalMoveError, MoveFormatError
from arena.games.domineering.rules import PASS, DomineeringState

ONES = [[1] * 8 for _ in range(8)]


def example_values():
    """The board of the rule page's example: 3 3 at (2,1)-(2,2), 1 over 2 at (5,7)-(6,7)."""
    values = [[0] * 8 for _ in range(8)]
    values[1][0] = values[1][1] = 3
    values[4][6], values[5][6] = 1, 2
    return values


def test_the_second_player_starts_with_two_and_a_half():
    assert DomineeringState(ONES).scores() == (0, 2.5)


def test_the_rule_pages_example_moves():
    state = DomineeringState(example_values())
    state.play_text("MOVE 2 1")  # FIRST, horizontal: (2,1) and (2,2) = 3 + 3
    assert state.scores() == (6, 2.5)
    state.play_text("MOVE 5 7")  # SECOND, vertical: (5,7) and (6,7) = 1 + 2
    assert state.scores() == (6, 5.5)
    assert state.covered[2][1] and state.covered[2][2] and state.covered[5][7] and state.covered[6][7]
    assert not state.covered[3][1] and not state.covered[5][8]


def test_first_is_horizontal_and_second_vertical():
    state = DomineeringState(ONES)
    assert (1, 8) not in state.legal_moves() and (8, 1) in state.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"horizontal domino at \(1, 8\) would leave the board"):
        state.play((1, 8))
    state.play((8, 1))
    assert (8, 2) not in state.legal_moves() and (1, 8) in state.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"vertical domino at \(8, 2\) would leave the board"):
        state.play((8, 2))
    # FIRST covered (8,1)-(8,2): SECOND may not cover (7,2)-(8,2)
    with pytest.raises(IllegalMoveError, match=r"\(8, 2\) is already covered"):
        state.play((7, 2))


def test_a_pass_is_always_legal_and_two_in_a_row_end_the_game():
    state = DomineeringState(ONES)
    assert PASS in state.legal_moves()
    state.play_text("MOVE -1 -1")
    assert not state.is_over()
    state.play_text("MOVE 1 1")  # SECOND places (1,1)-(2,1) in between: the count starts again
    state.play_text("MOVE -1 -1")
    assert not state.is_over()
    state.play_text("MOVE -1 -1")
    assert state.is_over()
    assert state.end_reason() == "both players passed in a row"
    assert state.legal_moves() == []
    assert state.scores() == (0, 4.5)


def test_the_game_ends_when_neither_can_place():
    state = DomineeringState(ONES)
    # FIRST tiles every row with four horizontal dominoes; SECOND passes meanwhile
    for x in range(1, 9):
        for y in (1, 3, 5, 7):
            if state.to_move == 1:
                state.play(PASS if not state.placements(1) else state.placements(1)[-1])
            if state.is_over():
                break
            if not state.covered[x][y] and not state.covered[x][y + 1]:
                state.play((x, y))
    assert state.is_over()
    assert state.end_reason() == "neither player can place a domino"


def test_a_player_who_cannot_place_must_pass_while_the_other_plays_on():
    state = DomineeringState(ONES)
    # only column 1 is left empty: no room across, room downwards
    for x in range(1, 9):
        for y in range(2, 9):
            state.covered[x][y] = 1
    assert state.legal_moves() == [PASS]
    assert not state.is_over()
    state.play(PASS)
    assert (1, 1) in state.legal_moves()
    state.play((1, 1))
    state.play(PASS)
    assert not state.is_over()  # the passes were not in a row
    state.play((3, 1))
    state.play(PASS)
    state.play(PASS)  # SECOND could still place (5,1), but two passes in a row end it
    assert state.end_reason() == "both players passed in a row"
    assert state.scores() == (0, 6.5)


def test_covering_the_last_room_ends_the_game_without_a_pass():
    state = DomineeringState(ONES)
    for x in range(1, 9):
        for y in range(1, 9):
            state.covered[x][y] = 1
    state.covered[1][1] = state.covered[1][2] = 0
    state.play((1, 1))
    assert state.end_reason() == "neither player can place a domino"


@pytest.mark.parametrize("text, fragment", [
    ("", "empty line"),
    ("MOVE 1", "not a move"),
    ("MOVE 1 2 3", "not a move"),
    ("move 1 2", "not a move"),
    ("MOVE a b", "must be integers"),
    ("MOVE 1_0 2", "must be integers"),
    ("MOVE -1 3", "a pass is MOVE -1 -1"),
])
def test_bad_format_says_why(text, fragment):
    with pytest.raises(MoveFormatError, match=fragment):
        DomineeringState(ONES).play_text(text)


@pytest.mark.parametrize("text, fragment", [
    ("MOVE 0 1", "would leave the board"),
    ("MOVE 9 1", "would leave the board"),
    ("MOVE 1 8", "would leave the board"),
])
def test_illegal_placements_say_why(text, fragment):
    with pytest.raises(IllegalMoveError, match=fragment):
        DomineeringState(ONES).play_text(text)


def test_spaces_between_words_are_harmless():
    state = DomineeringState(ONES)
    assert state.parse_move("  MOVE   2  1 ") == (2, 1)


def test_bad_values_are_refused():
    with pytest.raises(ValueError, match="not a cell value 0-3"):
        DomineeringState([[4] * 8] * 8)
    with pytest.raises(ValueError, match="8 rows"):
        DomineeringState([[1] * 8] * 7)


def test_the_docstring_examples_hold():
    import doctest

    import arena.games.domineering.rules as rules

    result = doctest.testmod(rules)
    assert result.attempted > 0 and result.failed == 0
