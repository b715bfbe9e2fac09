"""The sixth game's declaration: what the judge, the tournament and the CLI need to know."""

from arena.games.base import GameInfo

from .protocol import run_protocol
from .rules import NoughtsState

GAME = GameInfo(
    name="noughts",
    title="Noughts and crosses (the tests' sixth game)",
    seats=("X", "O"),
    clock_ms=2_000,
    memory_mb=256,
    run_protocol=run_protocol,
    bots=("random",),
    new_state=lambda setup: NoughtsState(),
    reply_format="one move per line: a cell 1-9, numbered row by row from the top left",
)
