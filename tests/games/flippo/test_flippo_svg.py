"""The Flippo board drawn as SVG: valid XML, the right pieces, the last move and its flips marked."""

import random

import pytest

from arena.games import UnknownGameError, get_svg
from arena.games.flippo.rules import BLACK, SEAT_COLOUR, WHITE, FlippoState, square_name
from arena.games.replay import replay_positions

svg = get_svg("flippo")


def test_start_position_has_the_four_centre_pieces(parse_svg):
    drawing = parse_svg(svg.board(FlippoState()))
    whites = drawing.having("white", "circle")
    blacks = drawing.having("black", "circle")
    assert len(drawing.having("piece")) == 4
    assert len(whites) == 2 and len(blacks) == 2
    assert {g.get("data-square") for g in drawing.root.iter() if g.get("data-square")} == {"D4", "D5", "E4", "E5"}
    assert drawing.having("last-move") == [] and drawing.having("flipped") == []
    labels = drawing.text("label")
    assert all(labels.count(row) == 2 for row in "ABCDEFGH")  # left and right of the board
    assert all(labels.count(str(column)) == 2 for column in range(1, 9))  # above and below


def test_a_move_marks_its_square_and_exactly_the_pieces_it_flipped(parse_svg):
    rng = random.Random(5)
    state = FlippoState()
    for _ in range(30):
        before = state.copy()
        move = rng.choice(state.legal_moves())
        flips = state.flips(move, SEAT_COLOUR[state.to_move])
        state.play(move)
        drawing = parse_svg(svg.board(state, before=before))
        (ring,) = drawing.having("last-move")
        assert ring.get("data-square") == square_name(move)
        marked = [g.get("data-square") for g in drawing.root.iter()
                  if any(child.get("class") == "flipped" for child in g)]
        assert sorted(marked) == sorted(square_name(i) for i in flips)
        assert len(drawing.having("piece")) == state.count(WHITE) + state.count(BLACK)
        assert drawing.text("count-white") == [str(state.count(WHITE))]
        assert drawing.text("count-black") == [str(state.count(BLACK))]


def test_size_sets_the_width_and_keeps_the_viewbox(parse_svg):
    small, large = parse_svg(svg.board(FlippoState(), size=200)), parse_svg(svg.board(FlippoState(), size=800))
    assert small.root.get("width") == "200" and large.root.get("width") == "800"
    assert small.root.get("viewBox") == large.root.get("viewBox")
    with pytest.raises(ValueError, match="size"):
        svg.board(FlippoState(), size=0)


def test_every_position_of_a_random_game_draws(random_game_record, parse_svg):
    positions = list(replay_positions(random_game_record))
    assert len(positions) == 61
    for before, state in zip(positions, positions[1:]):
        drawing = parse_svg(svg.board(state, before=before))
        assert len(drawing.having("last-move")) == 1
    assert "game over" in drawing.all_text()


def test_get_svg_names_the_games_when_the_game_is_unknown():
    with pytest.raises(UnknownGameError, match="flippo"):
        get_svg("chess")
