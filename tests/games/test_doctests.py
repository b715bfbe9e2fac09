"""The examples in the games' docstrings run as tests: a docstring that lies fails the suite."""

import doctest
import importlib
import pkgutil

import pytest

import arena.games
from arena.games import game_names

MODULES = sorted(module.name for module in pkgutil.walk_packages(arena.games.__path__, "arena.games."))

# every game's rules carry examples, and so do the scoring modules of the games that have one
MUST_HAVE_EXAMPLES = [f"arena.games.{game}.rules" for game in game_names()] + [
    f"arena.games.{game}.scoring" for game in game_names() if f"arena.games.{game}.scoring" in MODULES
]


@pytest.mark.parametrize("name", MODULES)
def test_every_docstring_example_in_the_games_holds(name):
    module = importlib.import_module(name)
    results = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples in {name} fail"


@pytest.mark.parametrize("name", MUST_HAVE_EXAMPLES)
def test_the_rules_and_scoring_modules_have_examples(name):
    assert doctest.testmod(importlib.import_module(name)).attempted > 0
