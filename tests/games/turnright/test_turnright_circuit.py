"""Circuits: notation, every rejection reason, the loop, rotation and canonical form."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.games.base import IllegalMoveError, MoveFormatError
from arena.games.turnright.greedy import hexagons
from arena.games.turnright.circuit import (
    canonical, check_circuit, format_circuit, loop_squares, parse_circuit, rotate, square_name,
)
from arena.games.turnright.rules import rectangles


def names(squares):
    return [square_name(s) for s in squares]


def test_square_order_is_string_order():
    all_names = [square_name(s) for s in range(36)]
    assert all_names == sorted(all_names)
    assert all_names[:7] == ["a1", "a2", "a3", "a4", "a5", "a6", "b1"]


def test_the_rules_example_loop():
    corners = parse_circuit("a1-a2-b2-b3-f3-f1")
    assert names(loop_squares(corners)) == (
        "a1 a2 b2 b3 c3 d3 e3 f3 f2 f1 e1 d1 c1 b1".split()
    )


def test_the_rules_example_rotation_moves_b3_to_c3_and_b1_to_a1():
    corners = parse_circuit("a1-a2-b2-b3-f3-f1")
    board = list(range(36))  # every square holds a distinct "piece": its own index
    rotate(board, corners)
    b3, c3, b1, a1 = (parse_circuit(n)[0] for n in ("b3", "c3", "b1", "a1"))
    assert board[c3] == b3
    assert board[a1] == b1
    assert board[parse_circuit("c4")[0]] == parse_circuit("c4")[0]  # off the loop: unchanged


@pytest.mark.parametrize("written, forwarded", [
    ("a4-d4-d1-a1", "a1-a4-d4-d1"),
    ("b2-b5-c5-c2", "b2-b5-c5-c2"),
    ("b3-f3-f1-a1-a2-b2", "a1-a2-b2-b3-f3-f1"),
])
def test_canonical_form_matches_the_original_examples(written, forwarded):
    assert format_circuit(canonical(parse_circuit(written))) == forwarded


@pytest.mark.parametrize("text", ["", "a1-", "a1--a2", "g1-a1", "a7", "A1-A2-B2-B1", "a1 a2", "a10", "-"])
def test_notation_errors_are_format_errors(text):
    with pytest.raises(MoveFormatError):
        parse_circuit(text)


@pytest.mark.parametrize("text, number, message", [
    ("a1-a2-b2", 13, "at least 4 corners"),
    ("a1-a2-b2-b3-c3-c1", 1, "at most 4 corners"),
    ("a1-a2-b2-b3-c3-c4-d4-d1", 2, "at most 6 corners"),
    ("a1-a3-c3-a3", 13, "listed twice"),
    ("a1-a3-c4-c1", 13, "share neither a row nor a column"),
    ("a1-a2-a3-c3-c1", 13, "goes straight through"),
    ("a1-a4-a2-c2-c1", 13, "turns back"),
    ("a1-a4-c4-c2-b2-b5-d5-d1", 13, "twice (it crosses or overlaps itself)"),
    ("a1-d1-d4-a4", 13, "counter-clockwise"),
])
def test_every_rejection_has_its_own_message(text, number, message):
    with pytest.raises(IllegalMoveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_circuit(parse_circuit(text), number)


def test_the_corner_limit_grows_by_two_per_circuit():
    six = parse_circuit("a1-a3-b3-b2-c2-c1")
    with pytest.raises(IllegalMoveError):
        check_circuit(six, 1)
    check_circuit(six, 2)  # no error
    assert format_circuit(six) == "a1-a3-b3-b2-c2-c1"


def test_every_rectangle_and_hexagon_the_players_use_is_legal():
    for corners in rectangles():
        check_circuit(corners, 1)
    for corners in hexagons():
        check_circuit(corners, 2)
    assert len(rectangles()) == 225 and len(set(hexagons())) == len(hexagons())


circuits = st.sampled_from(rectangles() + list(hexagons()))


@settings(max_examples=60, deadline=None)
@given(corners=circuits, start=st.integers(0, 5), board=st.lists(st.sampled_from([1, 2]), min_size=36, max_size=36))
def test_rotation_keeps_the_pieces_on_the_loop_and_shifts_them_by_one(corners, start, board):
    corners = corners[start % len(corners):] + corners[:start % len(corners)]
    loop = loop_squares(corners)
    after = board[:]
    rotate(after, corners)
    assert sorted(after[s] for s in loop) == sorted(board[s] for s in loop)
    assert all(after[s] == board[s] for s in range(36) if s not in loop)
    assert all(after[loop[i]] == board[loop[i - 1]] for i in range(len(loop)))


@settings(max_examples=60, deadline=None)
@given(corners=circuits, start=st.integers(0, 5))
def test_canonical_form_is_stable_and_the_same_circuit(corners, start):
    written = corners[start % len(corners):] + corners[:start % len(corners)]
    form = canonical(written)
    assert canonical(form) == form
    assert form == canonical(corners)
    assert form[0] == min(corners)
    assert set(loop_squares(form)) == set(loop_squares(written))
    board_a, board_b = list(range(36)), list(range(36))
    rotate(board_a, written)
    rotate(board_b, form)
    assert board_a == board_b
