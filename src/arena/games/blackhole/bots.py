"""Black Hole's built-in players: ``random``, ``greedy`` and ``strong`` (strong/).

Run one as a program with ``arena bot blackhole greedy``.
"""

from __future__ import annotations

import random

from ..bot_loop import random_or_greedy, run_alternating_bot
from .rules import NEIGHBOURS, BlackHoleState, Move


def greedy_moves(state: BlackHoleState) -> list[Move]:
    """The moves that most raise the mover's average margin over the possible holes (its ties).

    The hole will be one of the empty tiles; with nothing better to go on, each
    is taken as equally likely, and a tile's margin is the mover's numbers
    next to it minus the opponent's. Placing n on tile p removes p from the
    candidates and adds n to every empty neighbour of p. On the last turn only
    one candidate is left, so the measure is then the exact final score.
    """
    seat = state.to_move
    empty = state.empty_tiles()
    margin = {}
    for tile in empty:
        red, blue = state.sums_around(tile)
        margin[tile] = red - blue if seat == 0 else blue - red
    total = sum(margin.values())
    numbers = state.stones_left(seat)
    best: list[Move] = []
    best_value = None
    for tile in empty:
        empty_neighbours = sum(1 for n in NEIGHBOURS[tile] if state.owner[n] is None)
        for number in numbers:
            # the summed margin over the candidates left; their count is the same for every
            # move, so the sum orders the moves as the average does
            value = total - margin[tile] + number * empty_neighbours
            # ties (a tile with no empty neighbour): keep the big stones for later
            key = (value, -number)
            if best_value is None or key > best_value:
                best, best_value = [(tile, number)], key
            elif key == best_value:
                best.append((tile, number))
    return best


def greedy_choice(state: BlackHoleState, rng: random.Random) -> Move:
    """One of greedy_moves(), at random (the engine's opponent model averages over them)."""
    return rng.choice(greedy_moves(state))


def main(name: str, seed: int | None = None) -> None:
    if name == "strong":  # the compiled engine's player lives in its own module
        from .strong.player import main as strong_main
        return strong_main(seed)
    choose = random_or_greedy("blackhole", name, seed, greedy_choice)
    state = BlackHoleState()
    run_alternating_bot(state, choose, opening_lines=5, on_opening=state.place_brown)
