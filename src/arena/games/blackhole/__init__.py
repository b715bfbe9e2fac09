"""Black Hole (CodeCup 2018): numbered stones on a triangle of hexagons; the empty tile swallows its neighbours."""

# The game's GameInfo is in game.py, so that a built-in player importing its rules
# and bots under a game clock does not also load the protocol and the judge.
