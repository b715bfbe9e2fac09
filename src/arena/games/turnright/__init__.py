"""Turn Right (CodeCup 2006): place pieces on a 6×6 board, then turn circuits to make 2×2 blocks."""

# The game's GameInfo is in game.py, so that a built-in player importing its rules
# and bots under a game clock does not also load the protocol and the judge.
