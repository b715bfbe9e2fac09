"""The Lucky Words grids drawn as SVG: both grids, the letters called, the scoring words and their points."""

import random

from arena.games import get_svg
from arena.games.luckywords.rules import LuckyWordsState
from arena.games.luckywords.scoring import WORD_POINTS, grid_points, grid_words
from arena.games.replay import replay_positions

svg = get_svg("luckywords")
WORDS = frozenset({"CAT", "AT", "TA", "ACT", "TACT", "CATS", "SAT", "AS", "TAC"})


def play_random(state: LuckyWordsState, moves: int, seed: int, letters: str = "CATS") -> LuckyWordsState:
    """Play ``moves`` random moves calling only ``letters``; return the position before the last."""
    rng = random.Random(seed)
    for _ in range(moves):
        before = state.copy()
        moves_now = [m for m in state.legal_moves() if not isinstance(m, tuple) or m[0] in letters]
        state.play(rng.choice(moves_now))
    return before


def test_start_shows_two_grids_of_numbered_cells_and_the_starting_letter(parse_svg):
    drawing = parse_svg(svg.board(LuckyWordsState("K", WORDS)))
    assert drawing.text("letter") == ["K", "K"]
    numbers = drawing.text("cell-number")
    assert numbers == [str(cell) for cell in range(49) if cell != 24] * 2
    assert drawing.text("grid-total") == ["First: 0 points in full lines", "Second: 0 points in full lines"]
    assert drawing.text("called") == ["First called: -", "Second called: -"]


def test_the_letters_placed_by_the_last_move_are_marked_and_the_calls_listed(parse_svg):
    state = LuckyWordsState("A", WORDS)
    before = play_random(state, 7, seed=2)
    drawing = parse_svg(svg.board(state, before=before))
    marked = [g.get("data-cell") for g in drawing.root.iter() if any(c.get("class") == "last-placed" for c in g)]
    changed = [str(cell) for seat in (0, 1) for cell in range(49)
               if state.grids[seat][cell] != before.grids[seat][cell]]
    assert marked == changed and len(marked) == 1
    calls = state.letters_called
    assert len(calls) == 4  # call, place, call, place, call, place, call
    assert drawing.text("called") == [f"First called: {' '.join(calls[0::2])}",
                                      f"Second called: {' '.join(calls[1::2])}"]


def test_the_end_marks_exactly_the_words_that_score_with_their_points(parse_svg):
    for seed in range(4):
        state = LuckyWordsState("A", WORDS)
        play_random(state, 96, seed=seed)
        assert state.is_over()
        drawing = parse_svg(svg.board(state))
        for seat, total in zip((0, 1), drawing.having("grid-total")):
            grid = state.grid_text(seat)
            assert total.get("data-points") == str(grid_points(grid, WORDS))
        marked = [(g.get("data-word"), g.get("data-points")) for g in drawing.having("word")]
        expected = []
        for seat in (0, 1):
            words = grid_words(state.grid_text(seat), WORDS)
            expected += [(word, str(WORD_POINTS[len(word)])) for word in words]
        assert sorted(marked) == sorted(expected) and marked
        assert len(drawing.having("line-points")) == 2 * 14


def test_letters_in_a_state_cannot_inject_markup(parse_svg):
    state = LuckyWordsState("A", WORDS)
    state.grids[0][0] = "<script>alert(1)</script>"
    state.letters_called.append('"><img src=x onerror=alert(1)>')
    drawing = parse_svg(svg.board(state))
    assert not [e for e in drawing.root.iter() if e.tag.endswith(("script", "img"))]
    assert "<script>alert(1)</script>" in drawing.text("letter")
    assert "<script" not in drawing.source and "<img" not in drawing.source


def test_every_position_of_a_random_game_draws(random_game_record, parse_svg):
    positions = list(replay_positions(random_game_record))
    assert len(positions) == 97
    for before, state in zip(positions, positions[1:]):
        drawing = parse_svg(svg.board(state, before=before))
        assert len(drawing.having("last-placed")) == 1
    totals = [int(t.get("data-points")) for t in drawing.having("grid-total")]
    assert totals == list(random_game_record["result"]["scores"])
