"""Every module that a docstring or a comment of src/arena or of tests/ names is one that exists.

A renamed or removed module leaves its old name behind in the prose around it; these tests
find such names. Two forms are read, both unmistakably a module's name and never an
ordinary word:

- a file name, with or without folders: ``match.py``, ``judge/process.py``,
  ``strong/search.pxi``, ``tools/blackhole_fit.py``. It names an existing file found from
  the folder of the file that names it: in that folder or one above it (so ``match.py``
  in judge/ is judge/match.py, ``judge/process.py`` anywhere in src/arena is that module,
  and ``tools/x.py`` is the repository's tools/x.py), or anywhere in the same top-level
  package, or the same game's folder (``cgroup.py`` in judge/ is
  judge/sandbox/cgroups/cgroup.py); a bare name may also be a part that games have
  (``a game's clicks.py``): some game's folder holds it;
- a dotted name from ``arena``: ``arena.judge.match``, ``arena.games.base.MoveError``. It
  names an existing module or package, optionally followed by a name that module defines
  at its top level or one Python gives every module (``__path__``); what comes after
  that, a method or attribute, is not looked at.

A test names a module as the code it tests would: tests/judge/ mirrors src/arena/judge/, so
``match.py`` there is judge/match.py; or as its own folder finds it (a helper beside it,
tests/conftest.py).

A few file names in the prose are not the project's own modules but a contestant's
program, given as an example (NOT_THE_PROJECTS).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "arena"
TESTS = ROOT / "tests"
GAMES = SOURCE / "games"

FILE_NAME = re.compile(r"(?<![\w./-])((?:[A-Za-z_][\w-]*/)*[A-Za-z_]\w*\.(?:py|pyx|pxi))\b(?![\w(])")
"""A file name of Python or Cython, with any folders before it (not part of a longer path or word)."""

DOTTED_NAME = re.compile(r"(?<![\w.])arena(?:\.[A-Za-z_]\w*)+")
"""A dotted name beginning at the package ``arena``."""

NOT_THE_PROJECTS = {
    "bot.py": "a contestant's program in the examples of the sandbox's needed paths",
    "mybot.py": "a contestant's program in the examples of the build and the players",
    "file.py": "a contestant's program in the examples of the sandbox and the CLI",
    "policy.py": "a contestant's trained policy, in the examples of the sandbox",
    "path/to/policy.py": "a contestant's trained policy, in the CLI's help",
    "folder/policy.py": "a contestant's trained policy, in a test of ``arena policy-bot``",
}
"""File names in the prose that are a contestant's, not a module of arena, and why."""


def prose(path: Path) -> list[tuple[int, str]]:
    """The docstrings (every string standing as a statement) and comments of ``path``, by line.

    A .pyx or .pxi file is Cython, which ``ast`` cannot read: its triple-quoted strings and
    its comments are taken by their marks.
    """
    text = path.read_text()
    if path.suffix == ".py":
        found = [(node.lineno, node.value.value) for node in ast.walk(ast.parse(text))
                 if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                 and isinstance(node.value.value, str)]
        found += [(token.start[0], token.string) for token in tokenize.generate_tokens(io.StringIO(text).readline)
                  if token.type == tokenize.COMMENT]
        return found
    marked = re.finditer(r'"""(.*?)"""|#[^\n]*', text, re.S)
    return [(text.count("\n", 0, match.start()) + 1, match.group(0)) for match in marked]


def file_exists(name: str, where: Path, source: Path = SOURCE, top: Path | None = None) -> bool:
    """Whether ``name`` (a file name with any folders) is a file found from ``where``: in it or a
    folder above it up to the repository (``top``: the one that holds src/), anywhere in its
    top-level package of ``source`` (a name written without the folders between), or, a bare
    name, a part some game has."""
    top = source.parents[1] if top is None else top
    folders = [where, *where.parents]
    if any((folder / name).is_file() for folder in folders[:folders.index(top) + 1]):
        return True
    if where != source and source in where.parents:
        parts = where.relative_to(source).parts
        # a game's folder is a package of its own: Flippo's evaluate.pxi is not Black Hole's
        room = source.joinpath(*parts[:2]) if parts[0] == "games" and len(parts) > 1 else source / parts[0]
        if any(path.is_file() for path in room.rglob(name)):
            return True
    return "/" not in name and any(GAMES.glob(f"*/{name}"))


