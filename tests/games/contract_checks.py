"""The shape of each part of a game (games/contract.py), checked the same way for arena's five
games (test_contract.py) and for the sixth game (test_sixth_game.py).

``PART_CHECKS[part](game, module)`` asserts what the part must be, beyond the names the loader
already checks; a folder part (templates) is given its path instead of a module.
"""

import ast
import inspect
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arena.games import get_game
from arena.games.base import GameInfo, GameState
from arena.games.contract import ENGINE_BENCH, PARTS, has_part, need_part, part_path
from arena.games.human_view import HumanView

REPOSITORY = Path(__file__).resolve().parents[2]
MOVES_TRIED = 200
"""Plies of a random game played through the notation (Turn Right's games are long)."""


def _parameters(function: Callable[..., Any]) -> list[str]:
    return list(inspect.signature(function).parameters)


def check_package(game: str, module: Any) -> None:
    assert module.__doc__ and module.__doc__.strip()  # it names the game
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    assert not any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in ast.walk(tree))  # and imports nothing


def check_game(game: str, module: Any) -> None:
    info = module.GAME
    assert isinstance(info, GameInfo) and info.name == game  # named as its folder
    assert info.bots and all(isinstance(bot, str) and bot for bot in info.bots)
    assert info.run_protocol is need_part(game, "protocol").run_protocol
    assert info.clock_ms > 0 and info.memory_mb > 0 and info.title and info.reply_format
    assert len(info.seats) == 2 and all(info.seats)
    assert callable(info.new_state)
    assert (info.env_name is not None) == has_part(game, "envs")  # an environment, an id
    assert ("strong" in info.bots) == has_part(game, "strong")  # bots.py runs strong/player.py
    assert info.word_list is None or callable(info.word_list)


def check_rules(game: str, module: Any) -> None:
    """GAME.new_state gives the rules' GameState, and a random game goes through the notation."""
    info = get_game(game)
    rng = random.Random(1)
    assert info.new_state is not None
    state = info.new_state(info.make_setup(rng))
    assert isinstance(state, GameState) and type(state).__module__ == module.__name__
    for _ in range(MOVES_TRIED):
        if state.is_over():
            break
        text = state.format_move(rng.choice(state.legal_moves()))
        assert state.format_move(state.parse_move(text)) == text
        state.play_text(text)
    first, second = state.scores()
    assert isinstance(first, (int, float)) and isinstance(second, (int, float))


def check_protocol(game: str, module: Any) -> None:
    assert _parameters(module.run_protocol) == ["match", "setup"]


def check_bots(game: str, module: Any) -> None:
    parameters = inspect.signature(module.main).parameters
    assert list(parameters) == ["name", "seed"] and parameters["seed"].default is None


def check_summary(game: str, module: Any) -> None:
    assert get_game(game).explain_result is module.explain_result


def check_text(game: str, module: Any) -> None:
    view = get_game(game).human_view
    assert isinstance(view, HumanView) and type(view).__module__ == module.__name__


def check_svg(game: str, module: Any) -> None:
    parameters = inspect.signature(module.board).parameters
    assert list(parameters) == ["state", "before", "size", "hint"]
    assert all(parameters[name].kind is inspect.Parameter.KEYWORD_ONLY for name in ("before", "size", "hint"))


def check_clicks(game: str, module: Any) -> None:
    assert _parameters(module.move_at) == ["state", "x", "y"]


def check_envs(game: str, module: Any) -> None:
    from arena.games.env_encoding import GameEncoding  # numpy: the test extra has it

    assert isinstance(module.ENCODING, GameEncoding) and module.ENCODING.game == game
    assert module.ENCODING.action_count > 0 and module.ENCODING.observation_size > 0


def check_analyst(game: str, module: Any) -> None:
    assert isinstance(module.UNITS, str) and module.UNITS
    assert module.DEFAULT_SECONDS > 0 and module.MISTAKE > 0
    assert _parameters(module.evaluate) == ["state", "played", "seconds"]
    assert _parameters(module.outcome) == ["state", "seat"]


def check_strong(game: str, module: Any) -> None:
    folder = Path(module.__file__).parent
    assert (folder / "engine.pyx").is_file() and (folder / "player.py").is_file()
    assert (REPOSITORY / ENGINE_BENCH.format(game=game)).is_file()  # bench/engines.py measures it


def check_templates(game: str, folder: str) -> None:
    from arena.toolkit.starter import SOURCES  # every language the toolkit offers

    missing = [source for source in SOURCES.values() if not (Path(folder) / source).is_file()]
    assert missing == [], f"{game} has no starter bot {', '.join(missing)}"


PART_CHECKS: dict[str, Callable[[str, Any], None]] = {
    "__init__": check_package, "game": check_game, "rules": check_rules, "protocol": check_protocol, "bots": check_bots,
    "summary": check_summary, "text": check_text, "svg": check_svg, "clicks": check_clicks,
    "envs": check_envs, "analyst": check_analyst, "strong": check_strong, "templates": check_templates,
}


def check_part(game: str, part: str) -> bool:
    """Check ``game``'s part if it has it; whether it has it."""
    if not has_part(game, part):
        assert not PARTS[part].required
        return False
    if PARTS[part].is_module:
        PART_CHECKS[part](game, need_part(game, part))
    else:
        PART_CHECKS[part](game, part_path(game, part))
    return True
