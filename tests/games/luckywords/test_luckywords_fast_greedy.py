"""The environments' Lucky Words greedy (greedy.py's FastGreedy) makes greedy.py's moves: the same gains
to the last bit, the same random numbers drawn in the same order, so ``builtin:greedy``
in-process plays as the program ``arena bot luckywords greedy`` does."""

import random

from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.greedy import FastGreedy, Greedy, Grid
from arena.games.luckywords.rules import CENTRE
from arena.games.luckywords.scoring import EMPTY

WORDS = load_words(None)


def grids(count: int, seed: int):
    """Grids of one seat filled at random, 0 to 40 letters besides the centre's."""
    rng = random.Random(seed)
    for _ in range(count):
        grid = Grid(rng.choice("AEIOUST"))
        cells = [cell for cell in range(49) if cell != CENTRE]
        for cell in rng.sample(cells, rng.randrange(0, 41)):
            grid.cells[cell] = rng.choice("EEEAAIONRSTLCDMPBG")
        yield grid


def test_calls_and_placements_are_greedy_pys_with_the_same_random_numbers():
    slow, fast = Greedy(WORDS, random.Random(0)), FastGreedy(WORDS, random.Random(0))
    calls = places = 0
    for seed, grid in enumerate(grids(60, seed=3)):
        if not grid.empty():
            continue
        slow.rng, fast.rng = random.Random(seed), random.Random(seed)
        letter = slow.call(grid)
        assert fast.call(grid) == letter
        calls += 1
        for placing in (letter, "Q", "E"):
            assert fast.place(grid, placing) == slow.place(grid, placing)
            places += 1
        assert slow.rng.random() == fast.rng.random()  # as many numbers drawn by both
        assert grid.text().count(EMPTY) == len(grid.empty())  # the grid left as it was
    assert calls > 50 and places > 150


def test_the_line_values_are_greedy_pys_exactly():
    slow, fast = Greedy(WORDS, random.Random(0)), FastGreedy(WORDS, random.Random(0))
    rng = random.Random(4)
    for _ in range(300):
        line = "".join(rng.choice("..EEAARSTNLIOCMQ") for _ in range(7))
        assert fast.fast_line_value(line) == slow.line_value(line)
