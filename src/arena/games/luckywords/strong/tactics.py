"""Where the strong player puts a letter and which letter it calls.

Both use the engine's line values (expected word points of each row and
column given the letters that may still come). A letter goes to the cell where
it raises our grid's value most. A call weighs what the letter is worth to our
grid against what it is worth to the opponent's: the opponent places the same
letters on a hidden grid, so we keep a model of it (opponent_model.py).

The line values only guess; when the time plan allows, the best few cells (or
letters) by them are played out to the end of the game many times (the
engine's play_outs) and the one with the best mean final score is taken. The
play-outs follow the one-ply rule themselves, so they are quick and all
candidates meet the same opponent letters; what they add is the exact score
at the end, which shows a cell that the line values like but that ends
nowhere, or a finished word they undervalue.
"""

from __future__ import annotations

HURT = 0.2
"""How much a point the opponent's grid gains from our call counts against the point we gain."""


LOOK_WIDTH = 6
"""How many of the best cells by their own gain are looked at one letter further."""
LOOK_WEIGHT = 1.0
"""How much the next letter's expected best gain counts beside this letter's gain."""
PLAYOUT_WIDTH = 4
"""How many of the cells best by look-ahead are played out to the end of the game."""
CALL_WIDTH = 5
"""How many of the letters best by their gains are played out before calling one."""


def best_cell(engine, grid: bytearray, letter: int, next_shares: list[float] | None = None,
              width: int = LOOK_WIDTH, weight: float = LOOK_WEIGHT, playout_seconds: float = 0.0,
              ours_next: bool = False) -> tuple[int, float]:
    """The empty cell where ``letter`` (1-26) raises the grid's value most, and by how much.

    With ``next_shares`` (each letter's chance of being the next one), the best
    ``width`` cells are also judged by what the next letter can expect to gain
    after them: a cell that spoils the places other letters want loses. Ties go to
    the cell nearest the centre (it lies in the most open stretches). With
    ``playout_seconds``, the best ``PLAYOUT_WIDTH`` of those are played out to the
    end (``ours_next``: whether we call the next letter) and the best mean wins."""
    gains = engine.placement_gains(grid, letter)
    ranked = sorted(((gain, -distance_from_centre(cell), cell) for cell, gain in enumerate(gains)
                     if gain is not None), reverse=True)
    if next_shares is None or len(ranked) < 2:
        return ranked[0][2], ranked[0][0]
    scored = []
    for gain, tie, cell in ranked[:width]:
        score = gain
        if len(ranked) >= 3:  # with two cells left the next letter's place is forced
            grid[cell] = letter
            following = engine.letter_gains(grid)
            grid[cell] = 0
            score += weight * sum(p * max(0.0, g) for p, g in zip(next_shares, following))
        scored.append((score, tie, cell, gain))
    scored.sort(reverse=True)
    if playout_seconds > 0:
        top = scored[:PLAYOUT_WIDTH]
        means, _ = engine.play_outs(grid, [(letter, cell) for _, _, cell, _ in top], ours_next,
                                    next_shares, playout_seconds)
        best = max(range(len(top)), key=lambda k: (means[k], -k))
        return top[best][2], top[best][3]
    return scored[0][2], scored[0][3]


def distance_from_centre(cell: int) -> int:
    return abs(cell // 7 - 3) + abs(cell % 7 - 3)


def choose_call(engine, grid: bytearray, opponent_grid: bytearray | None, hurt: float = HURT,
                next_shares: list[float] | None = None, playout_seconds: float = 0.0) -> int:
    """The letter (1-26) to call: the most it helps us, less ``hurt`` times what it helps the opponent.

    With ``playout_seconds`` (and the opponent's ``next_shares``), the best
    ``CALL_WIDTH`` letters are played out to the end, each placed by the one-ply
    rule, and what a letter helps us is its mean final score instead."""
    ours = engine.letter_gains(grid)
    if opponent_grid is None:
        theirs = [0.0] * 26
    else:
        theirs = engine.letter_gains(opponent_grid)
    scores = [mine - hurt * other for mine, other in zip(ours, theirs)]
    if playout_seconds > 0 and next_shares is not None and grid.count(0) >= 2:
        top = sorted(range(26), key=scores.__getitem__, reverse=True)[:CALL_WIDTH]
        means, _ = engine.play_outs(grid, [(letter + 1, -1) for letter in top], False, next_shares,
                                    playout_seconds)
        return max(zip(means, top), key=lambda pair: pair[0] - hurt * theirs[pair[1]])[1] + 1
    return max(range(26), key=scores.__getitem__) + 1
