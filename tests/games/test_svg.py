"""What every game's ``svg.py`` shares: the registry's get_svg, one signature (with the hint), escaping, sizes, doctests."""

import doctest
import importlib
import inspect
import random

import pytest

from arena.games import game_names, get_game, get_svg, svg_kit

GAMES = game_names()


@pytest.mark.parametrize("name", GAMES)
def test_get_svg_returns_the_games_drawing_module_with_the_common_signature(name):
    module = get_svg(name)
    assert module.__name__ == f"arena.games.{name}.svg"
    parameters = inspect.signature(module.board).parameters
    assert list(parameters) == ["state", "before", "size", "hint"]  # hint: a move drawn as the best one
    assert all(parameters[name].kind is inspect.Parameter.KEYWORD_ONLY for name in ("before", "size", "hint"))
    assert parameters["hint"].default is None


@pytest.mark.parametrize("name", GAMES)
def test_a_start_position_is_a_standalone_svg_whose_width_is_the_size(name, parse_svg):
    game = get_game(name)
    state = game.new_state(game.make_setup(random.Random(1)))
    module = get_svg(name)
    default, wide = parse_svg(module.board(state)), parse_svg(module.board(state, size=1000))
    assert wide.root.get("width") == "1000" and float(default.root.get("width")) > 300
    assert default.root.get("viewBox") == wide.root.get("viewBox")
    width, height = (float(v) for v in default.root.get("viewBox").split()[2:])
    assert float(wide.root.get("height")) == pytest.approx(1000 * height / width, abs=0.01)
    with pytest.raises(ValueError, match="size"):
        module.board(state, size=-5)


@pytest.mark.parametrize("module", [f"arena.games.{name}.svg" for name in GAMES] + ["arena.games.svg_kit"])
def test_the_doctests_hold(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_the_kit_escapes_every_text_and_attribute(parse_svg):
    hostile = '"><script>alert(1)</script><x a=\'1'
    source = svg_kit.doc(10, 10, [svg_kit.text(1, 2, hostile, class_=hostile),
                                  svg_kit.rect(0, 0, 1, 1, data_x=hostile), svg_kit.title(hostile)],
                         size=None, label=hostile)
    drawing = parse_svg(source)
    assert [e.tag.split("}")[1] for e in drawing.root.iter()] == ["svg", "text", "rect", "title"]
    assert drawing.root.get("aria-label") == hostile and drawing.root[0].text == hostile
    assert "<script" not in source


def test_attribute_names_and_numbers_are_written_the_svg_way():
    assert svg_kit.rect(0, 1.0, 2.5, 3.14159, stroke_width=2, class_="a", fill=None) == \
        '<rect x="0" y="1" width="2.5" height="3.14" stroke-width="2" class="a"/>'
