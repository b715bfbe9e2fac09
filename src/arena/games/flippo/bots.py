"""Flippo's built-in players: ``random``, ``greedy``, ``mostpieces`` and ``strong`` (strong/).

Run one as a program with ``arena bot flippo greedy``.

``greedy`` grabs what counts at the end: the move that leaves it the most pieces it can no
longer lose (``FlippoState.stable_squares``) over the opponent's, and among those the fewest
pieces of its own that can still be turned. It wins about 95% of its games against
``random`` (the README's table of baselines).

``mostpieces`` takes the move that leaves it the most pieces now. In Flippo pieces change
hands until the board is full, so that policy is no better than ``random`` (52.5% ± 6.7% of
the game score over 200 games, where a user measured 43% over 400); it is kept, under the name of what it does, because many first programs play it and
the strong player watches for it (strong/opponent_model.py).
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: importing typing costs a player ~7 ms of its clock

if TYPE_CHECKING:
    import random
    from typing import Any, Callable

    from .rules import FlippoState


def _best_moves(state: FlippoState, value: Callable[[FlippoState, int], Any]) -> list[int]:
    """The legal moves whose position after them has the highest ``value`` for the mover."""
    # ``value``: an int, or a tuple compared in order (_banked_then_fewest_exposed)
    from .rules import SEAT_COLOUR

    colour = SEAT_COLOUR[state.to_move]
    best: list[int] = []
    best_value = None
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        move_value = value(after, colour)
        if best_value is None or move_value > best_value:
            best, best_value = [move], move_value
        elif move_value == best_value:
            best.append(move)
    return best


def _banked_then_fewest_exposed(after: FlippoState, colour: int) -> tuple[int, int]:
    stable = after.stable_squares()
    own_stable = sum(1 for square in stable if after.board[square] == colour)
    # fewer own pieces means fewer for the opponent to turn, and more squares it must open for us
    return 2 * own_stable - len(stable), -after.count(colour)


def greedy_moves(state: FlippoState) -> list[int]:
    """The legal moves that leave the mover the best stable-piece margin, then the fewest pieces."""
    return _best_moves(state, _banked_then_fewest_exposed)


def most_pieces_moves(state: FlippoState) -> list[int]:
    """The legal moves that leave the mover the most pieces (the engine's greedy_moves mirrors this)."""
    return _best_moves(state, lambda after, colour: after.count(colour))


def greedy_choice(state: FlippoState, rng: random.Random) -> int:
    """One of ``greedy_moves``, at random."""
    return rng.choice(greedy_moves(state))


def most_pieces_choice(state: FlippoState, rng: random.Random) -> int:
    """One of ``most_pieces_moves``, at random."""
    return rng.choice(most_pieces_moves(state))


def main(name: str, seed: int | None = None) -> None:
    if name == "strong":  # the compiled engine's player lives in its own module
        from .strong.player import main as strong_main
        return strong_main(seed)
    # imported here, not above: the strong player starts faster without them
    from ..bot_loop import random_or_greedy, run_alternating_bot
    from .rules import FlippoState

    choose = random_or_greedy("flippo", name, seed, greedy_choice, {"mostpieces": most_pieces_choice})
    run_alternating_bot(FlippoState(), choose)
