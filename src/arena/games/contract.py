"""A game's contract: the parts a game's folder must have, those it may have, and the one loader
every caller reaches them through.

A game is a folder on the games package's search path (``arena.games.__path__``: this package's
own folder, and whatever a test adds) that holds a declaration, ``game.py``: the folders are
listed, so a game is registered by its folder alone. Such a folder must hold every required
part (a missing one is an error naming the folder and the file). The other parts are optional:
a caller asks :func:`load_part` for one and is told "absent" (None) when the game has none, and
takes its own fallback (the text board for a game without a drawing, no clicks, no analysis).
A part that is there but cannot be imported, or does not define what it must, is a
:class:`GamePartError` naming its file and the cause, never a feature silently off.

What lies outside the folder is checked for every game by tests/games/test_contract.py: the
game's page ``docs/games/<game>.md`` and, for a game with a compiled engine, its bench
(``bench/engines_<game>.py``). tests/games/sixth_game/ holds the smallest game there is.

The built-in players import this module under a game clock: the standard library only, and no
``typing`` (~7 ms of a player's clock).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: see above

if TYPE_CHECKING:
    from types import ModuleType


class Part:
    """One part of a game: where it lies in the game's folder, whether every game has it, the
    names it must define (the loader checks them; the conformance test checks their shape too)."""

    __slots__ = ("name", "path", "required", "defines", "holds")

    def __init__(self, name: str, path: str, required: bool, defines: tuple[str, ...], holds: str) -> None:
        self.name = name
        """The part's module, ``arena.games.<game>.<name>``, or its folder."""
        self.path = path
        """Its file in the game's folder (a package's ``__init__.py``; a folder ends in ``/``)."""
        self.required = required
        self.defines = defines
        self.holds = holds
        """What it holds, for people (the README's "Adding a game" and the errors point here)."""

    @property
    def is_module(self) -> bool:
        return not self.path.endswith("/")


PARTS: dict[str, Part] = {part.name: part for part in (
    # required: what the judge, `arena play` and `arena bot` cannot do without
    Part("__init__", "__init__.py", True, (),
         "the package; its docstring names the game, and it imports nothing (a built-in player "
         "imports it under the clock)"),
    Part("game", "game.py", True, ("GAME",),
         "GAME, the game's declaration: a GameInfo (base.py) named as its folder, with its seats, "
         "clock, memory, setups, built-in players and every field where it differs from the others"),
    Part("rules", "rules.py", True, (),
         "the GameState subclass (base.py) that GAME.new_state(setup) returns: moves, notation, scores"),
    Part("protocol", "protocol.py", True, ("run_protocol",),
         "run_protocol(match, setup) -> Outcome: the judge's dialogue with the two programs "
         "(GAME.run_protocol)"),
    Part("bots", "bots.py", True, ("main",),
         "main(name, seed): plays the built-in player `name` (one of GAME.bots) on stdin/stdout "
         "(arena bot)"),
    # optional: each caller says what it does without the part
    Part("summary", "summary.py", False, ("explain_result",),
         "explain_result(record) -> lines: where each score comes from (GAME.explain_result; "
         "without it arena play prints the result alone)"),
    Part("text", "text.py", False, (),
         "a HumanView subclass (human_view.py) for a person at the terminal (GAME.human_view; "
         "without it the default view)"),
    Part("svg", "svg.py", False, ("board",),
         "board(state, *, before=None, size=None, hint=None) -> str: the drawing the pages show (without it, "
         "the text board in an SVG)"),
    Part("clicks", "clicks.py", False, ("move_at",),
         "move_at(state, x, y) -> str | None: the move a click on the drawing stands for (without "
         "it, moves are typed)"),
    Part("envs", "envs.py", False, ("ENCODING",),
         "ENCODING, a GameEncoding (env_encoding.py): the game as numbers for arena.envs, with "
         "GAME.env_name its ids' name (without it, no environment)"),
    Part("analyst", "analyst.py", False, ("UNITS", "DEFAULT_SECONDS", "MISTAKE", "evaluate", "outcome"),
         "UNITS, DEFAULT_SECONDS, MISTAKE, evaluate(state, played, seconds), outcome(state, seat) "
         "(analyst_contract.py; without it, arena analyse refuses the game by name)"),
    Part("strong", "strong/__init__.py", False, (),
         "the strong player: a compiled engine (strong/engine.pyx, built by setup.py) and its "
         "program strong/player.py, which bots.py runs as `strong`; the bench measures it "
         "(bench/engines_<game>.py)"),
    Part("templates", "templates/", False, (),
         "one starter bot per language the toolkit offers (starter.py's SOURCES), for arena new "
         "(without it, arena new refuses the game by name)"),
)}

