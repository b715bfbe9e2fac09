"""How a game's rules refuse a move, as the judge needs to tell them apart.

Every game's ``rules.py`` raises these (through ``arena.games.base``); the judge, which
knows no game, turns a :class:`MoveFormatError` into the verdict ``format`` and any other
:class:`MoveError` (a game's ``IllegalMoveError``) into ``illegal``. They live on the
judge's floor so that the judge imports nothing of the games above it.
"""


class MoveError(ValueError):
    """A move was refused; the message says what is wrong with it."""


class MoveFormatError(MoveError):
    """The text is not a move in the game's notation (judge verdict ``format``)."""
