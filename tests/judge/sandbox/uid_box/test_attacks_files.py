"""Issue 47's must-holds on files, checked from outside as root, the bots in 0700 root-owned folders:
the judge's files never through a program's path, no tree a program makes can crash the judge,
an interpreter under another name gains nothing, and nothing root-owned appears where the
checks did not write it."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from arena.games import get_game
from arena.toolkit.starter import write_starter

from ...attack_support import MODES, private_folder

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="the judge drops privileges only when it runs as root")]

ARENA = os.path.join(os.path.dirname(sys.executable), "arena")
DEBIAN_PYTHON = "/usr/bin/python3"  # world-readable, and a copy of it still finds its library in /usr


def arena(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=timeout)


def tree(folder: Path) -> dict[str, tuple[int, int]]:
    """Every name under ``folder`` (links not followed), with its owner and size."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            info = os.lstat(os.path.join(root, name))
            found[os.path.relpath(os.path.join(root, name), folder)] = (info.st_uid, info.st_size)
    return found


# A bot that, every game, plants links in its folder where the judge's files could go (it cannot:
# its folder is read-only to it), then plays on as a starter does.
PLANTER = """
    import os, sys
    here = os.path.dirname(os.path.abspath(__file__))
    target = sys.argv.pop(1) if len(sys.argv) > 1 else "/nonexistent"  # the starter reads the rest
    for name in ("rec.json", "t.db", "t.db-journal", "t.db-wal"):
        try:
            os.symlink(target + "-" + name, os.path.join(here, name))
        except OSError:
            pass
"""


@pytest.fixture
def bot(tmp_path):
    """Flippo's Python starter, as ``arena new flippo`` writes it (write_starter), in a 0700 root-owned
    folder; the planter first in its bot.py."""
    folder = private_folder(tmp_path) / "alice"
    write_starter("flippo", get_game("flippo").title, folder, "python")
    script = folder / "bot.py"
    script.write_text(textwrap.dedent(PLANTER) + script.read_text())
    return folder


@pytest.mark.parametrize("mode", MODES)
def test_a_record_or_database_named_through_a_link_to_a_bots_folder_is_refused(bot, tmp_path, mode):
    elsewhere = tmp_path / "ROOT_WROTE_THIS"
    command = f"{bot}/bot {elsewhere}"
    link = tmp_path / "alice-link"
    os.symlink(bot, link)
    # links planted by an earlier game (or its owner): where the judge's files would go
    for name in ("rec.json", "t.db", "t.db-journal", "t.db-wal"):
        os.symlink(f"{elsewhere}-{name}", bot / name)
    before = tree(bot)
    for options in (["play", "flippo", command, "builtin:random", "--record", f"{link}/rec.json"],
                    ["tournament", "flippo", "--player", f"alice={command}", "--player", "r=builtin:random",
                     "--db", f"{link}/t.db"]):
        for game in range(2):  # and in a later one
            done = arena(*options, "--sandbox", mode)
            assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
            named = options[-1]
            assert f"{named} (really {bot}/{os.path.basename(named)}) lies inside the folder of the program" \
                in done.stderr, done.stderr
    assert not [path for path in tmp_path.iterdir() if path.name.startswith("ROOT_WROTE_THIS")]
    assert tree(bot) == before


@pytest.mark.parametrize("mode", MODES)
def test_a_record_whose_name_is_a_planted_link_is_written_in_its_place_not_through_it(bot, tmp_path, mode):
    records = tmp_path / "records"
    records.mkdir(mode=0o700)
    elsewhere = tmp_path / "elsewhere.txt"
    os.symlink(elsewhere, records / "rec.json")
    done = arena("play", "flippo", f"{bot}/bot {tmp_path}/x", "builtin:random", "--record",
                 str(records / "rec.json"), "--sandbox", mode)
    assert done.returncode == 0, done.stderr
    assert not os.path.lexists(elsewhere)
    assert not (records / "rec.json").is_symlink()
    assert json.loads((records / "rec.json").read_text())["game"] == "flippo"
    assert os.listdir(records) == ["rec.json"]  # no temporary file left beside it


