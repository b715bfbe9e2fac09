"""Flippo's built-in players: ``random``, ``greedy`` and ``strong`` (strong/).

Run one as a program with ``arena bot flippo greedy``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing costs a player ~7 ms of its clock

if TYPE_CHECKING:
    import random

    from .rules import FlippoState


def greedy_moves(state: FlippoState) -> list[int]:
    """The legal moves that leave the mover the most pieces (the engine's greedy_moves mirrors this)."""
    from .rules import SEAT_COLOUR

    colour = SEAT_COLOUR[state.to_move]
    best: list[int] = []
    best_count = -1
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        count = after.count(colour)
        if count > best_count:
            best, best_count = [move], count
        elif count == best_count:
            best.append(move)
    return best


def greedy_choice(state: FlippoState, rng: random.Random) -> int:
    """One of ``greedy_moves``, at random."""
    return rng.choice(greedy_moves(state))


def main(name: str, seed: int | None = None) -> None:
    if name == "strong":  # the compiled engine's player lives in its own module
        from .strong.player import main as strong_main
        return strong_main(seed)
    # imported here, not above: the strong player starts faster without them
    from ..bot_loop import random_or_greedy, run_alternating_bot
    from .rules import FlippoState

    choose = random_or_greedy("flippo", name, seed, greedy_choice)
    run_alternating_bot(FlippoState(), choose)