def top_level_names(module: Path) -> set[str]:
    """The names a Python module defines at its top level (its functions, classes, assignments, imports)."""
    names: set[str] = set()
    for node in ast.parse(module.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(name.id for target in targets for name in ast.walk(target) if isinstance(name, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def dotted_exists(name: str, source: Path = SOURCE) -> bool:
    """Whether ``arena.a.b...`` is a module or package of ``source``, or a top-level name of one."""
    parts = name.split(".")[1:]
    folder = source
    for index, part in enumerate(parts):
        if (folder / part / "__init__.py").is_file():
            folder = folder / part
            continue
        if (folder / f"{part}.py").is_file():
            module, rest = folder / f"{part}.py", parts[index + 1:]
        elif any(folder.glob(f"{part}.*.so")) or (folder / f"{part}.pyx").is_file():
            return True  # a compiled module: its names are not read here
        else:
            module, rest = folder / "__init__.py", parts[index:]
        # a module's own attributes (``arena.games.__path__``) are not defined in its text
        return not rest or rest[0] in top_level_names(module) or rest[0].startswith("__")
    return True


def found_from_a_test(name: str, where: Path, tests: Path = TESTS, source: Path = SOURCE) -> bool:
    """Whether ``name``, in the prose of a test in the folder ``where``, is a file: one the test's
    folder finds as a module's folder would (a helper beside it, tests/conftest.py), or one the
    source folder it mirrors finds (tests/judge/ names judge/match.py as match.py)."""
    mirrored = source.joinpath(*where.relative_to(tests).parts)
    return file_exists(name, where, tests, top=tests.parent) or file_exists(name, mirrored, source)


def wrong_names(files: list[Path], source: Path = SOURCE, tests: Path = TESTS) -> list[str]:
    """``file:line: name`` for each module name in the prose of ``files`` that names nothing."""
    wrong = []
    for path in files:
        in_tests = tests in path.parents
        for line, text in prose(path):
            names = [match.group(1) for match in FILE_NAME.finditer(text)
                     if match.group(1) not in NOT_THE_PROJECTS
                     and not (found_from_a_test(match.group(1), path.parent, tests, source) if in_tests
                              else file_exists(match.group(1), path.parent, source))]
            names += [match.group(0) for match in DOTTED_NAME.finditer(text)
                      if not dotted_exists(match.group(0), source)]
            wrong += [f"{path.relative_to((tests if in_tests else source).parent)}:{line}: {name}" for name in names]
    return wrong


def source_files(source: Path = SOURCE) -> list[Path]:
    return sorted(path for path in source.rglob("*") if path.suffix in (".py", ".pyx", ".pxi") and path.is_file())


def test_every_module_named_in_the_prose_exists():
    files = source_files()
    assert len(files) > 300  # the tree was read at all
    assert wrong_names(files) == []


def test_every_module_named_in_the_tests_prose_exists():
    """A test names a module as the code it tests would (tests/judge/ mirrors src/arena/judge/), or
    a file of its own folders; this file is left out: its prose is examples, some wrong on purpose."""
    files = [path for path in source_files(TESTS) if path != Path(__file__).resolve()]
    assert len(files) > 250  # the tests were read at all
    assert wrong_names(files) == []


def test_the_prose_is_read_where_it_names_modules():
    """The test above would pass if no name were found: here are some it must find, of each form."""
    found = {name for path in source_files() for _, text in prose(path)
             for name in [m.group(1) for m in FILE_NAME.finditer(text)] + [m.group(0) for m in DOTTED_NAME.finditer(text)]}
    assert {"judge/record.py", "fair_clock.py", "search.pxi", "tools/blackhole_fit.py",
            "arena.judge.sandbox.guardian_client", "arena.games.base.IllegalMoveError"} <= found


def test_a_renamed_module_is_caught(tmp_path):
    """A copy of a small tree in which a module was renamed but the prose not."""
    source = tmp_path / "src" / "arena"
    (source / "judge").mkdir(parents=True)
    (source / "__init__.py").write_text('"""The project."""\n')
    (source / "judge" / "__init__.py").write_text('"""The judge: see judge/match.py and arena.judge.match."""\n')
    (source / "judge" / "game_loop.py").write_text(  # was match.py
        '"""One game."""\n\n\ndef play():\n    """As match.py says; arena.judge.match.play."""\n')
    (source / "judge" / "start.py").write_text(
        '"""Start-up."""\n# game_loop.py, arena.judge.game_loop.play, arena.judge.game_loop.nothing\n')
    files = source_files(source)
    assert wrong_names(files, source) == [
        "arena/judge/__init__.py:1: judge/match.py",
        "arena/judge/__init__.py:1: arena.judge.match",
        "arena/judge/game_loop.py:5: match.py",
        "arena/judge/game_loop.py:5: arena.judge.match.play",
        "arena/judge/start.py:2: arena.judge.game_loop.nothing",
    ]


def test_ordinary_words_are_not_module_names():
    text = "e.g. a value, the record's end. Numbers 1.5 and x.y; see python.org and docs/setup.md"
    assert FILE_NAME.findall(text) == [] and DOTTED_NAME.findall("the arena. arenas.judge") == []


def test_a_test_naming_a_renamed_module_is_caught(tmp_path):
    """A test's prose names what the module it mirrors would find, and its own helpers."""
    source, tests = tmp_path / "src" / "arena", tmp_path / "tests"
    (source / "judge").mkdir(parents=True)
    (tests / "judge").mkdir(parents=True)
    (source / "__init__.py").write_text('"""The project."""\n')
    (source / "judge" / "__init__.py").write_text('"""The judge."""\n')
    (source / "judge" / "game_loop.py").write_text('"""One game."""\n')  # was match.py
    (tests / "judge" / "outside_look.py").write_text('"""A helper of the tests."""\n')
    (tests / "judge" / "test_game_loop.py").write_text(
        '"""game_loop.py, with outside_look.py; as match.py did."""\n# arena.judge.game_loop, arena.judge.match\n')
    assert wrong_names(source_files(tests), source, tests) == [
        "tests/judge/test_game_loop.py:1: match.py",
        "tests/judge/test_game_loop.py:2: arena.judge.match",
    ]
