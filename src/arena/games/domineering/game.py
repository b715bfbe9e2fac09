"""Domineering (ALPHANO): dominoes on an 8×8 board of cell values; horizontal against vertical."""

import random
from pathlib import Path

from ...judge.record_types import Setup
from ..base import GameInfo, SetupError
from .protocol import CLOCK_MS, run_protocol
from .rules import SIZE, DomineeringState, check_values
from .summary import explain_result
from .text import DomineeringView


def make_setup(rng: random.Random) -> Setup:
    """Each cell's value uniformly from 0..3, row by row, from the seed."""
    return {"values": [[rng.randint(0, 3) for _ in range(SIZE)] for _ in range(SIZE)]}


def parse_setup(path: str) -> Setup:
    """``--setup FILE``: a file with the 8 lines of 8 values the agents are sent (blank lines ignored)."""
    try:
        text = Path(path).read_text()
    except (OSError, ValueError) as error:  # ValueError: not UTF-8, or a NUL in the path
        raise SetupError(f"cannot read the values file {path!r}: {error}") from None
    rows = []
    for line in text.splitlines():
        if line.strip():
            words = line.split()
            # (a value of thousands of digits would be refused by int(): it is no cell value anyway)
            if not all(word.isascii() and word.isdigit() and len(word) <= 9 for word in words):
                raise SetupError(f"{path}: {line.strip()!r} is not a line of cell values 0-3")
            rows.append([int(word) for word in words])
    try:
        return {"values": check_values(rows)}
    except ValueError as error:
        raise SetupError(f"{path}: {error}") from None


GAME = GameInfo(
    name="domineering",
    title="Domineering (ALPHANO)",
    seats=("First", "Second"),
    clock_ms=CLOCK_MS,
    memory_mb=1024,  # the rules: "Memory: 1,024MB"
    run_protocol=run_protocol,
    explain_result=explain_result,
    human_view=DomineeringView(),
    reply_format=(
        "OK to READY; to TURN, MOVE x y (row x, column y of the domino's upper-left cell, 1-8), or "
        "MOVE -1 -1 to pass"
    ),
    bots=("random", "greedy", "strong"),
    make_setup=make_setup,
    parse_setup=parse_setup,
    new_state=lambda setup: DomineeringState(setup["values"]),
    ranking="wins_then_margin",
    env_name="Domineering",
)
