"""What one player knows in a Lucky Words position, and the expected word points it gives.

Lucky Words hides each grid from the other player, so the analyst judges a move only by what
its player knew: its own grid, the letters called so far and the starting letter. Of the
opponent's grid it knew the letters (every called letter goes on both grids), not their
cells; it pictures that grid as the strong player does, filled by the ``greedy`` rule
(strong/opponent_model.py). Nothing here reads the opponent's real grid or a letter not yet
called: the spectator's figures (each real grid's expectation) are computed apart.

A grid's expected word points are the strong engine's line values (strong/value.pxi) under
the letter odds its owner can expect (strong/odds.py): the odds move towards the letters the
*other* seat has called, and shrink as the grid fills, as the strong player reckons them.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .dictionary import load_words
from .player_words import WORDS_VARIABLE
from .rules import LuckyWordsState

if TYPE_CHECKING:  # imported where used: the engine and the greedy rule load only when a position is judged
    import random

    from .greedy import Greedy, Grid
    from .strong.engine import Engine

_engines: dict[frozenset, Engine] = {}
_placers: dict[frozenset, Greedy] = {}
_picture: dict[tuple[frozenset, str], tuple[tuple[str, ...], Grid, random.Random]] = {}


def scoring_words(state: LuckyWordsState) -> frozenset[str]:
    """The list the game is scored with: the state's, else the one the game's built-in
    environment names (GameInfo.builtin_env sets ARENA_LUCKYWORDS_WORDS), else the shipped one."""
    if state.words is not None:
        return state.words
    return load_words(os.environ.get(WORDS_VARIABLE) or None)


def engine_for(words: frozenset[str]) -> Engine:
    """The strong engine on ``words``, built once per list in this process."""
    found = _engines.get(words)
    if found is None:
        from .strong import engine
        found = _engines[words] = engine.Engine(words)
    return found


def calls_by(state: LuckyWordsState, seat: int) -> list[str]:
    """The letters ``seat`` has called so far (seat 0 made the 1st, 3rd, ... calls)."""
    return state.letters_called[seat::2]


def set_owner_odds(engine, state: LuckyWordsState, owner: int, empties: int) -> None:
    """Tune ``engine`` to the odds ``owner``'s grid can expect, with ``empties`` cells to fill:
    heard from the other seat's calls, as the strong player hears them."""
    from .strong.odds import LetterOdds
    odds = LetterOdds()
    for letter in calls_by(state, 1 - owner):
        odds.hear(letter)
    engine.set_odds(odds.odds(empties), odds.share)


def grid_bytes(cells) -> bytearray:
    """A grid (a list of letters and '.') as the engine's bytes (0 empty, 1-26 A-Z)."""
    return bytearray(0 if ch == "." else ord(ch) - 64 for ch in cells)


def pictured_opponent(state: LuckyWordsState, words: frozenset[str]) -> bytearray:
    """The opponent's grid as its opponent can picture it: the called letters placed in turn
    by the greedy rule (its ties broken by a fixed seed, as strong/opponent_model.py does).
    The last picture is kept and extended when the next position adds letters to it."""
    import random

    from .greedy import Greedy, Grid
    placer = _placers.get(words)
    if placer is None:
        placer = _placers[words] = Greedy(words, random.Random(0))  # its word index: once per list
    letters = tuple(state.letters_called)
    pictured = _picture.get((words, state.letter))
    if pictured is None or pictured[0] != letters[:len(pictured[0])]:
        pictured = (), Grid(state.letter), random.Random(0)
    known, grid, rng = pictured
    placer.rng = rng
    for letter in letters[len(known):]:
        grid.cells[placer.place(grid, letter)] = letter
    _picture.clear()  # one picture at a time: a worker goes through one game's positions
    _picture[(words, state.letter)] = (letters, grid, rng)
    return grid_bytes(grid.cells)
