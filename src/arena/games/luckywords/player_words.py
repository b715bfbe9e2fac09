"""Which word list a built-in player scores with: the one the judge scores the game with.

The judge tells built-in players the list of ``arena play --words FILE`` in
``ARENA_LUCKYWORDS_WORDS`` (game.py's ``builtin_env``); without it, a
``words.dat`` in the current directory is read (as a CodeCup program would),
else the list shipped with arena.
"""

from __future__ import annotations

import os
import sys

from .dictionary import DictionaryError, load_words

WORDS_VARIABLE = "ARENA_LUCKYWORDS_WORDS"


def words_path() -> str | None:
    """The path of the list to use, None for the shipped one."""
    told = os.environ.get(WORDS_VARIABLE)
    if told:
        return told
    return "words.dat" if os.path.exists("words.dat") else None


def scoring_words() -> frozenset[str]:
    """The list to score with; the shipped one if the named list cannot be read (a sandbox may
    hide it), said on stderr: a player that scores with a near list still plays legal moves."""
    path = words_path()
    try:
        return load_words(path)
    except DictionaryError as error:
        print(f"{error}; playing with the shipped list", file=sys.stderr)
        return load_words(None)
