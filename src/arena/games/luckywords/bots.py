"""Lucky Words' built-in players: ``random``, ``greedy`` (greedy.py) and ``strong`` (strong/).

Run one as a program with ``arena bot luckywords greedy``. Nothing is imported
at the top: each player imports only what it needs, so the strong player starts fast.

- ``random`` calls a random letter and places every letter on a random empty cell.
- ``greedy`` places each letter where it raises the value of its lines most and calls
  the letter it can use best (greedy.py).
- ``strong`` values lines by their expected word points given the letters still to
  come, with a compiled engine, and calls letters that help its own grid more than
  the opponent's (strong/player.py).
"""

from __future__ import annotations


def main(name: str, seed: int | None = None) -> None:
    if name == "strong":  # the compiled engine's player lives in its own module
        from .strong.player import main as strong_main
        return strong_main(seed)
    if name not in ("random", "greedy"):
        raise SystemExit(f"luckywords has no built-in player {name!r}; it has: random, greedy, strong")
    from .greedy import run

    run(name, seed)