def test_a_judges_file_where_every_user_may_write_is_refused_as_root(bot, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    done = arena("play", "flippo", "builtin:random", "builtin:random", "--record", str(shared / "rec.json"))
    assert done.returncode == 2 and "where every user may write" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and not os.listdir(shared)


# Makes 3,000 nested folders in its folder (refused: read-only) and in TMPDIR, files under a path
# past PATH_MAX, names with a newline and bytes that are no UTF-8; then plays on.
DEEP_TREES = """
    import os, sys
    def deep(top, levels, name):
        try:
            fd = os.open(top, os.O_RDONLY)
        except OSError:
            return
        try:
            for level in range(levels):
                os.mkdir(name, dir_fd=fd)
                inner = os.open(name, os.O_RDONLY, dir_fd=fd)
                os.close(fd)
                fd = inner
                if level % 500 == 0:
                    os.close(os.open(b"odd\\nname\\xff", os.O_WRONLY | os.O_CREAT, dir_fd=fd))
        except OSError:
            pass
        finally:
            os.close(fd)
    here = os.path.dirname(os.path.abspath(__file__))
    deep(here, 3000, "d")
    deep(os.environ["TMPDIR"], 3000, "d")
    deep(os.environ["TMPDIR"], 40, "n" * 200)  # 8,000 bytes of path: past PATH_MAX
"""


@pytest.mark.parametrize("mode", MODES)
def test_a_tournament_with_a_bot_that_makes_deep_trees_goes_on(bot, tmp_path, mode):
    script = bot / "bot.py"
    script.write_text(textwrap.dedent(DEEP_TREES) + script.read_text())
    before = tree(bot)
    db = tmp_path / "t.db"
    done = arena("tournament", "flippo", "--player", f"deep={bot}/bot", "--player",
                 "random=builtin:random", "--rounds", "2", "--jobs", "2", "--db", str(db), "--sandbox", mode,
                 timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    with sqlite3.connect(db) as database:
        records = [json.loads(text) for (text,) in database.execute("SELECT record FROM games")]
    assert len(records) == 4
    assert all(record["result"]["verdicts"] == ["ok", "ok"] for record in records), \
        [record["result"]["reason"] for record in records]
    assert tree(bot) == before  # nothing of it in its folder
    # its homes were its mount namespaces' (under none, removed): the deep trees made there are nowhere
    assert not [name for name in os.listdir("/tmp") if name.startswith("arena-home-")
                and os.path.lexists(os.path.join("/tmp", name, "d"))]


PY3_ATTACK = """
    import os, sys
    for folder in (os.path.dirname(sys.executable), os.path.dirname(os.path.dirname(sys.executable))):
        for name in ("pwned.pth", "py3._pth"):
            try:
                open(os.path.join(folder, name), "w").write("import os")
                print("wrote", folder, name, file=sys.stderr, flush=True)
            except OSError as error:
                print("refused", folder, name, error.strerror, file=sys.stderr, flush=True)
"""


@pytest.mark.skipif(not os.path.exists(DEBIAN_PYTHON), reason="needs Debian's /usr/bin/python3 to copy")
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("launcher", ["env ", ""])
def test_a_copy_of_python_named_py3_gains_nothing(tmp_path, mode, launcher):
    """Issue 47's flaw 4: an interpreter no list names (py3) is taken for the program, its folder
    the program's own: read-only to it all the same, so nothing is written beside it or above."""
    top = private_folder(tmp_path)
    folder = top / "x" / "bin"
    folder.mkdir(parents=True)
    shutil.copy2(DEBIAN_PYTHON, folder / "py3")
    bots = top / "bots"
    bots.mkdir()
    (bots / "bot.py").write_text(textwrap.dedent(PY3_ATTACK))
    before = tree(top / "x")
    done = arena("play", "flippo", f"{launcher}{folder}/py3 {bots}/bot.py", "builtin:random",
                 "--record", str(tmp_path / "rec.json"), "--sandbox", mode)
    assert done.returncode == 0, done.stderr
    record = json.loads((tmp_path / "rec.json").read_text())
    said = record["stderr"][0]
    assert f"refused {folder} pwned.pth" in said and f"wrote {folder} " not in said, said
    if mode == "limits":
        assert f"wrote {folder.parent} " not in said, said
    # (under isolate the folders above it lie in its private /tmp, which it may write: gone with it)
    assert tree(top / "x") == before
    assert sorted(os.listdir(bots)) == ["bot.py"]
