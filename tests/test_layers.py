"""The house's floors, checked where import-linter does not look.

pyproject.toml's import-linter contract states the floors (``make test`` runs
``lint-imports``). These tests read every import statement of ``src/arena`` themselves
(inside functions and under ``if TYPE_CHECKING:`` too) and check what a newcomer relies
on: no circle between top-level packages, games that use nothing of arena but the games
and the judge, and no folder too full to find one's way in.
"""

from __future__ import annotations

import ast
from pathlib import Path

import arena

SOURCE = Path(arena.__file__).parent
MOST_MODULES = 16
"""More modules than this directly in one folder and it wants sub-packages by concern."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every arena module or name a file imports, relative imports resolved."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {each for each in found if each == "arena" or each.startswith("arena.")}


def top_level(name: str) -> str | None:
    """The floor a module belongs to: its top-level package (a module directly in arena/ is its own)."""
    parts = name.split(".")
    if len(parts) < 2:
        return None
    return parts[1] if (SOURCE / parts[1]).is_dir() or (SOURCE / f"{parts[1]}.py").exists() else None


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in SOURCE.rglob("*.py"):
        here = top_level(module_name(path))
        for target in imported_modules(path):
            there = top_level(target)
            if here and there and there != here:
                graph.setdefault(here, set()).add(there)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one package (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in graph.get(node, ()):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_circle_between_top_level_packages():
    graph = package_graph()
    assert graph["games"] == {"judge"} and "competition" in graph  # the graph was read at all
    assert cycles(graph) == []


def test_the_cycle_finder_sees_a_circle():
    """A finder that never reports would pass the test above: two circles, one of three."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(cycles(graph)) == [["a", "b", "c"], ["d", "e"]]


def test_a_game_uses_nothing_of_arena_but_the_games_and_the_judge():
    outside = {}
    for path in (SOURCE / "games").rglob("*.py"):
        wrong = {name for name in imported_modules(path)
                 if name != "arena" and top_level(name) not in ("games", "judge")}
        if wrong:
            outside[str(path.relative_to(SOURCE))] = sorted(wrong)
    assert outside == {}


def test_the_judge_knows_no_game():
    for path in (SOURCE / "judge").rglob("*.py"):
        assert not {name for name in imported_modules(path) if top_level(name) != "judge"}, path


def test_relative_imports_are_resolved_as_python_does():
    """The readers above would miss every import if they resolved ``from ..x`` wrongly."""
    assert "arena.judge.move_errors.MoveError" in imported_modules(SOURCE / "games" / "base.py")
    assert "arena.judge.match.Match" in imported_modules(SOURCE / "games" / "flippo" / "protocol.py")


def test_no_folder_is_too_full():
    # a game's strong/ is its compiled engine's parts, counted apart (they are few today)
    counts = {str(folder.relative_to(SOURCE.parent)): len(list(folder.glob("*.py")))
              for folder in {path.parent for path in SOURCE.rglob("*.py")} if folder.name != "strong"}
    assert counts["arena/judge"] > 1  # the folders were read at all
    assert {folder: count for folder, count in counts.items() if count > MOST_MODULES} == {}


def test_every_top_level_package_has_its_floor_in_the_contract():
    """A package the import-linter contract does not name is bound by no floor: each one is named."""
    import tomllib

    pyproject = tomllib.loads((SOURCE.parents[1] / "pyproject.toml").read_text())
    named = {name.strip() for contract in pyproject["tool"]["importlinter"]["contracts"]
             for layer in contract.get("layers", []) for name in layer.split("|")}
    packages = {f"arena.{path.name}" for path in SOURCE.iterdir() if (path / "__init__.py").exists()}
    modules = {f"arena.{path.stem}" for path in SOURCE.glob("*.py") if path.stem not in ("__init__", "__main__")}
    assert {"arena.judge", "arena.games", "arena.competition"} <= named
    assert sorted((packages | modules) - named) == []
