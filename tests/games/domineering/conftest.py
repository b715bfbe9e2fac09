import sys
import textwrap

import pytest

from arena.judge.players import PlayerSpec, resolve_player


@pytest.fixture
def script(tmp_path):
    """Write a Python program to a file and return a PLAYER for it (a real child process)."""
    counter = iter(range(1000))

    def make(source: str) -> PlayerSpec:
        path = tmp_path / f"bot{next(counter)}.py"
        path.write_text(textwrap.dedent(source))
        return resolve_player("domineering", f"{sys.executable} {path}")

    return make


@pytest.fixture
def builtin():
    return lambda name: resolve_player("domineering", f"builtin:{name}")
