"""Issue 56's sixth attack, as root under ``limits``: ``--record WW/sub/r.json`` with ``WW`` 0777 and
``sub`` 0755, both root's. During the game the program (a box uid) renames ``sub`` and puts in its
place a link to a root-only folder; root must then write nothing there. The command line refuses
such a path before any program starts; the writer, given it all the same, refuses the link."""

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from arena.games import get_game
from arena.judge.judge_files import UnsafePath
from arena.judge.record import write_record
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

from ...attack_support import MODES, private_folder

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="the judge drops privileges only when it runs as root")]

ARENA = os.path.join(os.path.dirname(sys.executable), "arena")

# Swaps WW/sub for a link to the root-only folder at its start, then plays as builtin:random.
SWAPPER = """
    import os, sys
    ww, target = sys.argv[1], sys.argv[2]
    try:
        os.rename(os.path.join(ww, "sub"), os.path.join(ww, "sub-moved"))
        os.symlink(target, os.path.join(ww, "sub"))
        print("swapped", file=sys.stderr, flush=True)
    except OSError as error:
        print("could not swap:", error, file=sys.stderr, flush=True)
    os.execv(sys.executable, [sys.executable, "-m", "arena.toolkit.builtin_player", "flippo", "random"])
"""


@pytest.fixture
def ww():
    """``WW`` (0777) holding ``sub`` (0755), both root's, where a box uid can reach them: in /tmp."""
    top = Path(tempfile.mkdtemp(prefix="arena-ww-", dir="/tmp"))
    os.chmod(top, 0o755)
    (top / "WW" / "sub").mkdir(parents=True, mode=0o755)
    os.chmod(top / "WW", 0o777)
    yield top / "WW"
    shutil.rmtree(top)


@pytest.fixture
def swapper(tmp_path, ww):
    """The attacker's command, its bot in a root-owned 0700 folder; and the root-only folder it aims at."""
    folder = private_folder(tmp_path)
    secret = folder / "root-only"
    secret.mkdir(mode=0o700)
    (folder / "bot").mkdir()
    (folder / "bot" / "bot.py").write_text(textwrap.dedent(SWAPPER))
    return f"{sys.executable} {folder}/bot/bot.py {ww} {secret}", secret


def swap_as(uid: int, ww: Path, target: Path) -> None:
    """WW/sub moved away and a link to ``target`` put in its place, by ``uid`` (a forked child)."""
    child = os.fork()
    if child == 0:
        try:
            os.setresuid(uid, uid, uid)
            os.rename(ww / "sub", ww / "sub-moved")
            os.symlink(target, ww / "sub")
            os._exit(0)
        except BaseException:
            os._exit(1)
    assert os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) == 0


@pytest.mark.promise("judge-writes", "limits", "isolate")
@pytest.mark.parametrize("mode", MODES)
def test_the_writer_refuses_a_folder_a_program_swapped_for_a_link_during_the_game(ww, swapper, mode):
    command, secret = swapper
    game = get_game("flippo")
    record = play_game(game, [resolve_player(game, command), resolve_player(game, "builtin:random")], seed=1,
                       sandbox=Sandbox(mode))
    assert record["result"]["verdicts"] == ["ok", "ok"], record["result"]
    if "swapped" not in record["stderr"][0]:
        # its /tmp is its own (a mount namespace), and what it was shown of the host's read-only: the
        # swap is made here as a box uid would make it where it could reach WW (a folder outside /tmp)
        assert "Read-only file system" in record["stderr"][0], record["stderr"][0]
        swap_as(62999, ww, secret)
    assert os.path.islink(ww / "sub") and os.stat(ww / "sub", follow_symlinks=False).st_uid != 0
    with pytest.raises(UnsafePath, match=f"the folder {ww}, on the way to it, is writable by every user"):
        write_record(record, ww / "sub" / "r.json")
    assert os.listdir(secret) == []


def test_arena_play_refuses_the_record_before_the_program_starts(ww, swapper):
    command, secret = swapper
    done = subprocess.run([ARENA, "play", "flippo", command, "builtin:random", "--record", f"{ww}/sub/r.json",
                           "--sandbox", "limits"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "Invalid value for --record: " in done.stderr, done.stderr
    assert f"the folder {ww}, on the way to it, is writable by every user (mode 0777)" in done.stderr
    assert os.path.isdir(ww / "sub") and not os.path.islink(ww / "sub")  # no program ran
    assert os.listdir(secret) == []
