"""The sixth game's one built-in player, ``random``: a legal cell at random."""

from __future__ import annotations

import random


def main(name: str, seed: int | None = None) -> None:
    from arena.games.bot_loop import run_alternating_bot

    from .rules import NoughtsState

    if name != "random":
        raise SystemExit(f"noughts has no built-in player {name!r}; it has: random")
    rng = random.Random(seed)
    run_alternating_bot(NoughtsState(), lambda state: rng.choice(state.legal_moves()))
