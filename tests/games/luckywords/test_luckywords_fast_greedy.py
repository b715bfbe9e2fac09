"""The environments' Lucky Words greedy (fast_greedy/player.py's FastGreedy) makes greedy.py's
moves: the same gains to the last bit, the same random numbers drawn, so ``builtin:greedy``
in-process plays as the program ``arena bot luckywords greedy`` does."""

import random

import numpy as np

from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.fast_greedy import player, stretch_values
from arena.games.luckywords.fast_greedy.player import FastGreedy, skip_random_numbers
from arena.games.luckywords.greedy import Greedy, Grid, stretch_value
from arena.games.luckywords.rules import CENTRE, LETTERS, LuckyWordsState
from arena.games.luckywords.scoring import EMPTY

WORDS = load_words(None)
SLOW = Greedy(WORDS, random.Random(0))  # the reference; its line values are the same for every test


def grids(count: int, seed: int):
    """Grids of one seat filled at random, 0 to 40 letters besides the centre's."""
    rng = random.Random(seed)
    for _ in range(count):
        grid = Grid(rng.choice("AEIOUST"))
        cells = [cell for cell in range(49) if cell != CENTRE]
        for cell in rng.sample(cells, rng.randrange(0, 41)):
            grid.cells[cell] = rng.choice("EEEAAIONRSTLCDMPBG")
        yield grid


class CountingRandom(random.Random):
    """A subclass that counts its numbers: FastGreedy may not skip them its own way."""

    drawn = 0

    def random(self) -> float:
        self.drawn += 1
        return super().random()


def choose(greedy: Greedy, state: LuckyWordsState, seat: int):
    """The move of ``greedy`` for ``seat``, as the environments ask it (envs.GreedyChoice)."""
    grid = Grid(state.letter)
    grid.cells = list(state.grids[seat])
    if state.called is not None:
        return greedy.place(grid, state.called)
    letter = greedy.call(grid)
    return letter, greedy.place(grid, letter)


def compare_a_game(fast: FastGreedy, seed: int, random_seat: int | None = None,
                   rng_type: type[random.Random] = random.Random) -> int:
    """Plays a game to its end (``random_seat`` a random player); at each greedy move, greedy.py
    and ``fast`` answer from equal random generators: the same move, the same numbers drawn.
    Returns how many moves were compared."""
    rng = random.Random(seed)
    state = LuckyWordsState(rng.choice("AEIOUST"), WORDS)
    compared = 0
    while not state.is_over():
        seat = state.to_move
        if seat == random_seat:
            move = rng.choice(state.legal_moves())
        else:
            SLOW.rng, fast.rng = rng_type(rng.random()), rng_type(0)
            fast.rng.setstate(SLOW.rng.getstate())
            move = choose(SLOW, state, seat)
            assert choose(fast, state, seat) == move, (seed, state.calls, seat)
            assert fast.rng.getstate() == SLOW.rng.getstate(), (seed, state.calls, seat)
            compared += 1
        state.play(move)
    return compared


def test_whole_games_move_by_move_from_a_fresh_player_to_the_last_cell():
    # a fresh FastGreedy each game: its first move is a first move of a process (empty caches)
    compared = sum(compare_a_game(FastGreedy(WORDS, random.Random(0)), seed) for seed in range(3))
    assert compared == 3 * 96  # 48 calls, each a call and a placement


def test_games_against_random_letters_share_one_player():
    # as against an agent that calls at random: lines greedy itself would never make
    fast = FastGreedy(WORDS, random.Random(0))
    compared = sum(compare_a_game(fast, seed, random_seat=seed % 2) for seed in range(10, 14))
    assert compared == 4 * 48


def test_a_random_subclass_draws_its_own_numbers():
    fast = FastGreedy(WORDS, random.Random(0))
    assert compare_a_game(fast, 20, random_seat=1, rng_type=CountingRandom) == 48


def test_calls_and_placements_on_random_grids():
    fast = FastGreedy(WORDS, random.Random(0))
    calls = places = 0
    for seed, grid in enumerate(grids(60, seed=3)):
        if not grid.empty():
            continue
        SLOW.rng, fast.rng = random.Random(seed), random.Random(seed)
        letter = SLOW.call(grid)
        assert fast.call(grid) == letter
        calls += 1
        for placing in (letter, "Q", "E"):
            assert fast.place(grid, placing) == SLOW.place(grid, placing)
            places += 1
        assert fast.rng.getstate() == SLOW.rng.getstate()  # as many numbers drawn by both
        assert grid.text().count(EMPTY) == len(grid.empty())  # the grid left as it was
    assert calls > 50 and places > 150


def test_forgetting_its_tables_changes_no_move(monkeypatch):
    monkeypatch.setattr(player, "FORGET_LINES", 30)
    monkeypatch.setattr(player, "FORGET_STRETCHES", 300)
    fast = FastGreedy(WORDS, random.Random(0))
    forgotten = []
    forget = fast.stretches.forget
    monkeypatch.setattr(fast.stretches, "forget", lambda: forgotten.append(1) or forget())
    assert compare_a_game(fast, 30) == 96
    assert len(forgotten) >= 3
    assert len(fast.stretches.rows) < 300 + 21 * 14  # what one move adds to the limit


def test_every_letter_on_every_empty_cell_of_a_line_is_greedy_pys_value():
    fast = FastGreedy(WORDS, random.Random(0))
    rng = random.Random(4)
    lines = ["." * 7, "SEATERS", "QZXJ.V.", "......E", "A......"]
    lines += ["".join(rng.choice("...EEAARSTNLIOCMQZ") for _ in range(7)) for _ in range(400)]
    for line in lines:
        table = fast.line_table(line)
        assert table[player.AS_IT_IS].tolist() == [SLOW.line_value(line)] * 26, line
        for place in (place for place, letter in enumerate(line) if letter == EMPTY):
            expected = [SLOW.line_value(line[:place] + letter + line[place + 1:]) for letter in LETTERS]
            assert table[place].tolist() == expected, (line, place)


def test_line_tables_stay_right_as_their_array_grows():
    fast = FastGreedy(WORDS, random.Random(0))
    rng = random.Random(5)
    lines = list({"".join(rng.choice("...EARSTNLIOC") for _ in range(7)) for _ in range(2200)})
    assert len(lines) > 2048  # twice the room FastGreedy starts with
    first = [fast.line_table(line).copy() for line in lines]
    for line, table in zip(lines, first):  # the same tables after the moves to larger arrays
        assert (fast.line_table(line) == table).all()
        assert table[player.AS_IT_IS, 0] == SLOW.line_value(line)


def test_the_stretch_values_of_counts_are_greedy_pys_to_the_last_bit():
    counts = np.arange(16_000)
    for length in range(2, 8):
        for empties in range(length + 1):
            expected = [stretch_value(count, length, empties) for count in range(16_000)]
            assert stretch_values.stretch_values(counts, length, empties).tolist() == expected


def test_skipping_random_numbers_leaves_the_state_as_drawing_them():
    for count in (0, 1, 2, 25, 26 * 48):
        drawn, skipped = random.Random(count), random.Random(count)
        for _ in range(count):
            drawn.random()
        skip_random_numbers(skipped, count)
        assert skipped.getstate() == drawn.getstate()
    counting = CountingRandom(1)
    skip_random_numbers(counting, 7)
    assert counting.drawn == 7
