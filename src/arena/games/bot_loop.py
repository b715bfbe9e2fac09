"""The stdin/stdout loop of a built-in player for Flippo-style dialogues:
``Start`` means "you move first", ``Quit`` ends the game, any other line is the
opponent's move. Output is flushed after every move, as the judge needs.
"""

from __future__ import annotations

import random
import sys
from typing import Any, Callable, TextIO, TypeVar

from .base import GameState

State = TypeVar("State", bound="GameState[Any]")
"""The game's own position: a player's policies read its rules' state."""


def run_alternating_bot(
    state: State,
    choose: Callable[[State], object],
    opening_lines: int = 0,
    on_opening: Callable[[list[str]], None] | None = None,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
) -> None:
    """Play ``state`` as one side: ``choose(state)`` picks each move.

    ``opening_lines`` lines (e.g. Black Hole's brown stones) are read first and
    handed to ``on_opening``.
    """
    opening = [stdin.readline().strip() for _ in range(opening_lines)]
    if on_opening is not None:
        on_opening(opening)
    for raw in stdin:
        line = raw.strip()
        if line == "Quit":
            return
        if line != "Start":
            state.play(state.parse_move(line))
        move = choose(state)
        state.play(move)
        stdout.write(state.format_move(move) + "\n")
        stdout.flush()


def random_or_greedy(game: str, name: str, seed: int | None,
                     greedy_choice: Callable[[State, random.Random], object],
                     others: dict[str, Callable[[State, random.Random], object]] | None = None,
                     ) -> Callable[[State], object]:
    """The move chooser of the built-in ``random``, ``greedy`` (or one of ``others``) player, seeded."""
    rng = random.Random(seed)
    policies = {"greedy": greedy_choice, **(others or {})}
    choosers: dict[str, Callable[[State], object]] = {"random": lambda state: rng.choice(state.legal_moves())}

    def seeded(policy: Callable[[State, random.Random], object]) -> Callable[[State], object]:
        return lambda state: policy(state, rng)

    for policy_name, policy in policies.items():
        choosers[policy_name] = seeded(policy)
    if name not in choosers:
        raise SystemExit(f"{game} has no built-in player {name!r}; it has: {', '.join(choosers)}, strong")
    return choosers[name]
