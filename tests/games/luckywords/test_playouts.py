"""The strong player's play-outs: on the last few cells they must find the exactly best move.

With two empty cells left, a placement is followed by one more letter. When the
opponent calls it and its share is all on one letter, or when we call it
ourselves, the play-out is the whole rest of the game, so its mean is the exact
final score and its choice must be the exactly best cell, which a brute force
over the rules' scoring finds. Random positions are searched for ones where
the one-ply rule (best_cell on line values) gets it wrong, so the test shows
the play-outs fixing something. Calls are checked the same way.
"""

import random

import pytest

from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.scoring import grid_points
from arena.games.luckywords.strong.engine import Engine
from arena.games.luckywords.strong.odds import SHARE, LetterOdds
from arena.games.luckywords.strong.tactics import best_cell, choose_call

FREQUENT = "EEEEESSSSAAAARRTTIIOONNLLDUCMPHGBYKWFVZXJQ"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@pytest.fixture(scope="module")
def words():
    return load_words()


@pytest.fixture(scope="module")
def engine(words):
    engine = Engine(words)
    engine.set_odds(LetterOdds().odds(2), SHARE)
    return engine


def text(grid: bytearray) -> str:
    return "".join("." if code == 0 else LETTERS[code - 1] for code in grid)


def exact_best(grid: bytearray, letter: int, next_letters: list[int], words) -> tuple[int, set[int]]:
    """The best final score after placing ``letter`` on one of two empty cells and then the
    best letter of ``next_letters`` on the other, and every cell reaching it."""
    scores = {}
    for cell in [c for c in range(49) if grid[c] == 0]:
        grid[cell] = letter
        (other,) = [c for c in range(49) if grid[c] == 0]
        best = 0
        for following in next_letters:
            grid[other] = following
            best = max(best, grid_points(text(grid), words))
            grid[other] = 0
        grid[cell] = 0
        scores[cell] = best
    top = max(scores.values())
    return top, {cell for cell, score in scores.items() if score == top}


def random_position(rng: random.Random) -> bytearray:
    grid = bytearray(LETTERS.index(rng.choice(FREQUENT)) + 1 for _ in range(49))
    for cell in rng.sample(range(49), 2):
        grid[cell] = 0
    return grid


@pytest.mark.parametrize("ours_next", [True, False])
def test_play_outs_find_the_exactly_best_of_the_last_two_cells(engine, words, ours_next):
    rng = random.Random(7)
    one_ply_wrong = 0
    for _ in range(150):
        grid = random_position(rng)
        letter = LETTERS.index(rng.choice(FREQUENT)) + 1
        if ours_next:  # we call the last letter: the best of all
            shares, next_letters = [1 / 26] * 26, list(range(1, 27))
        else:  # the opponent surely calls this one
            sure = LETTERS.index(rng.choice(FREQUENT)) + 1
            shares = [float(k == sure) for k in range(1, 27)]
            next_letters = [sure]
        top, best_cells = exact_best(grid, letter, next_letters, words)
        cells = [c for c in range(49) if grid[c] == 0]
        means, rounds = engine.play_outs(grid, [(letter, c) for c in cells], ours_next, shares, 0.0, 3)
        assert rounds >= 1
        chosen = cells[max(range(2), key=means.__getitem__)]
        assert chosen in best_cells, (text(grid), letter, means, top)
        assert max(means) == top
        one_ply, _ = best_cell(engine, grid, letter)
        one_ply_wrong += one_ply not in best_cells
    assert one_ply_wrong > 0  # positions where the play-outs matter were among them


def test_best_cell_with_play_outs_takes_the_best_mean(engine, words):
    """Through tactics.best_cell: a finished word beats a promising stretch at the very end."""
    rng = random.Random(11)
    for _ in range(400):
        grid = random_position(rng)
        letter = LETTERS.index(rng.choice(FREQUENT)) + 1
        sure = LETTERS.index(rng.choice(FREQUENT)) + 1
        shares = [float(k == sure) for k in range(1, 27)]
        top, best_cells = exact_best(grid, letter, [sure], words)
        one_ply, _ = best_cell(engine, grid, letter)
        if one_ply in best_cells:
            continue
        cell, _ = best_cell(engine, grid, letter, shares, playout_seconds=0.001, ours_next=False)
        assert cell in best_cells
        return
    pytest.fail("no position where the one-ply rule misses the best cell")


def test_a_played_out_call_never_ends_worse_than_the_one_ply_call(engine, words):
    """Two cells left, the opponent surely calls the last letter: the played-out call, placed
    by the one-ply rule, ends at least as high as the one-ply call, and higher somewhere."""
    rng = random.Random(13)
    better = 0
    for _ in range(150):
        grid = random_position(rng)
        sure = LETTERS.index(rng.choice(FREQUENT)) + 1
        shares = [float(k == sure) for k in range(1, 27)]

        def final(letter: int) -> int:
            cell, _ = best_cell(engine, grid, letter)
            grid[cell] = letter
            (other,) = [c for c in range(49) if grid[c] == 0]
            grid[other] = sure
            points = grid_points(text(grid), words)
            grid[cell] = grid[other] = 0
            return points

        one_ply = choose_call(engine, grid, None, hurt=0.0)
        played = choose_call(engine, grid, None, hurt=0.0, next_shares=shares, playout_seconds=0.001)
        assert final(played) >= final(one_ply), text(grid)
        better += final(played) > final(one_ply)
    assert better > 0
