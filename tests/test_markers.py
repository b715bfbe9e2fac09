"""A test that needs root, a browser or compilers says so where it is written: ``pytest.mark.root``,
``.browser`` or ``.compilers`` on the test, its class or its module (``pytestmark``), so that
``-m "not root"`` and the like select what they say.

What a test needs is read from the test files' syntax (``ast``), not by running them, from the signs
that are cheap to see: a skip conditioned on ``os.geteuid() != 0`` (root); the ``page`` or ``browser``
fixture (a browser); a skip conditioned on ``shutil.which`` of a compiler, or build_support's
``needs_tool`` (compilers). The test's own code, its marks and the module-level helpers, fixtures and
names they use are read; a conftest's fixtures are not (none of them skips for root or compilers)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
COMPILERS = {"gcc", "g++", "javac", "java", "go", "rustc"}
BROWSER_FIXTURES = {"page", "browser"}
NEEDS = ("root", "browser", "compilers")


def _called(node: ast.AST) -> str | None:
    """The name a call calls (``which`` for ``shutil.which(...)``), None for anything else."""
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id
        if isinstance(node.func, ast.Attribute):
            return node.func.attr
    return None


def _is_not_root(node: ast.AST) -> bool:
    """``os.geteuid() != 0`` somewhere in ``node``."""
    return any(isinstance(n, ast.Compare) and _called(n.left) == "geteuid" and isinstance(n.ops[0], ast.NotEq)
               for n in ast.walk(node))


def _looks_for_a_compiler(node: ast.AST) -> bool:
    """A ``which`` of a compiler (or of a name held in a variable: the tests name no other tool so)."""
    for n in ast.walk(node):
        if _called(n) == "which" and n.args:
            first = n.args[0]
            if not isinstance(first, ast.Constant) or first.value in COMPILERS:
                return True
    return False


def _walk(node: ast.AST):
    """Every node under ``node`` (``node`` too), each with the tests of the ``if`` statements whose
    body holds it."""
    todo = [(node, ())]
    while todo:
        current, within = todo.pop()
        yield current, within
        for field, value in ast.iter_fields(current):
            inner = within + (current.test,) if isinstance(current, ast.If) and field == "body" else within
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    todo.append((child, inner))


class Module:
    """A test file's module-level definitions by name, its ``pytestmark``, and what each node shows
    (worked out once a node: a module's helpers are reached from many of its tests)."""

    def __init__(self, source: str) -> None:
        self.tree = ast.parse(source)
        self.defined: dict[str, ast.AST] = {}
        for node in self.tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                self.defined[node.name] = node
            elif isinstance(node, ast.Assign) and not isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.defined[target.id] = node  # marks, tables; a program's source text is left out
        self.pytestmark = [node for name, node in self.defined.items() if name == "pytestmark"]
        self._shown: dict[int, tuple[set[str], set[str], set[str], set[str]]] = {}

    def shown(self, node: ast.AST) -> tuple[set[str], set[str], set[str], set[str]]:
        """What ``node`` shows: the names it uses, the needs its skips show, the marks it names, and
        the fixtures it takes (a fixture's own parameters)."""
        if id(node) not in self._shown:
            names, needs, marks, skips_on = set(), set(), set(), []
            for n, within in _walk(node):
                if isinstance(n, ast.Name):
                    names.add(n.id)
                elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Attribute) and n.value.attr == "mark":
                    marks.add(n.attr)
                elif _called(n) == "needs_tool":
                    needs.add("compilers")
                elif _called(n) == "skipif" and n.args:  # skipif(condition)
                    skips_on.append(n.args[0])
                elif _called(n) == "skip":  # if condition: pytest.skip(...)
                    skips_on.extend(within)
            for condition in skips_on:
                if _is_not_root(condition):
                    needs.add("root")
                if _looks_for_a_compiler(condition):
                    needs.add("compilers")
            fixtures = ({arg.arg for arg in node.args.args}
                        if isinstance(node, ast.FunctionDef) and _is_fixture(node) else set())
            self._shown[id(node)] = names, needs, marks, fixtures
        return self._shown[id(node)]

    def reached(self, nodes: list[ast.AST], also: set[str] = frozenset()) -> list[ast.AST]:
        """``nodes`` and every module-level definition they name (or ``also`` names), transitively."""
        seen: set[str] = set()
        found = list(nodes)
        names = set(also).union(*(self.shown(node)[0] for node in nodes))
        while names - seen:
            name = (names - seen).pop()
            seen.add(name)
            if name in self.defined:
                found.append(self.defined[name])
                names |= self.shown(self.defined[name])[0]
        return found

    def tests(self):
        """(node id's name, function, the class it is in or None) for each test function."""
        for node in self.tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                yield node.name, node, None
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                for method in node.body:
                    if isinstance(method, ast.FunctionDef) and method.name.startswith("test"):
                        yield f"{node.name}::{method.name}", method, node


def _is_fixture(function: ast.FunctionDef) -> bool:
    """Decorated ``@pytest.fixture`` or ``@pytest.fixture(...)``."""
    return any(_called(d) == "fixture" or getattr(d, "attr", None) == "fixture" for d in function.decorator_list)


