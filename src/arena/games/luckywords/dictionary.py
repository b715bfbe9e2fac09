"""The Lucky Words dictionary: which letter strings score.

A word list is a text file in the format of CodeCup's ``words.dat``: one word
per line, any case, CRLF or LF line ends. Only words the game can score are
kept (2 to 7 letters A–Z); everything is upper-cased. A list is read once per
path and kept (a tournament scores thousands of grids with it).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the players read words through this module: no judge module for them
    from ...judge.record_types import WordList

DEFAULT_WORDS = Path(__file__).with_name("words.txt")
MIN_LENGTH, MAX_LENGTH = 2, 7


class DictionaryError(ValueError):
    """A word list cannot be read or holds no usable word; the message says which."""


def parse_words(text: str) -> frozenset[str]:
    words = set()
    for line in text.splitlines():
        word = line.strip().upper()
        if MIN_LENGTH <= len(word) <= MAX_LENGTH and word.isascii() and word.isalpha():
            words.add(word)
    return frozenset(words)


@lru_cache(maxsize=8)
def load_words(path: str | None = None) -> frozenset[str]:
    """The scoring words of the list at ``path`` (None: the default list shipped with arena)."""
    source = Path(path) if path is not None else DEFAULT_WORDS
    try:
        text = source.read_text(encoding="utf-8", errors="replace")
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        why = getattr(error, "strerror", None) or str(error)
        raise DictionaryError(f"cannot read the word list {str(source)!r}: {why}") from None
    words = parse_words(text)
    if not words:
        raise DictionaryError(
            f"the word list {str(source)!r} holds no word of 2 to 7 letters A-Z (one word per line)"
        )
    return words


@lru_cache(maxsize=8)
def word_list_identity(path: str | None = None) -> WordList:
    """Which list scored a game, for its record: ``{"file": name, "sha256": of its bytes}``.

    The name alone is not enough (two ``words.dat`` may differ); the hash says
    exactly which list it was. Call it after :func:`load_words` has read the file.
    """
    source = Path(path) if path is not None else DEFAULT_WORDS
    return {"file": source.name, "sha256": hashlib.sha256(source.read_bytes()).hexdigest()}
