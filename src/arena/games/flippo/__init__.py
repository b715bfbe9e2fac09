"""Flippo (CodeCup 2019): a Reversi variant where the farthest own piece decides the flips."""

# The game's GameInfo is in game.py, so that a built-in player importing its rules
# and bots under a game clock does not also load the protocol and the judge.
