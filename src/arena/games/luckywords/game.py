"""Lucky Words (CodeCup 2004): both players place the same called letters on hidden 7×7 grids."""

import random
import string

from ...judge.record_types import Setup
from ..base import GameInfo, SetupError
from .dictionary import load_words
from .protocol import run_protocol
from .rules import LuckyWordsState
from .summary import explain_result
from .text import LuckyWordsView


def make_setup(rng: random.Random) -> Setup:
    """(chosen, see docs/games/luckywords.md) The starting letter is drawn uniformly A–Z from the seed."""
    return {"letter": rng.choice(string.ascii_uppercase), "words": None}


def parse_setup(text: str) -> Setup:
    """``--setup K``: the starting letter (any case)."""
    letter = text.strip()
    if len(letter) != 1 or letter not in string.ascii_letters:
        raise SetupError(f"{text!r}: the Lucky Words setup is one starting letter A-Z, e.g. --setup K")
    return {"letter": letter.upper(), "words": None}


def tournament_setups() -> list[Setup]:
    """A tournament plays every starting letter, as CodeCup's 2004 tool did.

    (chosen, see docs/games/luckywords.md)
    """
    return [{"letter": letter, "words": None} for letter in string.ascii_uppercase]


def builtin_env(setup: Setup) -> dict[str, str]:
    """A built-in player scores with the game's list: the judge names it (player_words.py reads it)."""
    words = setup.get("words")
    return {"ARENA_LUCKYWORDS_WORDS": words} if words else {}


def with_words(setup: Setup, path: str) -> Setup:
    """``arena play --words FILE``: the setup scored with that list, once it is read and found
    usable (a DictionaryError, a ValueError, says what is wrong with it)."""
    load_words(path)
    return {**setup, "words": path}


GAME = GameInfo(
    name="luckywords",
    title="Lucky Words (CodeCup 2004)",
    seats=("First", "Second"),
    clock_ms=30_000,
    memory_mb=64,  # chosen: the rules give none (docs/games/luckywords.md says why this one)
    run_protocol=run_protocol,
    explain_result=explain_result,
    human_view=LuckyWordsView(),
    reply_format=(
        "on its own call two lines, the letter A-Z then its cell 0-48; on the opponent's call one "
        "line, the cell 0-48 for that letter"
    ),
    bots=("random", "greedy", "strong"),
    builtin_env=builtin_env,
    make_setup=make_setup,
    parse_setup=parse_setup,
    new_state=lambda setup: LuckyWordsState(setup["letter"]),
    ranking="wins_then_points",
    hidden_boards=True,
    tournament_setups=tournament_setups,
    env_name="LuckyWords",
    word_list=with_words,
)
