import sys
import textwrap
from pathlib import Path

import pytest

from arena.judge.players import PlayerSpec, resolve_player

OFFICIAL_WORDS = Path(__file__).resolve().parents[4] / "shared" / "data" / "words.dat"


@pytest.fixture
def official_words():
    """The official CodeCup list (never copied into the repository); skip when absent."""
    if not OFFICIAL_WORDS.is_file():
        pytest.skip(f"the official word list is not at {OFFICIAL_WORDS}")
    return OFFICIAL_WORDS


@pytest.fixture
def script(tmp_path):
    """Write a Python program to a file and return a Lucky Words PLAYER that runs it."""
    counter = iter(range(1000))

    def make(source: str) -> PlayerSpec:
        path = tmp_path / f"bot{next(counter)}.py"
        path.write_text(textwrap.dedent(source))
        return resolve_player("luckywords", f"{sys.executable} {path}")

    return make


@pytest.fixture
def builtin():
    return lambda name: resolve_player("luckywords", f"builtin:{name}")
