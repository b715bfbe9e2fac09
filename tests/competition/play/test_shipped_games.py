"""A game on a Dask worker with the programs shipped to it, played here in-process (no cluster
needed): its own copy runs, the other programs' copies and the competition folder stay out of its
reach, and a worker without a copy asks for the files."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from arena.competition.play.work_items import ShippedSeat, play_shipped
from arena.judge.sandbox.settings import Sandbox
from arena.parallel import on_worker
from arena.parallel.shipped_folders import MissingFolder, ShippedFolder, pack_folder
from arena.refereeing.players import resolve_player

from ..conftest import GAME, random_bot, write_bot

SPY = """
import sys
for path in {paths!r}:
    try:
        print("SAW", path, open(path).read()[:20].replace("\\n", " "), file=sys.stderr, flush=True)
    except OSError as error:
        print("HIDDEN", path, type(error).__name__, file=sys.stderr, flush=True)
"""


@pytest.fixture
def worker_folder(monkeypatch):
    """A worker's folder outside /tmp, as the default one is (isolate's private /tmp would hide
    anything under /tmp anyway, and so prove nothing about the cover of the other copies)."""
    root = Path(tempfile.mkdtemp(prefix="arena-test-worker-", dir="/var/tmp"))
    root.chmod(0o711)
    monkeypatch.setattr(on_worker, "WORKER_FOLDER", str(root / "worker"))
    yield root
    shutil.rmtree(root)


def test_a_shipped_program_sees_its_own_copy_and_nothing_else(competition, worker_folder):
    folder, store = competition
    tmp_path = worker_folder
    victim_command = write_bot(folder, 1, random_bot())
    victim_digest, victim_files = pack_folder(folder.build(1))
    victim_copy = tmp_path / "worker" / victim_digest / "bot.py"
    spy_source = SPY.format(paths=[str(victim_copy), str(folder.build(1) / "bot.py"), str(folder.database)])
    spy_command = write_bot(folder, 2, spy_source + random_bot())
    spy_digest, spy_files = pack_folder(folder.build(2))

    def seat(submission, command, digest, files):
        program = ShippedFolder(f"submission {submission}", str(folder.build(submission)), digest, files)
        return ShippedSeat(resolve_player(GAME, command), program)

    sandbox = Sandbox("isolate", hidden=(str(folder.root),))
    seats = [seat(2, spy_command, spy_digest, None), seat(1, victim_command, victim_digest, victim_files)]
    with pytest.raises(MissingFolder):  # the worker has no copy yet and none came with the game
        play_shipped(GAME, seats, 5, None, 0.2, sandbox)
    seats[0] = seat(2, spy_command, spy_digest, spy_files)
    record = play_shipped(GAME, seats, 5, None, 0.2, sandbox)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert f"{tmp_path / 'worker' / spy_digest}/bot.py" in record["players"][0]["command"]
    assert victim_copy.is_file()  # it is there, unpacked for the other seat...
    spied = record["stderr"][0]
    assert "SAW" not in spied and spied.count("HIDDEN") == 3  # ...and out of the spy's reach
