"""Lucky Words rules: the grids, the order of calls and placements, the letters and cells."""

import pytest

from arena.games.base import IllegalMoveError, MoveFormatError
from arena.games.luckywords.game import GAME, make_setup, parse_setup, tournament_setups
from arena.games.base import SetupError
from arena.games.luckywords.rules import LuckyWordsState, parse_cell, parse_letter


def test_the_starting_letter_stands_at_24_on_both_grids():
    state = LuckyWordsState("k")
    assert state.letter == "K"
    assert state.grids[0][24] == state.grids[1][24] == "K"
    assert state.empty_cells(0) == [c for c in range(49) if c != 24]


def test_calls_alternate_and_both_place_every_letter():
    state = LuckyWordsState("E", frozenset())
    movers = []
    while not state.is_over():
        movers.append((state.to_move, state.calling))
        state.play(state.legal_moves()[0])
    assert state.calls == 48
    assert movers[:4] == [(0, True), (1, False), (1, True), (0, False)]
    assert sum(1 for seat, calling in movers if calling and seat == 0) == 24
    assert sum(1 for seat, calling in movers if calling and seat == 1) == 24
    assert all(letter != "." for grid in state.grids for letter in grid)
    assert sorted(state.grid_text(0)) == sorted(state.grid_text(1))  # the same letters
    assert state.legal_moves() == []


def test_the_state_keeps_the_letters_called_in_order():
    state = LuckyWordsState("E", frozenset())
    for text in ("q 0", "1", "Z 2", "3", "A 4"):
        state.play_text(text)
    assert state.letters_called == ["Q", "Z", "A"]  # seat 0 called Q and A, seat 1 Z
    assert state.copy().letters_called == ["Q", "Z", "A"]


def test_letters_lower_case_accepted_and_bad_ones_are_format_errors():
    assert parse_letter("q") == "Q" and parse_letter("Z") == "Z"
    for text in ["", "AB", "1", "é", "-"]:
        with pytest.raises(MoveFormatError):
            parse_letter(text)


def test_cells_out_of_range_or_taken_are_illegal():
    assert parse_cell("0") == 0 and parse_cell("48") == 48
    with pytest.raises(IllegalMoveError, match="no cell 49"):
        parse_cell("49")
    for text in ["", "-1", "a", "4 5", "½"]:
        with pytest.raises(MoveFormatError):
            parse_cell(text)
    state = LuckyWordsState("A")
    with pytest.raises(IllegalMoveError, match="cell 24 already holds the letter A"):
        state.play(("B", 24))
    state.play(("B", 0))
    with pytest.raises(IllegalMoveError, match="cell 24"):
        state.play(24)


def test_setup_letter_and_tournament_letters():
    import random

    letters = {make_setup(random.Random(seed))["letter"] for seed in range(300)}
    assert letters == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert parse_setup("k") == {"letter": "K", "words": None}
    with pytest.raises(SetupError):
        parse_setup("KK")
    assert [s["letter"] for s in tournament_setups()] == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert GAME.seats == ("First", "Second") and GAME.ranking == "wins_then_points"
    assert GAME.clock_ms == 30_000