DECLARATION = "game"
"""The part whose file makes a folder a game."""

DOCS_PAGE = "docs/games/{game}.md"
"""Beside the folder, in the repository: the page of a game shipped with arena (its rules and
protocol, the choices made where the rules are silent); the conformance test checks it."""

ENGINE_BENCH = "bench/engines_{game}.py"
"""Beside the folder: the bench of a game with a ``strong`` part (bench/engines.py runs it)."""


class UnknownGameError(ValueError):
    pass


class GamePartError(Exception):
    """A game's part is broken: missing though required, not importable, or without a name it
    must define. The message names the file and the cause."""


_found: dict[tuple[str, ...], dict[str, str]] = {}
"""The games found on each search path seen: game name -> its folder."""


PACKAGE = __name__.rpartition(".")[0]
"""arena.games: its ``__path__`` is where games are looked for, and their modules its submodules."""


def _search_path() -> list[str]:
    return list(sys.modules[PACKAGE].__path__)


def games_found() -> dict[str, str]:
    """Every game on the games package's search path, by name, and its folder (listed once per
    search path; the first folder of a name wins, as the import system's does)."""
    path = tuple(_search_path())
    if path not in _found:
        games: dict[str, str] = {}
        for entry in path:
            names = sorted(os.listdir(entry)) if os.path.isdir(entry) else []
            for name in names:
                folder = os.path.join(entry, name)
                declared = os.path.isfile(os.path.join(folder, PARTS[DECLARATION].path))
                if name.isidentifier() and name not in games and declared:
                    _check_required(name, folder)
                    games[name] = folder
        _found[path] = games
    return _found[path]


def _check_required(game: str, folder: str) -> None:
    missing = [part.path for part in PARTS.values() if part.required and not _exists(folder, part)]
    if missing:
        raise GamePartError(f"{folder}: the game {game!r} (its folder holds game.py) has no "
                            f"{', '.join(missing)}; games/contract.py lists what a game needs")


def _exists(folder: str, part: Part) -> bool:
    where = os.path.join(folder, part.path)
    return os.path.isdir(where) if not part.is_module else os.path.isfile(where)


def game_folder(game: str) -> str:
    """The folder of ``game``; an UnknownGameError naming the games if there is none."""
    games = games_found()
    if game not in games:
        raise UnknownGameError(f"unknown game {game!r}; the games are: {', '.join(games)}")
    return games[game]


def _part(name: str) -> Part:
    if name not in PARTS:
        raise ValueError(f"{name!r} is no part of a game; the parts are: {', '.join(PARTS)}")
    return PARTS[name]


def has_part(game: str, name: str) -> bool:
    """Whether ``game``'s folder holds the part (without importing it)."""
    return _exists(game_folder(game), _part(name))


def part_path(game: str, name: str) -> str | None:
    """The file or folder of the part in ``game``'s folder; None if it has none (absent)."""
    folder, part = game_folder(game), _part(name)
    return os.path.join(folder, part.path) if _exists(folder, part) else None


def load_part(game: str, name: str) -> ModuleType | None:
    """``arena.games.<game>.<name>`` imported, or None when the game has no such part (absent).

    Raises UnknownGameError for a game that is not there, and GamePartError naming the file and
    the cause for a part that is required and missing, or there but broken: its import fails
    (whatever the cause: a missing library, a syntax error) or it lacks a name it must define.
    """
    part = _part(name)
    if not part.is_module:
        raise ValueError(f"{part.path} is a folder, not a module: part_path() gives it")
    where = part_path(game, name)
    if where is None:
        if part.required:
            raise GamePartError(f"{os.path.join(game_folder(game), part.path)}: missing; every game has "
                                f"one ({part.holds})")
        return None
    module_name = f"{PACKAGE}.{game}" if name == "__init__" else f"{PACKAGE}.{game}.{name}"
    try:
        __import__(module_name)  # not importlib.import_module: importing importlib costs a player ~1 ms
    except Exception as error:
        raise GamePartError(f"{where}: cannot be loaded: {type(error).__name__}: {error}") from error
    module = sys.modules[module_name]
    lacking = [needed for needed in part.defines if not hasattr(module, needed)]
    if lacking:
        raise GamePartError(f"{where}: defines no {', '.join(lacking)} ({part.holds})")
    return module


def need_part(game: str, name: str) -> ModuleType:
    """The part, for a caller that cannot go on without it: absent is an error naming the game and
    the file it lacks (a GamePartError, as a broken part is)."""
    module = load_part(game, name)
    if module is None:
        raise GamePartError(f"{game} has no {PARTS[name].path} ({PARTS[name].holds})")
    return module
