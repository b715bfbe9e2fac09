"""The site's SiteConductor lists exactly the conductor methods the site calls, and both the real
Conductor and the tests' FakeConductor have each of them, with the same parameters."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import arena.competition.site as site_package
from arena.competition.conductor.conductor import Conductor
from arena.competition.site.site_state import SiteConductor

from .fake_conductor import FakeConductor

MEMBERS = sorted(name for name, value in vars(SiteConductor).items()
                 if inspect.isfunction(value) and not name.startswith("_"))


def _called_by_the_site() -> set[str]:
    """Every ``<something>.conductor.NAME`` and ``conductor.NAME`` in the site's modules."""
    called = set()
    for path in Path(site_package.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                inner = node.value
                if (isinstance(inner, ast.Attribute) and inner.attr == "conductor") or \
                        (isinstance(inner, ast.Name) and inner.id == "conductor"):
                    called.add(node.attr)
    return called


def test_the_protocol_lists_exactly_what_the_site_calls():
    assert set(MEMBERS) == _called_by_the_site()


def _parameters(function) -> list[tuple[str, object, object]]:
    return [(parameter.name, parameter.kind, parameter.default)
            for parameter in inspect.signature(function).parameters.values()]


@pytest.mark.parametrize("conductor", [Conductor, FakeConductor], ids=["Conductor", "FakeConductor"])
@pytest.mark.parametrize("name", MEMBERS)
def test_each_conductor_has_each_method_with_its_parameters(conductor, name):
    method = getattr(conductor, name, None)
    assert callable(method), f"{conductor.__name__} has no {name}"
    assert _parameters(method) == _parameters(getattr(SiteConductor, name))
