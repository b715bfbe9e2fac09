"""Turn Right (CodeCup 2006): place pieces on a 6×6 board, then turn circuits to make 2×2 blocks."""

from ..base import GameInfo
from .protocol import run_protocol
from .rules import TurnRightState
from .summary import explain_result
from .text import TurnRightView

GAME = GameInfo(
    name="turnright",
    title="Turn Right (CodeCup 2006)",
    seats=("White", "Black"),
    clock_ms=30_000,
    memory_mb=64,  # the rules: "Memory on the original machine: 64 MB"
    run_protocol=run_protocol,
    explain_result=explain_result,
    human_view=TurnRightView(),
    reply_format=(
        "one move per line: a free square such as c3 (files a-f, ranks 1-6, lowercase) while "
        "placing, then a clockwise circuit such as a4-d4-d1-a1"
    ),
    bots=("random", "greedy", "strong"),
    new_state=lambda setup: TurnRightState(),
    ranking="game_points",
    env_name="TurnRight",
)
