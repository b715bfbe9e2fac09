"""Every game's board draws a hint (the analysis's best move) apart from the last-move mark, at the
move's place, and refuses a hint the position cannot read."""

import json
import re

import pytest

from arena.games import game_names, get_game, get_svg
from arena.games.base import MoveError
from arena.games.replay import replay_positions
from arena.web_common.drawing import board_svg


def positions(records_dir, game):
    record = json.loads((records_dir / f"{game}.json").read_text())
    return [state for state in replay_positions(record) if not state.is_over()]


def best_move_group(svg: str) -> str:
    found = re.findall(r'<g class="best-move"[^>]*>.*?</g>', svg, re.S)
    assert len(found) == 1, svg[:300]
    return found[0]


@pytest.mark.parametrize("game", game_names())
def test_each_legal_move_drawn_as_a_hint_is_marked_once_and_named(records_dir, game):
    states = positions(records_dir, game)
    # a few positions along the game: Turn Right's placements and circuits, Lucky Words' calls and placements
    for state in states[1::max(1, len(states) // 6)]:
        before_hint = get_svg(game).board(state)
        assert 'class="best-move"' not in before_hint
        for move in state.legal_moves()[:3]:
            text = state.format_move(move)
            svg = board_svg(game, state, None, text)
            group = best_move_group(svg)
            assert f'data-move="{text}"' in group and f"best move: {text}" in group
            # dashed, where the last-move marks are solid (Domineering's pass is written out)
            assert 'stroke-dasharray' in group or (text == "MOVE -1 -1" and "best: pass" in group)
            assert len(svg) > len(before_hint)


def test_flippo_hint_rings_the_square_named_and_keeps_the_last_move_mark(records_dir):
    states = positions(records_dir, "flippo")
    before, state = states[10], states[11]
    move = state.legal_moves()[0]
    text = state.format_move(move)
    svg = get_svg("flippo").board(state, before=before, hint=text)
    group = best_move_group(svg)
    row, col = divmod(move, 8)
    centre = (28 + col * 50 + 25, 28 + row * 50 + 25)  # games/flippo/svg.py's MARGIN and CELL
    assert f'cx="{centre[0]}" cy="{centre[1]}"' in group
    assert svg.count('class="last-move"') == 1


def test_turnright_circuit_hint_outlines_the_loop(records_dir):
    circuit_state = next(s for s in positions(records_dir, "turnright") if not s.placing)
    move = circuit_state.legal_moves()[0]
    group = best_move_group(get_svg("turnright").board(circuit_state, hint=circuit_state.format_move(move)))
    assert "<polygon" in group


@pytest.mark.parametrize("game, bad", [("flippo", "Z9"), ("blackhole", "A1=99"), ("domineering", "MOVE 9 9"),
                                       ("luckywords", "77"), ("turnright", "z9")])
def test_a_hint_the_position_cannot_read_is_refused(records_dir, game, bad):
    state = positions(records_dir, game)[2]
    with pytest.raises(MoveError):
        board_svg(game, state, None, bad)


def test_every_game_still_draws_without_a_hint(records_dir):
    for game in game_names():
        state = positions(records_dir, game)[0]
        assert board_svg(game, state).startswith("<svg") and get_game(game).name == game
