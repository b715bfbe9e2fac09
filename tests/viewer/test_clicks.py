"""A click on a drawn board plays the move drawn there: each game's clicks.py against its svg.py.

For every move of random games, the drawing marks the move just played
(``class="last-move"``); a click inside that mark, on the position before the
move, must stand for the very move.
"""

import random
import re

import pytest

from arena.games import game_names, get_game, get_svg
from arena.games.contract import has_part, need_part

CLICKABLE = [game for game in game_names() if has_part(game, "clicks")]


def last_move_mark(svg: str) -> tuple[float, float]:
    """A point inside the drawn last-move mark, 5 units in from its upper-left corner."""
    mark = re.search(r'<rect x="([\d.]+)" y="([\d.]+)"[^>]*class="last-move"', svg)
    assert mark, "the drawing marks no last move"
    return float(mark[1]) + 5, float(mark[2]) + 5


def test_flippo_turnright_and_domineering_are_clickable():
    assert {"flippo", "turnright", "domineering"} <= set(CLICKABLE)


@pytest.mark.parametrize("game", CLICKABLE)
def test_a_click_on_a_drawn_move_is_that_move(game):
    clicks = need_part(game, "clicks")
    info = get_game(game)
    rng = random.Random(3)
    checked = 0
    for _ in range(3):
        state = info.new_state(info.make_setup(rng))
        while not state.is_over():
            move = rng.choice(state.legal_moves())
            before = state.copy()
            state.play(move)
            text = state.format_move(move)
            if text.startswith("MOVE -1") or "-" in text.replace("MOVE -1 -1", ""):
                continue  # a pass or a Turn Right circuit: typed, not clicked
            x, y = last_move_mark(get_svg(game).board(state, before=before))
            assert clicks.move_at(before, x, y) == text
            checked += 1
    assert checked >= 30
    assert clicks.move_at(info.new_state(info.make_setup(rng)), -50, -50) is None  # off the board
