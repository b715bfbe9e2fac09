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

from arena.judge.sandbox.bubblewrap import bwrap_path

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


JUDGE = """
import os
import sys
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
program = Program([sys.executable, sys.argv[1], sys.argv[2]], sandbox=Sandbox("isolate"),  # as the user
                  folder=os.path.dirname(sys.argv[1]))
try:
    for _ in range(5):
        print(program.read_line(30), flush=True)
finally:
    program.close()
"""


NEEDS_A_USER = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("useradd") is None or shutil.which("setpriv") is None,
    reason="needs root to make a user of its own (useradd) and run arena as it (setpriv)")


@pytest.fixture
def user():
    """A new user with a home (removed after the test): (name, home, uid, gid)."""
    name = f"arenat{uuid.uuid4().hex[:8]}"
    subprocess.run(["useradd", "-m", "-s", "/bin/sh", name], check=True)
    try:
        entry = pwd.getpwnam(name)
        yield name, Path(entry.pw_dir), entry.pw_uid, entry.pw_gid
    finally:
        subprocess.run(["userdel", "-r", name], capture_output=True)


def run_as(user, code: str, *args: str) -> subprocess.CompletedProcess:
    """``code`` run by ``user`` with a Python it can run and arena on its PYTHONPATH, in its home."""
    name, home, _, _ = user
    # a user's PATH (the test's own may name folders under a root-only /root), and a Python the
    # user can run: this one, or the system's (Debian's /usr/bin/python3), with arena on PYTHONPATH
    as_user = ["setpriv", f"--reuid={name}", f"--regid={name}", "--clear-groups"]
    arena_src = str(Path(arena.__file__).resolve().parents[1])
    python = next((candidate for candidate in (sys.executable, "/usr/bin/python3") if subprocess.run(
        [*as_user, candidate, "-c", "import os, sys, arena.judge.process; "
         "os.stat(os.path.dirname(os.path.realpath(sys.executable)))"], env={"PYTHONPATH": arena_src},
        capture_output=True).returncode == 0), None)
    if python is None:
        pytest.skip("no Python that a new user may run imports arena here (this one under a root-only /root)")
    env = {"HOME": str(home), "PATH": f"{Path(python).parent}:/usr/local/bin:/usr/bin:/bin",
           "LANG": "C.UTF-8", "PYTHONPATH": arena_src}
    return subprocess.run([*as_user, python, "-c", code, *args], cwd=home, env=env, capture_output=True,
                          text=True, timeout=60)


def give(user, *paths: Path) -> None:
    for path in paths:
        for inner in (path, *path.rglob("*")):
            os.chown(inner, user[2], user[3])


@pytest.mark.promise("home-hidden", "isolate")
@pytest.mark.root
@NEEDS_A_USER
def test_arena_run_by_a_user_under_isolate_shows_the_program_nothing_of_the_users_home(user):
    home = user[1]
    bot = make_home(home)
    give(user, home)
    out = run_as(user, JUDGE, str(bot), str(home))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("refused") and lines[1].startswith("refused"), lines
    assert lines[2] == "listing ['bots']", lines
    assert lines[3] == "wrote own folder" and lines[4].startswith("could not write home"), lines


# Every file promise isolate makes a user not root (docs/sandbox.md): what it may write (its own
# folder, as the user's; its home and /tmp, private), what is read-only (everything else of the
# system), what is hidden (the database, the record, the other player's folder).
FILE_PROMISES = """
    import os, sys
    here = os.path.dirname(os.path.abspath(__file__))
    database, record, other = sys.argv[1:4]
    def attempt(what, action):
        try:
            action()
            print(what, "done", flush=True)
        except OSError as error:
            print(what, "refused", flush=True)
    attempt("own", lambda: open(os.path.join(here, "kept.txt"), "w").write("mine"))
    attempt("home", lambda: open(os.path.join(os.environ["HOME"], "h"), "w").write("x"))
    attempt("tmp", lambda: open("/tmp/arena-nonroot-probe", "w").write("x"))
    attempt("var-tmp", lambda: open("/var/tmp/arena-nonroot-probe-" + str(os.getpid()), "w").write("x"))
    attempt("read-database", lambda: open(database).read())
    attempt("write-database", lambda: open(database, "a").write("forged"))
    attempt("read-record", lambda: open(record).read())
    attempt("read-other", lambda: open(os.path.join(other, "bot.py")).read())
    print("other-shows", len(os.listdir(other)), flush=True)
    attempt("write-other", lambda: open(os.path.join(other, "planted"), "w").write("x"))
    print("end", flush=True)
"""

PROMISES_JUDGE = """
import os
import sys
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox
bot, database, record, other = sys.argv[1:5]
program = Program([sys.executable, bot, database, record, other],
                  sandbox=Sandbox("isolate", hidden=(database, record, other)), folder=os.path.dirname(bot))
try:
    while (line := program.read_line(30)) != "end":
        print(line, flush=True)
finally:
    program.close()
"""


@pytest.mark.root
@NEEDS_A_USER
def test_isolate_keeps_its_file_promises_to_a_user_not_root(user):
    """Issue 47: the file promises of a judge not root, run by a user the test makes, with a Python
    it can reach: its own folder writable (the user's own), its home and /tmp private, everything
    else read-only, the database, the record and the other player's folder hidden."""
    home = user[1]
    bots, other, data = home / "bots", home / "other", home / "data"
    for folder in (bots, other, data):
        folder.mkdir()
    bot = bots / "bot.py"
    bot.write_text(textwrap.dedent(FILE_PROMISES))
    (other / "bot.py").write_text("the other player's secret")
    database, record = data / "t.db", data / "rec.json"
    database.write_text("results")
    record.write_text("{}")
    give(user, home)
    out = run_as(user, PROMISES_JUDGE, str(bot), str(database), str(record), str(other))
    assert out.returncode == 0, out.stderr
    said = dict(line.split() for line in out.stdout.splitlines())
    assert said == {"own": "done", "home": "done", "tmp": "done", "var-tmp": "refused",
                    "read-database": "refused", "write-database": "refused", "read-record": "refused",
                    "read-other": "refused", "other-shows": "0",
                    "write-other": said["write-other"]}, said  # into the empty tmpfs over it, if at all
    assert (bots / "kept.txt").read_text() == "mine"  # a user's own folder, as ever
    assert not os.path.exists("/tmp/arena-nonroot-probe")  # its /tmp was its own
    assert database.read_text() == "results" and sorted(os.listdir(other)) == ["bot.py"]
    assert not (home / "h").exists()  # its home was its own
