"""Fixtures shared by every test folder: contestant programs as real child processes."""

import sys
import textwrap

import pytest

from arena.judge.players import PlayerSpec, resolve_player


@pytest.fixture
def game():
    """The game a test folder plays; each game's conftest overrides it."""
    return "flippo"


@pytest.fixture
def script(tmp_path, game):
    """Write a Python program to a file and return a PLAYER that runs it."""
    counter = iter(range(1000))

    def make(source: str) -> PlayerSpec:
        path = tmp_path / f"bot{next(counter)}.py"
        path.write_text(textwrap.dedent(source))
        return resolve_player(game, f"{sys.executable} {path}")

    return make


@pytest.fixture
def builtin(game):
    """``builtin("greedy")``: a built-in player of the folder's game."""
    return lambda name: resolve_player(game, f"builtin:{name}")
