"""The sixth game, noughts and crosses (tests/games/sixth_game/noughts/), holds only what the
contract requires: registered by its folder alone, the loader finds it, the judge plays it, and
its absent parts are told from broken ones. It is no game of arena's outside these tests."""

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from arena.games import game_names, get_game
from arena.games.base import GameState
from arena.games.contract import PARTS, GamePartError, has_part, load_part, need_part
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.web_common.drawing import board_svg

from .conftest import SIXTH_GAME
from .contract_checks import check_part

PROGRAM = SIXTH_GAME / "noughts_program.py"


def test_its_folder_holds_the_required_parts_and_nothing_else():
    files = sorted(path.name for path in (SIXTH_GAME / "noughts").iterdir() if path.name != "__pycache__")
    assert files == sorted(part.path for part in PARTS.values() if part.required)


def test_a_folder_on_the_search_path_is_a_game_with_every_part_of_its_shape(sixth_game):
    assert game_names() == ["blackhole", "domineering", "flippo", "luckywords", "turnright", "noughts"]
    assert get_game(sixth_game).title.startswith("Noughts and crosses")
    for part in PARTS:
        assert check_part(sixth_game, part) == PARTS[part].required
        if PARTS[part].is_module and not PARTS[part].required:
            assert load_part(sixth_game, part) is None  # absent: each caller takes its fallback


def test_it_is_no_game_of_arenas_outside_the_tests():
    assert "noughts" not in game_names()
    arena = Path(sys.executable).with_name("arena")  # the command of this venv
    listed = subprocess.run([str(arena), "games"], capture_output=True, text=True, check=True)
    assert "noughts" not in listed.stdout and len(listed.stdout.splitlines()) == 5


def test_the_judge_plays_it_as_arena_play_does(sixth_game):
    game = get_game(sixth_game)
    players = [resolve_player(game, f"{shlex.quote(sys.executable)} {shlex.quote(str(PROGRAM))} random {seed}")
               for seed in (1, 2)]
    record = play_game(game, players, seed=7)
    result = record["result"]
    assert result["verdicts"] == ["ok", "ok"], result
    assert 5 <= len(record["moves"]) <= 9 and sum(result["scores"]) == 1
    replayed = game.new_state({})
    for move in record["moves"]:
        replayed.play_text(move["text"])
    assert replayed.is_over() and list(replayed.scores()) == result["scores"]


def test_without_a_drawing_the_pages_show_its_text_board(sixth_game):
    state = get_game(sixth_game).new_state({})
    state.play_text("5")
    assert isinstance(state, GameState) and ">.X.<" in board_svg(sixth_game, state)  # its middle row


def test_a_broken_optional_part_is_an_error_naming_its_file_and_the_cause(sixth_game_copy):
    drawing = sixth_game_copy / "svg.py"
    drawing.write_text('"""A drawing whose import fails."""\nimport no_such_drawing_library\n')
    with pytest.raises(GamePartError, match=rf"{drawing}: cannot be loaded: ModuleNotFoundError: "
                                            r"No module named 'no_such_drawing_library'"):
        load_part("noughts", "svg")
    state = get_game("noughts").new_state({})
    with pytest.raises(GamePartError, match=str(drawing)):  # never the text board in its place
        board_svg("noughts", state)


def test_a_part_without_what_it_must_define_is_broken(sixth_game_copy):
    clicks = sixth_game_copy / "clicks.py"
    clicks.write_text('"""Clicks without move_at."""\n\ndef move_from(state, x, y):\n    return None\n')
    with pytest.raises(GamePartError, match=rf"{clicks}: defines no move_at"):
        load_part("noughts", "clicks")
    from arena.viewer.play_routes import _move_at

    with pytest.raises(GamePartError, match="defines no move_at"):  # not "this game has no clicks"
        _move_at("noughts", get_game("noughts").new_state({}), 1.0, 1.0)


def test_a_broken_required_part_names_its_file(sixth_game_copy):
    (sixth_game_copy / "protocol.py").write_text("def run_protocol(match, setup) -> None\n")
    with pytest.raises(GamePartError, match=rf"{sixth_game_copy / 'protocol.py'}: cannot be loaded: SyntaxError"):
        load_part("noughts", "protocol")
    # the declaration imports it: the error names game.py, and the cause protocol.py
    with pytest.raises(GamePartError, match=rf"{sixth_game_copy / 'game.py'}: cannot be loaded: "
                                            r"SyntaxError: .*\(protocol\.py, line 1\)"):
        get_game("noughts")


def test_a_game_folder_without_a_required_part_is_an_error_naming_it(sixth_game_copy):
    (sixth_game_copy / "bots.py").unlink()
    with pytest.raises(GamePartError, match=rf"{sixth_game_copy}: the game 'noughts' .* has no bots\.py"):
        game_names()


def test_an_absent_part_asked_for_by_a_caller_that_needs_it_names_what_is_missing(sixth_game):
    assert not has_part(sixth_game, "analyst")
    with pytest.raises(GamePartError, match=r"noughts has no analyst\.py"):
        need_part(sixth_game, "analyst")
    from arena.analysis.plies import RecordError
    from arena.analysis.parallel_plies import analyst_of

    with pytest.raises(RecordError, match="noughts has no analyst yet"):
        analyst_of(sixth_game)


def test_a_folder_without_a_declaration_is_no_game(tmp_path, games_on_path):
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "rules.py").write_text("")
    games_on_path(tmp_path)
    assert "helpers" not in game_names()


def test_the_first_folder_of_a_name_on_the_search_path_is_the_game(tmp_path, games_on_path):
    (tmp_path / "flippo").mkdir()
    (tmp_path / "flippo" / "game.py").write_text("")  # an impostor, after arena's own folder
    games_on_path(tmp_path)
    assert Path(need_part("flippo", "game").__file__).parent.parent == Path(sys.modules["arena.games"].__file__).parent


def test_its_rules_examples_hold(sixth_game):
    import doctest

    results = doctest.testmod(need_part(sixth_game, "rules"))
    assert results.attempted > 0 and results.failed == 0
