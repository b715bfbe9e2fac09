"""The compiled engine against rules.py, scoring.py and patterns.py on many random lines and grids."""

import random

import pytest

from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.patterns import PatternIndex
from arena.games.luckywords.scoring import grid_points, line_points
from arena.games.luckywords.strong.engine import Engine, grid_bytes

# letters as they come in play: common ones often, so that lines hold real words
FREQUENT = "EEEEESSSSAAAARRTTIIOONNLLDUCMPHGBYKWFVZXJQ"


def random_text(rng: random.Random, length: int, empty_share: float) -> str:
    return "".join("." if rng.random() < empty_share else rng.choice(FREQUENT) for _ in range(length))


@pytest.fixture(params=["shipped", "official"])
def words(request):
    if request.param == "shipped":
        return load_words()
    return load_words(str(request.getfixturevalue("official_words")))


@pytest.fixture
def engine(words):
    return Engine(words)


def test_word_counts_per_length_match_the_list(engine, words):
    for length in range(2, 8):
        assert engine.words_of_length(length) == sum(len(w) == length for w in words)


def test_pattern_counts_match_the_pattern_index(engine, words):
    index, rng = PatternIndex(words), random.Random(1)
    for _ in range(3000):
        pattern = random_text(rng, rng.randint(2, 7), rng.choice((0.0, 0.3, 0.6, 0.9)))
        assert engine.count(pattern) == index.count(pattern), pattern
    assert engine.count("." * 7) == engine.words_of_length(7)


def test_line_points_match_scoring(engine, words):
    rng = random.Random(2)
    scored = 0
    for _ in range(5000):
        line = random_text(rng, 7, rng.choice((0.0, 0.0, 0.2, 0.5)))
        expected = line_points(line, words)
        assert engine.line_points(line) == expected, line
        scored += expected > 0
    assert scored > 1000  # the lines did hold words


def test_grid_points_match_scoring(engine, words):
    rng = random.Random(3)
    totals = []
    for _ in range(1000):
        grid = random_text(rng, 49, rng.choice((0.0, 0.0, 0.3)))
        expected = grid_points(grid, words)
        assert engine.grid_points(grid_bytes(grid)) == expected, grid
        totals.append(expected)
    assert max(totals) > 20


def test_a_finished_word_is_worth_its_points_and_a_dead_line_nothing(engine):
    engine.set_odds([0.2] * 26, 0.7)
    assert engine.line_value(grid_bytes("ZZZZZZZ")) == 0
    assert engine.line_value(grid_bytes("CATZZZZ")) == pytest.approx(engine.line_points("CATZZZZ"))
    # an open stretch is worth something, less than a finished word of the same length
    assert 0 < engine.line_value(grid_bytes("CA.ZZZZ")) < engine.line_value(grid_bytes("CATZZZZ"))


def test_placement_gains_are_value_differences(engine):
    rng = random.Random(4)
    engine.set_odds([rng.uniform(0.05, 0.4) for _ in range(26)], 0.7)
    for _ in range(50):
        grid = bytearray(grid_bytes(random_text(rng, 49, 0.5)))
        letter = rng.randint(1, 26)
        gains = engine.placement_gains(grid, letter)
        before = engine.grid_value(grid)
        for cell in rng.sample(range(49), 10):
            if grid[cell]:
                assert gains[cell] is None
                continue
            grid[cell] = letter
            assert gains[cell] == pytest.approx(engine.grid_value(grid) - before, abs=1e-9)
            grid[cell] = 0
        best = engine.letter_gains(grid)[letter - 1]
        assert best == pytest.approx(max(g for g in gains if g is not None))


def test_a_lines_values_by_letter_match_its_value_with_each_letter(engine):
    """line_values_by_letter (one pass for all 26 letters) is line_value for each, exactly."""
    rng = random.Random(6)
    engine.set_odds([rng.uniform(0.05, 0.6) for _ in range(26)], 0.7)
    checked = 0
    for _ in range(600):
        line = random_text(rng, 7, rng.choice((0.2, 0.5, 0.8)))
        empties = [k for k, ch in enumerate(line) if ch == "."]
        if not empties:
            continue
        position = rng.choice(empties)
        values = engine.line_values_by_letter(grid_bytes(line), position)
        for letter in range(1, 27):
            filled = bytearray(grid_bytes(line))
            filled[position] = letter
            assert values[letter - 1] == engine.line_value(bytes(filled)), (line, position, letter)
        checked += 1
    assert checked > 300
