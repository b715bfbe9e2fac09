"""``isolate`` under a judge that is not root: the program runs as the judge's user, who may
read all of their home; it sees nothing of it but what it needs, read-only (issue 33, item 11)."""

import os
import pwd
import shutil
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

import arena

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


JUDGE = """
import sys
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
program = Program([sys.executable, sys.argv[1], sys.argv[2]], sandbox=Sandbox("isolate"))  # as the user
try:
    for _ in range(5):
        print(program.read_line(30), flush=True)
finally:
    program.close()
"""


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("useradd") is None or shutil.which("setpriv") is None,
                    reason="needs root to make a user of its own (useradd) and run arena as it (setpriv)")
def test_arena_run_by_a_user_under_isolate_shows_the_program_nothing_of_the_users_home():
    user = f"arenat{uuid.uuid4().hex[:8]}"
    subprocess.run(["useradd", "-m", "-s", "/bin/sh", user], check=True)
    try:
        entry = pwd.getpwnam(user)
        home = Path(entry.pw_dir)
        bot = make_home(home)
        for path in (home, *home.rglob("*")):
            os.chown(path, entry.pw_uid, entry.pw_gid)
        # a user's PATH (the test's own may name folders under a root-only /root), and a Python the
        # user can run: this one, or the system's, of the same version, with arena on PYTHONPATH
        as_user = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups"]
        arena_src = str(Path(arena.__file__).resolve().parents[1])
        python = next((candidate for candidate in (sys.executable, "/usr/bin/python3") if subprocess.run(
            [*as_user, candidate, "-c", "import os, sys, arena.judge.process; "
             "os.stat(os.path.dirname(os.path.realpath(sys.executable)))"], env={"PYTHONPATH": arena_src},
            capture_output=True).returncode == 0), None)
        if python is None:
            pytest.skip("no Python that a new user may run imports arena here (this one under a root-only /root)")
        env = {"HOME": str(home), "PATH": f"{Path(python).parent}:/usr/local/bin:/usr/bin:/bin",
               "LANG": "C.UTF-8", "PYTHONPATH": arena_src}
        out = subprocess.run([*as_user, python, "-c", JUDGE, str(bot), str(home)],
                             cwd=home, env=env, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        assert lines[0].startswith("refused") and lines[1].startswith("refused"), lines
        assert lines[2] == "listing ['bots']", lines
        assert lines[3] == "wrote own folder" and lines[4].startswith("could not write home"), lines
    finally:
        subprocess.run(["userdel", "-r", user], capture_output=True)
