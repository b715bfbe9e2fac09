"""The sixth game's built-in player as a program, for the tests that play it through the judge:
``python noughts_program.py NAME [SEED]``.

A built-in player of a game in arena's own folder runs as ``arena bot GAME NAME``; this game is
registered only where its folder is on the games' search path, so the program puts it there
first, as the tests do in their own process, and then asks the contract's loader for its bots.
"""

import sys
from pathlib import Path

import arena.games
from arena.games.contract import need_part

arena.games.__path__.append(str(Path(__file__).resolve().parent))
need_part("noughts", "bots").main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
