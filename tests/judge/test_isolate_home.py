"""``isolate`` under a judge that is not root: the program runs as the judge's user, who may
read all of their home; it sees nothing of it but what it needs, read-only (issue 33, item 11)."""

import os
import shutil
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from arena.judge.sandbox.bubblewrap import bwrap_argv, bwrap_path

pytestmark = pytest.mark.skipif(bwrap_path() is None, reason="--sandbox isolate needs bubblewrap (bwrap)")

BOT = """
    import os, sys
    home = sys.argv[1]
    for path in (f"{home}/secret.txt", f"{home}/notes"):
        try:
            open(path).read() if os.path.isfile(path) or not os.path.exists(path) else os.listdir(path)
            print("read", path)
        except OSError as error:
            print("refused", path, error.errno)
    print("listing", sorted(os.listdir(home)))
    try:
        open(f"{home}/bots/written", "w").write("mine")
        print("wrote own folder")
    except OSError as error:
        print("could not write its own folder", error.errno)
    try:
        open(f"{home}/planted", "w").write("x")
        print("wrote home")
    except OSError as error:
        print("could not write home", error.errno)
"""


def make_home(home):
    (home / "bots").mkdir(parents=True)
    (home / "notes").mkdir()
    (home / "secret.txt").write_text("the user's secret")
    os.chmod(home / "secret.txt", 0o600)
    bot = home / "bots" / "bot.py"
    bot.write_text(textwrap.dedent(BOT))
    return bot


def test_the_users_home_is_covered_but_what_the_program_needs_and_its_own_folder(tmp_path, monkeypatch):
    home = Path("/var/tmp") / f"home-{uuid.uuid4().hex[:8]}"  # not under /tmp, which isolate covers anyway
    try:
        bot = make_home(home)
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.chdir(home)
        argv = bwrap_argv(str(home / "bots"), own_user=False, command_files=(str(bot),))
        out = subprocess.run([*argv, sys.executable, "bots/bot.py", str(home)], capture_output=True, text=True,
                             timeout=30)
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        assert "read" not in " ".join(line.split()[0] for line in lines[:2]), lines
        assert lines[2] == "listing ['bots']", lines
        assert "wrote own folder" in lines and (home / "bots" / "written").read_text() == "mine"
        assert "wrote home" not in lines and not (home / "planted").exists()
    finally:
        shutil.rmtree(home, ignore_errors=True)
