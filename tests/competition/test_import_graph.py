"""competition/'s modules import one another without a circle (imports inside functions and under
TYPE_CHECKING counted too), and a build worker's modules do not load the command line (click)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import arena.competition

PACKAGE = Path(arena.competition.__file__).parent
ROOT = PACKAGE.parent.parent  # the folder holding arena/


def module_graph() -> dict[str, set[str]]:
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)

    def known(name: str) -> str | None:
        # ``from .x import y`` names module x.y or a name y of x: the longest prefix that is a module
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, is_package) in modules.items():
        package = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = package
                    for _ in range(node.level - 1):
                        base = base.rpartition(".")[0]
                    base = f"{base}.{node.module}" if node.module else base
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            graph[name] |= {target for target in map(known, targets) if target and target != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_of_competition_imports_itself_round_a_circle():
    graph = module_graph()
    assert "arena.competition.build.languages" in graph and graph["arena.competition.site.app"]
    assert cycles(graph) == []


def test_the_graph_sees_a_circle_when_there_is_one():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_a_build_worker_does_not_import_the_command_line():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, arena.competition.build.one_build, arena.competition.cluster.remote_building;"
                               " print('click' in sys.modules, 'arena.check' in sys.modules)"],
        capture_output=True, text=True, check=True).stdout.split()
    assert loaded == ["False", "False"]
