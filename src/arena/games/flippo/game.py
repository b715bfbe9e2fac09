"""Flippo (CodeCup 2019): a Reversi variant where the farthest own piece decides the flips."""

from ..base import GameInfo
from .protocol import run_protocol
from .rules import FlippoState
from .summary import explain_result
from .text import FlippoView

GAME = GameInfo(
    name="flippo",
    title="Flippo (CodeCup 2019)",
    seats=("White", "Black"),
    clock_ms=5_000,
    memory_mb=1024,  # chosen: the rules give none (docs/games/flippo.md says why this one)
    run_protocol=run_protocol,
    explain_result=explain_result,
    reply_format=(
        "one move per line: a square such as C3 (row letter A-H, uppercase, then column 1-8), "
        "nothing else"
    ),
    bots=("random", "greedy", "mostpieces", "strong"),
    new_state=lambda setup: FlippoState(),
    human_view=FlippoView(),
    env_name="Flippo",
)