def missing_marks(source: str) -> dict[str, set[str]]:
    """For each test of ``source`` that needs root, a browser or compilers without its mark: those it lacks."""
    module = Module(source)
    lacking = {}
    for name, function, owner in module.tests():
        marks = list(function.decorator_list) + (list(owner.decorator_list) if owner else []) + module.pytestmark
        parameters = {arg.arg for arg in function.args.args}
        # the test's marks, body and the module's fixtures it takes, and what all of those name
        reached = module.reached(marks + [function], also=parameters)
        needs = set().union(*(module.shown(node)[1] for node in reached))
        fixtures = parameters.union(*(module.shown(node)[3] for node in reached))
        if fixtures & BROWSER_FIXTURES:
            needs.add("browser")
        lacks = needs - set().union(*(module.shown(node)[2] for node in module.reached(marks)))
        if lacks:
            lacking[name] = lacks
    return lacking


def test_every_test_that_needs_root_a_browser_or_compilers_carries_its_mark():
    lacking = []
    for path in sorted(TESTS.rglob("test_*.py")):
        if "programs" in path.relative_to(TESTS).parts:
            continue
        for name, lacks in missing_marks(path.read_text()).items():
            lacking.append(f"{path.relative_to(TESTS.parent)}::{name} lacks pytest.mark.{', '.join(sorted(lacks))}")
    assert not lacking, "\n".join(lacking)


@pytest.mark.parametrize("source, lacks", [
    # root: a skipif on the test, on its module, through a name, and a skip in its body
    ("@pytest.mark.skipif(os.geteuid() != 0, reason='r')\ndef test_a(): pass", {"test_a": {"root"}}),
    ("pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason='r')\ndef test_a(): pass", {"test_a": {"root"}}),
    ("as_root = pytest.mark.skipif(os.geteuid() != 0, reason='r')\n@as_root\ndef test_a(): pass",
     {"test_a": {"root"}}),
    ("def test_a():\n    if os.geteuid() != 0:\n        pytest.skip('r')", {"test_a": {"root"}}),
    ("class TestA:\n    def test_b(self):\n        if os.geteuid() != 0:\n            pytest.skip('r')",
     {"TestA::test_b": {"root"}}),
    # compilers: which of a compiler, of a variable, needs_tool, in a fixture of the module
    ("@pytest.mark.skipif(shutil.which('gcc') is None, reason='r')\ndef test_a(): pass", {"test_a": {"compilers"}}),
    ("def test_a(lang):\n    tool = {'c': 'gcc'}[lang]\n    if shutil.which(tool) is None:\n        pytest.skip('r')",
     {"test_a": {"compilers"}}),
    ("def test_a():\n    needs_tool('g++', 'g++')", {"test_a": {"compilers"}}),
    ("@pytest.fixture\ndef built():\n    if shutil.which('g++') is None:\n        pytest.skip('r')\n"
     "def test_a(built): pass", {"test_a": {"compilers"}}),
    # a browser: the fixture taken by the test or by a fixture of the module it takes
    ("def test_a(page): pass", {"test_a": {"browser"}}),
    ("@pytest.fixture\ndef shown(page): pass\ndef test_a(shown): pass", {"test_a": {"browser"}}),
    ("def form(page, name): pass\ndef test_a():\n    form('/login', 'alice')", {}),  # a helper's page: a path
    # marked where it is written: nothing lacks
    ("@pytest.mark.root\n@pytest.mark.skipif(os.geteuid() != 0, reason='r')\ndef test_a(): pass", {}),
    ("pytestmark = [pytest.mark.browser, pytest.mark.compilers]\n"
     "def test_a(page):\n    needs_tool('g++', 'g++')", {}),
    ("as_root = [pytest.mark.root, pytest.mark.skipif(os.geteuid() != 0, reason='r')]\n@as_root\n"
     "def test_a(): pass", {}),
    # no sign of a need: root's uid tested either way, a tool that is no compiler, a program's text
    ("def test_a():\n    if os.geteuid() == 0:\n        pytest.skip('r')", {}),
    ("@pytest.mark.skipif(shutil.which('bwrap') is None, reason='r')\ndef test_a(): pass", {}),
    ("SOURCE = 'if os.geteuid() != 0: pytest.skip()'\ndef test_a():\n    run(SOURCE)", {}),
    # a mark on another test does not count
    ("@pytest.mark.root\ndef test_a(): pass\ndef test_b():\n    if os.geteuid() != 0:\n        pytest.skip('r')",
     {"test_b": {"root"}}),
], ids=["root-skipif", "root-pytestmark", "root-named-mark", "root-skip-in-body", "root-in-a-class",
        "compilers-skipif", "compilers-which-of-a-variable", "compilers-needs-tool", "compilers-in-a-fixture",
        "browser-page", "browser-through-a-fixture", "a-helpers-page-argument",
        "marked-root", "marked-by-pytestmark", "marked-through-a-name",
        "root-either-way", "bwrap-no-compiler", "a-programs-text", "marked-elsewhere"])
def test_the_signs_of_a_need_and_the_marks_are_read(source, lacks):
    assert missing_marks(textwrap.dedent(source)) == lacks
