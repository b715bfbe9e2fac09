"""Flippo's rules against docs/games/flippo.md: the test vectors, the flip rule, notation errors."""

import pytest

from arena.games.base import IllegalMoveError, MoveFormatError
from arena.games.flippo.rules import BLACK, EMPTY, WHITE, FlippoState


def names(state, moves):
    return sorted(state.format_move(m) for m in moves)


def place(state, layout):
    """Empty the board and put pieces as {"D2": BLACK, ...}."""
    state.board = [EMPTY] * 64
    for name, colour in layout.items():
        state.board[state.parse_move(name)] = colour


def test_start_position_and_white_moves_first():
    board = FlippoState()
    assert board.to_move == 0
    assert board.count(WHITE) == 2 and board.count(BLACK) == 2
    assert board.board[board.parse_move("D4")] == WHITE
    assert board.board[board.parse_move("E5")] == WHITE
    assert board.board[board.parse_move("D5")] == BLACK
    assert board.board[board.parse_move("E4")] == BLACK


def test_white_has_exactly_the_six_moves_of_the_test_vector():
    board = FlippoState()
    assert names(board, board.legal_moves()) == ["C3", "C5", "D6", "E3", "F4", "F6"]


@pytest.mark.parametrize(
    "move, flipped",
    [("C3", ["D4"]), ("C5", ["D5"]), ("D6", ["D5"]), ("E3", ["E4"]), ("F4", ["E4"]), ("F6", ["E5"])],
)
def test_each_opening_move_flips_what_the_rules_say(move, flipped):
    board = FlippoState()
    assert names(board, board.flips(board.parse_move(move), WHITE)) == flipped


def test_own_pieces_flip_too_c3_turns_white_d4_black():
    board = FlippoState()
    board.play_text("C3")
    assert board.board[board.parse_move("D4")] == BLACK
    assert board.board[board.parse_move("C3")] == WHITE


def test_worked_example_farthest_same_colour_piece_and_gap():
    board = FlippoState()
    place(board, {"D2": BLACK, "D3": WHITE, "D4": BLACK, "D5": WHITE, "D7": WHITE})
    board.play(board.parse_move("D1"))
    row = [board.board[board.parse_move(f"D{c}")] for c in range(1, 8)]
    assert row == [WHITE, WHITE, BLACK, WHITE, WHITE, EMPTY, WHITE]


def test_non_flipping_move_allowed_only_when_no_flipping_move_exists():
    board = FlippoState()
    place(board, {"D4": WHITE})
    # a lone piece: no move flips anything, so every touching square is legal
    assert names(board, board.legal_moves()) == ["C3", "C4", "C5", "D3", "D5", "E3", "E4", "E5"]
    board.play_text("C3")
    assert board.count(WHITE) == 2
    # two in a row: D3 and D6 flip one of White's own pieces, so only they are legal
    place(board, {"D4": WHITE, "D5": WHITE})
    board.moves_played = 0
    assert names(board, board.legal_moves()) == ["D3", "D6"]


def test_score_is_pieces_minus_two_and_sums_to_sixty_at_the_end():
    board = FlippoState()
    while not board.is_over():
        board.play(board.legal_moves()[0])
    white, black = board.scores()
    assert white + black == 60
    assert white == board.count(WHITE) - 2
    assert board.legal_moves() == []


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("Z9", "row must be an uppercase letter A-H"),
        ("d3 ", "not a square"),
        ("d3", "row must be an uppercase letter A-H"),
        ("", "empty line"),
        ("A9", "column must be a digit 1-8"),
        ("A0", "column must be a digit 1-8"),
        ("C3C5", "not a square"),
    ],
)
def test_bad_text_is_a_format_error_that_says_what_is_wrong(text, fragment):
    with pytest.raises(MoveFormatError, match=fragment):
        FlippoState().parse_move(text)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("D4", "D4 is already occupied"),
        ("A1", "A1 does not touch any piece"),
        ("C4", r"C4 flips nothing, but a move that flips exists \(e.g. C3"),
    ],
)
def test_illegal_moves_say_why(text, fragment):
    board = FlippoState()
    with pytest.raises(IllegalMoveError, match=fragment):
        board.play_text(text)
    assert board.moves_played == 0  # a refused move changes nothing


def test_no_move_after_the_game_is_over():
    board = FlippoState()
    while not board.is_over():
        board.play(board.legal_moves()[-1])
    with pytest.raises(IllegalMoveError, match="game is over"):
        board.play(0)


def test_format_and_parse_round_trip_every_square():
    board = FlippoState()
    for index in range(64):
        assert board.parse_move(board.format_move(index)) == index
