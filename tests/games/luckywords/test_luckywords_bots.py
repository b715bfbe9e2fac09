"""The greedy Lucky Words player builds words instead of scattering letters."""

import io
import random

from arena.games.luckywords.greedy import Greedy, Grid, play
from arena.games.luckywords.dictionary import load_words


def test_greedy_completes_a_word():
    grid = Grid("Q")
    grid.cells[0], grid.cells[1] = "C", "A"
    greedy = Greedy(load_words(), random.Random(1))
    assert greedy.place(grid, "T") == 2  # CAT


def test_a_whole_game_from_both_sides_of_the_dialogue():
    words = load_words()
    greedy = Greedy(words, random.Random(2))
    out = io.StringIO()
    # As the second caller: the starting letter, then 24 letters called by the opponent.
    play(greedy.call, greedy.place, words, stdin=io.StringIO("E\n" + "S\n" * 24), stdout=out)
    lines = out.getvalue().split()
    cells = [int(x) for x in lines[:-1] if x.isdigit()]
    assert sorted(cells) == [c for c in range(49) if c != 24]  # every cell filled once
    assert len([x for x in lines if x.isalpha()]) == 24  # 24 calls of its own
    assert int(lines[-1]) > 0  # the total it claims
