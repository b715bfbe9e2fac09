"""Programs that misbehave on purpose, for any game: the fault-injection suite's contestants."""

import shlex
import sys
from pathlib import Path

import pytest

from arena.refereeing.players import PlayerSpec

FAULT_RELAY = Path(__file__).parents[1] / "programs" / "fault_relay.py"


@pytest.fixture
def faulty(tmp_path):
    """``faulty(game, kind, at, *extra) -> (PlayerSpec, pid_file)``: builtin:random behind
    tests/programs/fault_relay.py, misbehaving as ``kind`` says at its reply ``at``."""
    counter = iter(range(1000))
    # its pids go to its stderr, and to a file beside it where it may write (a judge not root)
    relay = tmp_path / FAULT_RELAY.name
    relay.write_text(FAULT_RELAY.read_text())

    def make(game: str, kind: str, at: int, *extra: str) -> tuple[PlayerSpec, str]:
        pids = str(tmp_path / f"pids{next(counter)}")
        command = shlex.join([sys.executable, str(relay), game, kind, str(at), pids, *extra])
        return PlayerSpec(f"{kind}@{at}", command), pids

    return make
