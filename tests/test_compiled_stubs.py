"""The stubs of the compiled modules (the .pyi beside each .pyx) say what the compiled modules hold.

mypy reads a compiled engine or the judge's spawner only through its stub, so a stub that drifts
from its .pyx would let mypy pass calls that fail at run time. Each stub must declare exactly the
module's public names, and each function's parameters as the compiled function has them: the same
names, in the same order, of the same kinds, with the same defaults.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src"
COMPILED = sorted(path.with_suffix("") for path in (SOURCE / "arena").rglob("*.pyx"))


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(SOURCE).parts)


def stub_tree(path: Path) -> ast.Module:
    return ast.parse(path.with_suffix(".pyi").read_text())


def stub_parameters(function: ast.FunctionDef) -> list[tuple[str, str, object]]:
    """(name, kind, default) of each parameter, as inspect names the kinds."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = [inspect.Parameter.empty] * (len(positional) - len(arguments.defaults)) + [
        ast.literal_eval(default) for default in arguments.defaults]
    found = [(argument.arg, "POSITIONAL_ONLY" if argument in arguments.posonlyargs else "POSITIONAL_OR_KEYWORD",
              default) for argument, default in zip(positional, defaults)]
    if arguments.vararg:
        found.append((arguments.vararg.arg, "VAR_POSITIONAL", inspect.Parameter.empty))
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        found.append((argument.arg, "KEYWORD_ONLY",
                      inspect.Parameter.empty if default is None else ast.literal_eval(default)))
    if arguments.kwarg:
        found.append((arguments.kwarg.arg, "VAR_KEYWORD", inspect.Parameter.empty))
    return found


def compiled_parameters(function: object) -> list[tuple[str, str, object]]:
    return [(parameter.name, parameter.kind.name, parameter.default)
            for parameter in inspect.signature(function).parameters.values()]


def declared_names(body: list[ast.stmt]) -> dict[str, ast.stmt]:
    names: dict[str, ast.stmt] = {}
    for statement in body:
        if isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
            names[statement.name] = statement
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names[statement.target.id] = statement
    return names


def public_names(module: object) -> set[str]:
    """The module's own public names: not the modules and classes it imports (Flippo's ``Path``)."""
    own = set()
    for name, value in vars(module).items():
        if name.startswith("_") or inspect.ismodule(value):
            continue
        if (inspect.isclass(value) or callable(value)) and value.__module__ != module.__name__:
            continue
        own.add(name)
    return own


@pytest.mark.parametrize("path", COMPILED, ids=module_name)
def test_the_stub_declares_every_public_name_and_no_other(path: Path) -> None:
    module = importlib.import_module(module_name(path))
    assert set(declared_names(stub_tree(path).body)) == public_names(module)


@pytest.mark.parametrize("path", COMPILED, ids=module_name)
def test_the_stub_gives_each_function_the_compiled_parameters(path: Path) -> None:
    module = importlib.import_module(module_name(path))
    checked = 0
    for name, statement in declared_names(stub_tree(path).body).items():
        if isinstance(statement, ast.FunctionDef):
            assert stub_parameters(statement) == compiled_parameters(getattr(module, name)), name
            checked += 1
        elif isinstance(statement, ast.ClassDef):
            checked += check_class(path, getattr(module, name), statement)
    assert checked


def check_class(path: Path, compiled: type, stub: ast.ClassDef) -> int:
    """The class's methods as the functions above; its ``__init__`` as the .pyx's ``__cinit__``
    (a cdef class's constructor has no signature to inspect); its public attributes declared."""
    declared = declared_names(stub.body)
    methods = {name for name, value in vars(compiled).items() if not name.startswith("_") and callable(value)}
    attributes = {name for name, value in vars(compiled).items() if not name.startswith("_") and not callable(value)}
    assert {name for name, node in declared.items() if isinstance(node, ast.FunctionDef)} - {"__init__"} == methods
    assert {name for name, node in declared.items() if isinstance(node, ast.AnnAssign)} == attributes
    for name in methods:
        assert stub_parameters(declared[name]) == compiled_parameters(getattr(compiled, name)), name
    source = path.with_suffix(".pyx").read_text()
    constructor = re.search(rf"cdef class {compiled.__name__}:.*?def __cinit__\(([^)]*)\)", source, re.S)
    assert constructor, f"no __cinit__ of {compiled.__name__} in {path.name}.pyx"
    written = [part.split()[-1].split("=")[0] for part in constructor.group(1).split(",")]
    assert [name for name, _, _ in stub_parameters(declared["__init__"])] == written
    return len(methods) + 1
