"""Where the strong player puts a letter and which letter it calls.

Both use the engine's line values (expected word points of each row and
column given the letters that may still come). A letter goes to the cell where
it raises our grid's value most. A call weighs what the letter is worth to our
grid against what it is worth to the opponent's: the opponent places the same
letters on a hidden grid, so we keep a model of it, filled by our own placement
rule with the letters it has received.
"""

from __future__ import annotations

HURT = 0.2
"""How much a point the opponent's grid gains from our call counts against the point we gain."""


LOOK_WIDTH = 6
"""How many of the best cells by their own gain are looked at one letter further."""
LOOK_WEIGHT = 1.0
"""How much the next letter's expected best gain counts beside this letter's gain."""


def best_cell(engine, grid: bytearray, letter: int, next_shares: list[float] | None = None,
              width: int = LOOK_WIDTH, weight: float = LOOK_WEIGHT) -> tuple[int, float]:
    """The empty cell where ``letter`` (1-26) raises the grid's value most, and by how much.

    With ``next_shares`` (each letter's chance of being the next one), the best
    ``width`` cells are also judged by what the next letter can expect to gain
    after them: a cell that spoils the places other letters want loses. Ties go to
    the cell nearest the centre (it lies in the most open stretches)."""
    gains = engine.placement_gains(grid, letter)
    ranked = sorted(((gain, -distance_from_centre(cell), cell) for cell, gain in enumerate(gains)
                     if gain is not None), reverse=True)
    if next_shares is None or len(ranked) < 3:
        return ranked[0][2], ranked[0][0]
    best = None
    for gain, tie, cell in ranked[:width]:
        grid[cell] = letter
        following = engine.letter_gains(grid)
        grid[cell] = 0
        score = gain + weight * sum(p * max(0.0, g) for p, g in zip(next_shares, following))
        if best is None or (score, tie) > best[:2]:
            best = (score, tie, cell, gain)
    return best[2], best[3]


def distance_from_centre(cell: int) -> int:
    return abs(cell // 7 - 3) + abs(cell % 7 - 3)


def choose_call(engine, grid: bytearray, opponent_grid: bytearray | None, hurt: float = HURT) -> int:
    """The letter (1-26) to call: the most it helps us, less ``hurt`` times what it helps the opponent."""
    ours = engine.letter_gains(grid)
    if opponent_grid is None:
        theirs = [0.0] * 26
    else:
        theirs = engine.letter_gains(opponent_grid)
    scores = [mine - hurt * other for mine, other in zip(ours, theirs)]
    return max(range(26), key=scores.__getitem__) + 1
