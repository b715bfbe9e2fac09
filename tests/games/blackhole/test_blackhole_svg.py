"""The Black Hole board drawn as SVG: the triangle, the stones, and at the end the hole and its sums."""

import random

from arena.games import get_svg
from arena.games.blackhole.rules import LABELS, NEIGHBOURS, BlackHoleState
from arena.games.replay import replay_positions

svg = get_svg("blackhole")
BROWN_TILES = ["E4", "F2", "A5", "A7", "C1"]


def play_random(state: BlackHoleState, turns: int, seed: int) -> BlackHoleState:
    """Play ``turns`` random moves; return the position before the last one."""
    rng = random.Random(seed)
    for _ in range(turns):
        before = state.copy()
        state.play(rng.choice(state.legal_moves()))
    return before


def test_start_position_has_36_labelled_tiles_and_the_brown_stones(parse_svg):
    drawing = parse_svg(svg.board(BlackHoleState(BROWN_TILES)))
    tiles = drawing.having("tile")
    assert len(tiles) == 36
    assert sorted(g.get("data-tile") for g in drawing.root.iter() if g.get("data-tile")) == sorted(LABELS)
    brown = [g.get("data-tile") for g in drawing.root.iter()
             if any("brown" in (child.get("class") or "") for child in g)]
    assert sorted(brown) == sorted(BROWN_TILES)
    assert len(drawing.having("empty")) == 31
    words = drawing.all_text().split()
    assert all(label in words for label in LABELS if label not in BROWN_TILES)


def test_the_apex_is_a1_and_the_bottom_row_runs_h1_to_a8(parse_svg):
    centres = {}
    drawing = parse_svg(svg.board(BlackHoleState(BROWN_TILES)))
    for label in LABELS:
        centres[label] = svg.centre(LABELS.index(label))
    assert min(centres, key=lambda label: centres[label][1]) == "A1"
    bottom = sorted((label for label in LABELS if centres[label][1] == centres["H1"][1]),
                    key=lambda label: centres[label][0])
    assert bottom == ["H1", "G2", "F3", "E4", "D5", "C6", "B7", "A8"]
    assert drawing.having("hole") == []


def test_stones_show_their_numbers_and_the_last_move_is_marked(parse_svg):
    state = BlackHoleState(BROWN_TILES)
    before = play_random(state, 9, seed=1)
    drawing = parse_svg(svg.board(state, before=before))
    numbers = sorted(int(n) for n in drawing.text("number"))
    assert numbers == sorted(state.number[i] for i in range(36) if state.owner[i] in (0, 1))
    assert len(drawing.having("red", "polygon")) == 5 and len(drawing.having("blue", "polygon")) == 4
    (last_group,) = [g for g in drawing.root.iter() if any(c.get("class") == "last-move" for c in g)]
    (placed,) = [i for i in range(36) if before.owner[i] is None and state.owner[i] is not None]
    assert last_group.get("data-tile") == LABELS[placed]


def test_the_end_marks_the_hole_and_exactly_its_neighbours_with_the_sums(parse_svg):
    for seed in range(5):
        state = BlackHoleState(BROWN_TILES)
        play_random(state, 30, seed=seed)
        drawing = parse_svg(svg.board(state))
        hole = state.hole()
        (hole_tile,) = drawing.having("hole")
        falling = [g.get("data-tile") for g in drawing.root.iter()
                   if any(c.get("class") == "falls-in" for c in g)]
        assert sorted(falling) == sorted(LABELS[n] for n in NEIGHBOURS[hole])
        red_sum, blue_sum = state.sums_around(hole)
        assert drawing.text("sums") == [f"Black hole {LABELS[hole]}: R = {red_sum}, B = {blue_sum}"]
        red, blue = state.scores()
        assert drawing.text("score")[0].endswith(f"= {red}") and drawing.text("score")[1].endswith(f"= {blue}")


def test_every_position_of_a_random_game_draws(random_game_record, parse_svg):
    positions = list(replay_positions(random_game_record))
    assert len(positions) == 31
    for before, state in zip(positions, positions[1:]):
        drawing = parse_svg(svg.board(state, before=before, size=300))
        assert len(drawing.having("last-move")) == 1
    assert len(drawing.having("hole")) == 1
