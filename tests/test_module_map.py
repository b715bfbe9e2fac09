"""README.md's map of src/arena/ is the one tools/module_map.py writes now, from the modules' own
docstrings: a module added, renamed or removed, or a docstring's first sentence changed, without
the map written again, fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("module_map", ROOT / "tools" / "module_map.py")
assert _spec is not None and _spec.loader is not None
module_map = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(module_map)


def test_the_readme_map_is_the_one_the_docstrings_make():
    readme = (ROOT / "README.md").read_text()
    assert module_map.with_map(readme, module_map.module_map()) == readme, (
        "README.md's module map is stale: run `python tools/module_map.py` (and commit README.md)")


def test_the_map_has_every_module_with_its_first_sentence():
    """The test above would pass for a map that listed nothing: here are some entries it must hold."""
    written = module_map.module_map()
    lines = written.splitlines()
    python_modules = [path for path in module_map.SOURCE.rglob("*.py")
                      if path.name != "__init__.py" and module_map.GAMES not in path.parents]
    assert len(python_modules) > 200
    named = {line.split()[0] for line in lines if line.strip() and not line.startswith(" " * module_map.NAME_WIDTH)}
    assert {path.name for path in python_modules} <= named
    assert ("      migrations.py    The competition database's schema versions, and the migrations from one to the"
            " next.") in lines  # competition/store/migrations.py, under its folders, its first sentence whole
    assert "  judge/" in written and "flippo/" in written and "clicks.py" not in named  # a game is one entry


def test_a_renamed_module_changes_the_map(tmp_path, monkeypatch):
    """A tree in which a module was renamed: the map written before it no longer matches."""
    source = tmp_path / "src" / "arena"
    (source / "games").mkdir(parents=True)
    (source / "__init__.py").write_text('"""The project."""\n')
    (source / "games" / "__init__.py").write_text('"""The games. Each in a folder."""\n')
    (source / "judge").mkdir()
    (source / "judge" / "__init__.py").write_text('"""The judge, e.g. its clocks. More words."""\n')
    (source / "judge" / "match.py").write_text('"""One game as a protocol sees it.\n\nThe rest."""\n')
    monkeypatch.setattr(module_map, "SOURCE", source)
    monkeypatch.setattr(module_map, "GAMES", source / "games")
    before = module_map.module_map()
    assert before.splitlines() == [
        "```",
        "src/arena/             The project.",
        "  games/               The games.",
        "  judge/               The judge, e.g. its clocks.",
        "    match.py           One game as a protocol sees it.",
        "```"]
    (source / "judge" / "match.py").rename(source / "judge" / "game_loop.py")
    readme = f"# Arena\n\n{module_map.MAP_BEGINS}\n{before}{module_map.MAP_ENDS}\n\nThe end.\n"
    after = module_map.with_map(readme, module_map.module_map())
    assert after != readme and "    game_loop.py       One game as a protocol sees it." in after
    assert after.endswith(f"```\n{module_map.MAP_ENDS}\n\nThe end.\n")
