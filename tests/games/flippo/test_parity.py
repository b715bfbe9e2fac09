"""The engine's flip-parity estimate (parity.pxi) against the same model written plainly,
with each line's flips taken from rules.py."""

import random
from functools import lru_cache

from arena.games.flippo.rules import BLACK, SEAT_COLOUR, WHITE, FlippoState
from arena.games.flippo.strong import engine


def boards(state: FlippoState) -> tuple[int, int]:
    mover = SEAT_COLOUR[state.to_move]
    return (sum(1 << i for i, c in enumerate(state.board) if c == mover),
            sum(1 << i for i, c in enumerate(state.board) if c and c != mover))


def lines() -> list[list[int]]:
    """Every row, column and diagonal, its squares in order along it."""
    found = [[8 * r + c for c in range(8)] for r in range(8)]
    found += [[8 * r + c for r in range(8)] for c in range(8)]
    for k in range(-7, 8):
        found.append([8 * r + r - k for r in range(8) if 0 <= r - k < 8])
        found.append([8 * r + k + 7 - r for r in range(8) if 0 <= k + 7 - r < 8])
    return found


def line_after(cells: tuple[int, ...], square: int, colour: int) -> tuple[int, ...]:
    """A line after ``colour`` is placed on it: flips by rules.py on a board holding only this line
    (laid out on the top row, so no other direction has a piece to flip)."""
    state = FlippoState()
    state.board = [0] * 64
    for k, c in enumerate(cells):
        state.board[k] = c
    flipped = state.flips(square, colour)
    after = list(cells)
    after[square] = colour
    for k in flipped:
        after[k] = WHITE if after[k] == BLACK else BLACK
    return tuple(after)


@lru_cache(maxsize=None)
def expected_colours(cells: tuple[int, ...]) -> tuple[float, ...]:
    """E[final colour] of each square (+1 White, -1 Black) when the line fills at random."""
    empty = [k for k, c in enumerate(cells) if c == 0]
    if not empty:
        return tuple(1.0 if c == WHITE else -1.0 for c in cells)
    total = [0.0] * len(cells)
    for square in empty:
        for colour in (WHITE, BLACK):
            for k, value in enumerate(expected_colours(line_after(cells, square, colour))):
                total[k] += value / (2 * len(empty))
    return tuple(total)


def model_margin(state: FlippoState) -> float:
    """The mover's expected final margin of the pieces on the board, in discs."""
    odds = [1.0] * 64
    for line in lines():
        cells = tuple(state.board[s] for s in line)
        expected = expected_colours(cells)
        for k, s in enumerate(line):
            if cells[k]:
                odds[s] *= expected[k] * (1 if cells[k] == WHITE else -1)
    white = sum(odds[s] for s in range(64) if state.board[s] == WHITE)
    black = sum(odds[s] for s in range(64) if state.board[s] == BLACK)
    return white - black if state.to_move == 0 else black - white


def test_parity_agrees_with_the_plain_model_on_random_games():
    rng = random.Random(31)
    compared = 0
    for _ in range(12):
        state = FlippoState()
        while not state.is_over():
            if rng.random() < 0.3:
                own, opp = boards(state)
                assert abs(engine.parity(own, opp) - 100 * model_margin(state)) <= 1
                compared += 1
            state.play(rng.choice(state.legal_moves()))
    assert compared > 150


def test_a_full_board_is_its_own_margin_and_the_start_is_even():
    state = FlippoState()
    assert engine.parity(*boards(state)) == 0
    rng = random.Random(4)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    own, opp = boards(state)
    assert engine.parity(own, opp) == 100 * (bin(own).count("1") - bin(opp).count("1"))
