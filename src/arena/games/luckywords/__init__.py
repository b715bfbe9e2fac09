"""Lucky Words (CodeCup 2004): both players place the same called letters on hidden 7×7 grids."""

# The game's GameInfo is in game.py, so that a built-in player importing its rules
# and bots under a game clock does not also load the protocol and the judge.
