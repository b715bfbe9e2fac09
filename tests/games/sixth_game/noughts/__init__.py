"""Noughts and crosses on a 3×3 board: the sixth game, used only by the tests (tests/games/sixth_game/)."""

# Its GAME is in game.py, as every game's is: this package imports nothing.
