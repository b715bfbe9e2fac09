"""Domineering's built-in players: ``random``, ``greedy`` and ``strong`` (strong/).

Run one as a program with ``arena bot domineering greedy``. Neither random nor
greedy passes while it can still place a domino.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing.TYPE_CHECKING: the strong player starts faster without typing

if TYPE_CHECKING:
    import random
    from typing import Callable, TextIO

    from .rules import DomineeringState, Move


def random_choice(state: DomineeringState, rng: random.Random) -> Move:
    from .rules import PASS

    placements = state.placements(state.to_move)
    return rng.choice(placements) if placements else PASS


def greedy_choice(state: DomineeringState, rng: random.Random) -> Move:
    """The placement worth the most points now (ties broken at random)."""
    from .rules import PASS

    seat = state.to_move
    placements = state.placements(seat)
    if not placements:
        return PASS
    best = max(state.gain(seat, move) for move in placements)
    return rng.choice([move for move in placements if state.gain(seat, move) == best])


def run_agent(
    choose: Callable[[DomineeringState], Move],
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
) -> None:
    """Speak ALPHANO's protocol: values, READY/OK, TURN/MOVE, OPP, FINISH."""
    from .rules import SIZE, DomineeringState

    values = [[int(word) for word in stdin.readline().split()] for _ in range(SIZE)]
    state = DomineeringState(values)

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    for raw in stdin:
        words = raw.split()
        if not words:
            continue
        command = words[0]
        if command == "READY":
            say("OK")
        elif command == "TURN":
            move = choose(state)
            state.play(move)
            say(state.format_move(move))
        elif command == "OPP":
            state.play((int(words[1]), int(words[2])))
        elif command == "FINISH":
            return


def main(name: str, seed: int | None = None) -> None:
    if name == "strong":  # the compiled engine's player lives in its own module
        from .strong.player import main as strong_main
        return strong_main(seed)
    # imported here, not above: the strong player starts faster without them
    import random

    rng = random.Random(seed)
    choosers = {
        "random": lambda state: random_choice(state, rng),
        "greedy": lambda state: greedy_choice(state, rng),
    }
    if name not in choosers:
        raise SystemExit(f"domineering has no built-in player {name!r}; it has: {', '.join(choosers)}")
    run_agent(choosers[name])
