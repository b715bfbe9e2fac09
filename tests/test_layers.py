"""The house's floors, checked where import-linter does not look.

pyproject.toml's import-linter contract states the floors (``make test`` runs
``lint-imports``). These tests read every import statement of ``src/arena`` themselves
(inside functions and under ``if TYPE_CHECKING:`` too) and check what a newcomer relies
on: no circle between top-level packages (nor between any two modules), games that use
nothing of arena but the games and the judge, every package on a floor of the contract, and
no folder too full to find one's way in.
"""

from __future__ import annotations

import ast
import re

from .import_graph import SOURCE, cycles, module_graph

MOST_MODULES = 16
"""More modules than this directly in one folder and it wants sub-packages by concern."""


def top_level(name: str) -> str:
    """The floor a module belongs to: its top-level package (a module directly in arena/ is its own)."""
    return name.split(".")[1]


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, imported in module_graph().items():
        if module != "arena":
            graph.setdefault(top_level(module), set()).update(
                top_level(other) for other in imported if other != "arena" and top_level(other) != top_level(module))
    return graph


def test_no_circle_between_top_level_packages():
    graph = package_graph()
    assert graph["games"] == {"judge"} and "competition" in graph  # the graph was read at all
    assert cycles(graph) == []


def test_the_cycle_finder_sees_a_circle():
    """A finder that never reports would pass the test above: two circles, one of three."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(cycles(graph)) == [["a", "b", "c"], ["d", "e"]]


def test_no_circle_between_any_two_modules():
    """Stronger than the floors: not even inside a package does a module import itself round a circle."""
    graph = module_graph()
    assert len(graph) > 200 and graph["arena.competition.site.site_app"]
    assert cycles(graph) == []


def test_a_game_uses_nothing_of_arena_but_the_games_and_the_judge():
    outside = {module: sorted(other for other in imported if top_level(other) not in ("games", "judge"))
               for module, imported in module_graph(SOURCE / "games").items()}
    assert {module: wrong for module, wrong in outside.items() if wrong} == {}


def test_the_judge_knows_no_game():
    outside = {module: sorted(other for other in imported if top_level(other) != "judge")
               for module, imported in module_graph(SOURCE / "judge").items()}
    assert {module: wrong for module, wrong in outside.items() if wrong} == {}


def test_relative_imports_are_resolved_as_python_does():
    """The graph would miss every import if it resolved ``from ..x`` wrongly."""
    graph = module_graph()
    assert "arena.judge.move_errors" in graph["arena.games.base"]
    assert "arena.judge.match" in graph["arena.games.flippo.protocol"]
    assert "arena.judge.sandbox.settings" in graph["arena.judge.sandbox.confined_process"]


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


def test_nothing_lies_loose_in_arena():
    """Every module is in the package of its concern: the CLI in cli/, the contestant's tools in toolkit/."""
    assert sorted(path.name for path in SOURCE.glob("*.py")) == ["__init__.py"]
    assert (SOURCE / "cli" / "main.py").is_file() and (SOURCE / "toolkit").is_dir()


COMMAND = re.compile(r"^@(click|\w+)\.(command|group)\(", re.MULTILINE)
"""A click command or group declared (``@click.command()``, ``@cli.command("name")``...)."""


def test_every_command_is_on_the_cli_floor():
    """No engine holds a command of the command line: they are all arena/cli/'s, the top floor."""
    declaring = {str(path.relative_to(SOURCE)) for path in SOURCE.rglob("*.py") if COMMAND.search(path.read_text())}
    assert "cli/command_group.py" in declaring and "cli/tournament_commands.py" in declaring
    assert sorted(path for path in declaring if not path.startswith("cli/")) == []


def test_the_command_finder_sees_every_form():
    assert all(COMMAND.search(text) for text in ("@click.command()", '@cli.command("policy-bot")', "@click.group()"))
    assert not COMMAND.search("    command = click.option('--env')(command)")


def dask_imports(path) -> list[str]:
    """The modules of Dask (``dask``, ``distributed``) that a source file imports, anywhere in it."""
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names.append(node.module or "")
    return [name for name in names if name.split(".")[0] in ("dask", "distributed")]


def test_dask_is_named_only_by_the_one_home_of_parallel_work():
    """Parallel work has one home, arena/parallel/: no other module imports Dask (inside functions too)."""
    naming = {str(path.relative_to(SOURCE)) for path in SOURCE.rglob("*.py") if dask_imports(path)}
    assert "parallel/worker_pool.py" in naming  # the imports were read at all
    assert sorted(path for path in naming if not path.startswith(("parallel/", "games/"))) == []
