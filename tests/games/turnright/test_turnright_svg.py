"""The Turn Right board drawn as SVG: pieces, each circuit as arrows, the blocks that scored, the points."""

import random

from arena.games import get_svg
from arena.games.turnright.greedy import greedy_choice
from arena.games.turnright.circuit import loop_squares, parse_circuit, square_name
from arena.games.turnright.rules import TurnRightState
from arena.games.turnright.scoring import BLACK, BLOCKS_3, WHITE, colour_mask, count_blocks, points_on_board
from arena.games.replay import replay_positions

svg = get_svg("turnright")


def fill_board(seed: int) -> TurnRightState:
    rng = random.Random(seed)
    state = TurnRightState()
    while state.placing:
        state.play(rng.choice(state.legal_moves()))
    return state


def test_placements_draw_their_pieces_and_mark_the_square_played(parse_svg):
    state = TurnRightState()
    for name in ("c3", "d4", "a1"):
        state.play_text(name)
    drawing = parse_svg(svg.board(state))
    assert len(drawing.having("white", "circle")) == 2 and len(drawing.having("black", "circle")) == 1
    (mark,) = drawing.having("last-move")
    assert mark.get("data-square") == "a1"
    assert drawing.having("arrow") == [] and drawing.having("block2") == []


def test_the_last_placement_marks_the_square_filled_by_itself(parse_svg):
    state = fill_board(3)
    drawing = parse_svg(svg.board(state))
    assert len(drawing.having("piece")) == 36 and len(drawing.having("automatic")) == 1
    assert square_name(state.auto_square) in drawing.text("status")[0]


def test_the_rules_keep_the_last_move_and_copies_keep_it_too():
    state = fill_board(4)
    corners = parse_circuit("a1-a4-d4-d1")
    state.play(corners)
    assert state.last_move == corners and state.copy().last_move == corners


def test_a_circuit_is_drawn_as_one_arrow_per_loop_square_with_the_scoring_blocks(parse_svg):
    rng = random.Random(8)
    for seed in range(6):
        state = fill_board(seed)
        while not state.is_over():
            before = state.copy()
            state.play(greedy_choice(state, rng))
            drawing = parse_svg(svg.board(state, before=before))
            assert len(drawing.having("arrow", "line")) == len(loop_squares(state.last_move))
            white, black = points_on_board(state.board)
            assert len(drawing.having("block2")) == white + black
            assert len(drawing.having("white", "polygon")) == white
            threes = sum(count_blocks(colour_mask(state.board, colour), BLOCKS_3) for colour in (WHITE, BLACK))
            assert len(drawing.having("block3")) == threes
            assert drawing.text("points") == [f"White {state.points[0]} points", f"Black {state.points[1]} points"]
        result = state.result()
        assert f"match points {result.match_points[0]}–{result.match_points[1]}" in drawing.text("status")


def test_every_position_of_a_random_game_draws(random_game_record, parse_svg):
    positions = list(replay_positions(random_game_record))
    for before, state in zip(positions, positions[1:]):
        drawing = parse_svg(svg.board(state, before=before))
        if state.circuits:
            assert len(drawing.having("arrow")) == len(loop_squares(state.last_move))
    assert state.is_over() and len(drawing.having("piece")) == 36
