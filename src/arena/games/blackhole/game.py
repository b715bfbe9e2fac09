"""Black Hole (CodeCup 2018): numbered stones on a triangle of hexagons; the empty tile swallows its neighbours."""

import random

from ...judge.record_types import Setup
from ..base import GameInfo, SetupError
from .protocol import run_protocol
from .rules import BROWN_STONES, LABELS, BlackHoleState, check_brown
from .summary import explain_result


def make_setup(rng: random.Random) -> Setup:
    """Five brown stones on distinct tiles, uniformly from the seed (chosen, see docs/games/blackhole.md)."""
    return {"brown": rng.sample(LABELS, BROWN_STONES)}


def parse_setup(text: str) -> Setup:
    """``--setup E4,F2,A5,A7,C1``: the five brown tiles, in the order the programs get them."""
    labels = [part.strip().upper() for part in text.split(",")]
    try:
        check_brown(labels)
    except ValueError as error:
        raise SetupError(f"{error}; give five tiles separated by commas, e.g. E4,F2,A5,A7,C1") from None
    return {"brown": labels}


GAME = GameInfo(
    name="blackhole",
    title="Black Hole (CodeCup 2018)",
    seats=("Red", "Blue"),
    clock_ms=5_000,
    memory_mb=1024,  # chosen: the rules give none (docs/games/blackhole.md says why this one)
    run_protocol=run_protocol,
    explain_result=explain_result,
    reply_format=(
        "one move per line: tile=stone such as A3=6 (tiles A1-A8, B1-B7, ..., H1; each stone 1-15 "
        "once), no spaces"
    ),
    bots=("random", "greedy", "strong"),
    make_setup=make_setup,
    parse_setup=parse_setup,
    new_state=lambda setup: BlackHoleState(setup["brown"]),
    ranking="points_subcompetition",
    env_name="BlackHole",
)
