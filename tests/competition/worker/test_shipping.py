"""What a Dask worker does with a shipped program, played here in-process (no cluster needed):
its own copy runs, the other programs' copies and the competition folder stay out of its reach,
and a hostile archive writes nothing outside the worker's folder."""

from __future__ import annotations

import io
import shutil
import tarfile
import tempfile
from pathlib import Path

import pytest

from arena.competition.cluster.parcels import (MissingProgram, ShippedProgram, ShippedSeat, ShippingError, pack_folder,
                                               rewrite_command)
from arena.competition.dask_worker import games as worker_games
from arena.competition.dask_worker.games import play_shipped
from arena.judge.sandbox.settings import Sandbox
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


def test_rewriting_a_command_replaces_whole_path_components_only():
    assert rewrite_command("python3 /c/builds/7/bot.py", "/c/builds/7", "/w/ab") == "python3 /w/ab/bot.py"
    assert rewrite_command("java -cp /c/builds/7 Main", "/c/builds/7", "/w/ab") == "java -cp /w/ab Main"
    assert rewrite_command("/c/builds/70/bot", "/c/builds/7", "/w/ab") == "/c/builds/70/bot"


@pytest.fixture
def worker_folder(monkeypatch):
    """A worker's folder outside /tmp, as the default one is (isolate's private /tmp would hide
    anything under /tmp anyway, and so prove nothing about the cover of the other copies)."""
    root = Path(tempfile.mkdtemp(prefix="arena-test-worker-", dir="/var/tmp"))
    root.chmod(0o711)
    monkeypatch.setattr(worker_games, "WORKER_FOLDER", str(root / "worker"))
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
        program = ShippedProgram(submission, str(folder.build(submission)), digest, files)
        return ShippedSeat(resolve_player(GAME, command), program)

    sandbox = Sandbox("isolate", hidden=(str(folder.root),))
    seats = [seat(2, spy_command, spy_digest, None), seat(1, victim_command, victim_digest, victim_files)]
    with pytest.raises(MissingProgram):  # the worker has no copy yet and none came with the game
        play_shipped(GAME, seats, 5, None, 0.2, sandbox)
    seats[0] = seat(2, spy_command, spy_digest, spy_files)
    record = play_shipped(GAME, seats, 5, None, 0.2, sandbox)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert f"{tmp_path / 'worker' / spy_digest}/bot.py" in record["players"][0]["command"]
    assert victim_copy.is_file()  # it is there, unpacked for the other seat...
    spied = record["stderr"][0]
    assert "SAW" not in spied and spied.count("HIDDEN") == 3  # ...and out of the spy's reach


def hostile_tar() -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, kind, target in (("../escaped", tarfile.REGTYPE, ""), ("link", tarfile.SYMTYPE, "/etc/passwd")):
            member = tarfile.TarInfo(name)
            member.type, member.linkname = kind, target
            data = b"pwned" if kind == tarfile.REGTYPE else b""
            member.size = len(data)
            tar.addfile(member, io.BytesIO(data))
    return buffer.getvalue()


def test_a_hostile_archive_is_refused_and_writes_nothing_outside(tmp_path, monkeypatch):
    import hashlib

    worker = tmp_path / "deep" / "worker"
    monkeypatch.setattr(worker_games, "WORKER_FOLDER", str(worker))
    files = hostile_tar()
    program = ShippedProgram(3, "/c/builds/3", hashlib.sha256(files).hexdigest(), files)
    with pytest.raises(tarfile.TarError):
        worker_games._worker_copy(program)
    assert not (tmp_path / "deep" / "escaped").exists() and not (worker / "escaped").exists()
    assert [p.name for p in worker.iterdir()] == []  # no half-unpacked copy left to be taken for whole
    damaged = ShippedProgram(3, "/c/builds/3", "0" * 64, files)
    with pytest.raises(ShippingError, match="damaged"):
        worker_games._worker_copy(damaged)
