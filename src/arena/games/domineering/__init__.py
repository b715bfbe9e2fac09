"""Domineering (ALPHANO): dominoes on an 8×8 board of cell values; horizontal against vertical."""

# The game's GameInfo is in game.py, so that a built-in player importing its rules
# and bots under a game clock does not also load the protocol and the judge.
