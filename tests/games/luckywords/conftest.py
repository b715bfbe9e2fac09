from pathlib import Path

import pytest

OFFICIAL_WORDS = Path(__file__).resolve().parents[4] / "shared" / "data" / "words.dat"


@pytest.fixture
def official_words():
    """The official CodeCup list (never copied into the repository); skip when absent."""
    if not OFFICIAL_WORDS.is_file():
        pytest.skip(f"the official word list is not at {OFFICIAL_WORDS}")
    return OFFICIAL_WORDS


@pytest.fixture
def game():
    return "luckywords"
