"""The Domineering board drawn as SVG: values, one domino per placement, the last move, passes, scores."""

import random

from arena.games import get_svg
from arena.games.domineering.rules import PASS, DomineeringState
from arena.games.replay import replay_positions

svg = get_svg("domineering")


def random_values(seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randrange(4) for _ in range(8)] for _ in range(8)]


def test_empty_board_shows_every_cell_value_and_both_scores(parse_svg):
    values = random_values(1)
    drawing = parse_svg(svg.board(DomineeringState(values)))
    assert drawing.text("value") == [str(v) for row in values for v in row]
    assert drawing.having("domino") == []
    assert drawing.text("score") == ["FIRST (horizontal) 0", "SECOND (vertical) 2.5"]


def test_each_placement_draws_one_domino_the_right_way_and_marks_the_last(parse_svg):
    rng = random.Random(7)
    state = DomineeringState(random_values(2))
    placed = 0
    while not state.is_over():
        before = state.copy()
        moves = state.legal_moves()
        move = PASS if rng.random() < 0.1 else rng.choice(moves[:-1] or moves)
        seat = state.to_move
        state.play(move)
        drawing = parse_svg(svg.board(state, before=before))
        status = " ".join(drawing.text("status"))
        if move == PASS:
            assert status.startswith(("FIRST passed", "SECOND passed")[seat])
            assert drawing.having("last-move") == []
        else:
            placed += 1
            (mark,) = [g for g in drawing.root.iter() if any(c.get("class") == "last-move" for c in g)]
            assert mark.get("data-move") == f"{move[0]} {move[1]}"
            (domino,) = [c for c in mark if "domino" in (c.get("class") or "")]
            width, height = float(domino.get("width")), float(domino.get("height"))
            assert (width > height) == (seat == 0) and ("first" if seat == 0 else "second") in domino.get("class")
        assert len(drawing.having("domino")) == placed
        first, second = state.scores()
        assert drawing.text("score") == [f"FIRST (horizontal) {first:g}", f"SECOND (vertical) {second:g}"]
    assert "Game over" in status


def test_every_position_of_a_random_game_draws(random_game_record, parse_svg):
    positions = list(replay_positions(random_game_record))
    placements = 0
    for before, state in zip(positions, positions[1:]):
        drawing = parse_svg(svg.board(state, before=before))
        placements += state.passes_in_a_row == 0
        assert len(drawing.having("domino")) == placements
    assert placements > 10
