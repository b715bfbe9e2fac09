"""Turn Right's built-in players: ``random``, ``greedy`` (greedy.py) and ``strong`` (strong/).

Run one as a program with ``arena bot turnright strong``. Nothing is imported
up here: the strong player starts faster without the rules' modules.
"""

from __future__ import annotations


def main(name: str, seed: int | None = None) -> None:
    if name == "strong":  # the compiled engine's player lives in its own module
        from .strong.player import main as strong_main
        return strong_main(seed)
    from .greedy import run
    run(name, seed)
