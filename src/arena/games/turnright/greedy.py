"""Turn Right's simple built-in players: ``random`` and ``greedy`` (bots.py runs them).

Run one as a program with ``arena bot turnright greedy``. Both speak the
original protocol: ``Start`` or the opponent's first move, then one line per
move; ``x`` or the end of the game means stop.

- ``random`` places on a random free square and turns a random rectangle.
- ``greedy`` places where it completes the most 2×2 blocks of its colour, and
  plays the circuit (rectangles and L-shaped hexagons) with the best immediate
  result: a 3×3 win first, then its own 2×2 points minus the opponent's.
"""

from __future__ import annotations

import random
import sys
from functools import lru_cache

from .circuit import SIZE, format_circuit, loop_squares, signed_area_twice, square, square_name
from .rules import SEAT_COLOUR, TurnRightState, rectangles
from .scoring import BLACK, BLOCKS_3, WHITE, colour_mask, count_blocks

WIN = 10_000


def _clockwise(corners: tuple[int, ...]) -> tuple[int, ...]:
    return corners if signed_area_twice(corners) < 0 else tuple(reversed(corners))


@lru_cache(maxsize=None)
def hexagons() -> tuple[tuple[int, ...], ...]:
    """L-shaped circuits: a rectangle with a smaller rectangle cut from one corner."""
    found = []
    for f1 in range(SIZE):
        for f2 in range(f1 + 2, SIZE):
            for r1 in range(SIZE):
                for r2 in range(r1 + 2, SIZE):
                    for fc in range(f1 + 1, f2):
                        for rc in range(r1 + 1, r2):
                            found.extend(_notched(f1, r1, f2, r2, fc, rc))
    return tuple(found)


def _notched(f1: int, r1: int, f2: int, r2: int, fc: int, rc: int) -> list[tuple[int, ...]]:
    outline = [(f1, r1), (f1, r2), (f2, r2), (f2, r1)]  # clockwise, lower left first
    shapes = []
    for cut in range(4):
        corners = []
        for i, point in enumerate(outline):
            if i != cut:
                corners.append(point)
                continue
            before, after = outline[i - 1], outline[(i + 1) % 4]
            # replace the corner by the notch: along the incoming side to the cut, in, out
            inner = (fc, rc)
            first = (inner[0], point[1]) if before[1] == point[1] else (point[0], inner[1])
            last = (inner[0], point[1]) if after[1] == point[1] else (point[0], inner[1])
            corners.extend([first, inner, last])
        shapes.append(_clockwise(tuple(square(f, r) for f, r in corners)))
    return shapes


@lru_cache(maxsize=None)
def _loop(corners: tuple[int, ...]) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """The loop as (its mask, the mask of the squares off it, the (from, to) bit pairs)."""
    loop = loop_squares(corners)
    mask = sum(1 << sq for sq in loop)
    moves = tuple((1 << loop[i - 1], 1 << sq) for i, sq in enumerate(loop))
    return mask, ~mask, moves


def _rotated(mask: int, corners: tuple[int, ...]) -> int:
    """One colour's squares after the circuit turns."""
    _, off_loop, moves = _loop(corners)
    after = mask & off_loop
    for source, target in moves:
        if mask & source:
            after |= target
    return after


def _circuit_value(masks: tuple[int, int], corners: tuple[int, ...], mover: int) -> int:
    mine = _rotated(masks[mover], corners)
    theirs = _rotated(masks[1 - mover], corners)
    i_win, they_win = count_blocks(mine, BLOCKS_3), count_blocks(theirs, BLOCKS_3)
    if they_win:
        return -WIN  # also when both have one: the player who did not move wins
    if i_win:
        return WIN
    return count_blocks(mine) - count_blocks(theirs)


def greedy_choice(state: TurnRightState, rng: random.Random):
    mover = state.to_move
    if state.placing:
        colour = SEAT_COLOUR[mover]
        mask = colour_mask(state.board, colour)
        return _best(state.legal_moves(), lambda sq: count_blocks(mask | 1 << sq), rng)
    candidates = list(rectangles())
    if state.circuit_number >= 2:  # a hexagon needs a limit of 6 corners
        candidates += hexagons()
    masks = (colour_mask(state.board, WHITE), colour_mask(state.board, BLACK))
    return _best(candidates, lambda c: _circuit_value(masks, c, mover), rng)


def _best(moves, value, rng: random.Random):
    best, best_value = [], None
    for move in moves:
        v = value(move)
        if best_value is None or v > best_value:
            best, best_value = [move], v
        elif v == best_value:
            best.append(move)
    return rng.choice(best)


def random_choice(state: TurnRightState, rng: random.Random):
    return rng.choice(state.legal_moves())


def _as_written(move, rng: random.Random):
    """Start a circuit at a random corner: the judge must accept any start."""
    if isinstance(move, tuple):
        start = rng.randrange(len(move))
        return move[start:] + move[:start]
    return move


def _write(move) -> str:
    return square_name(move) if isinstance(move, int) else format_circuit(move)


def play(choose, rng: random.Random, stdin=sys.stdin, stdout=sys.stdout) -> None:
    state = TurnRightState()
    for raw in stdin:
        line = raw.strip()
        if line == "x":
            return
        if line != "Start":
            state.play(state.parse_move(line))
            if state.is_over():
                return
        move = _as_written(choose(state, rng), rng)
        state.play(move)
        stdout.write(_write(move) + "\n")
        stdout.flush()
        if state.is_over():
            return


def run(name: str, seed: int | None = None) -> None:
    choosers = {"random": random_choice, "greedy": greedy_choice}
    if name not in choosers:
        raise SystemExit(f"turnright has no built-in player {name!r}; it has: {', '.join(choosers)}")
    play(choosers[name], random.Random(seed))
