"""The environment a program gets: PATH, a private HOME and TMPDIR, LANG/LC_ALL, --env; nothing else."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from arena.judge.sandbox.uid_box.clean_environment import parse_assignment
from arena.judge.process import Program
from arena.judge.sandbox.settings import Sandbox

from ...attack_support import ALL_MODES

ARENA = str(Path(sys.executable).parent / "arena")

SHOWS_ITS_ENVIRONMENT = """
import json, os
home = os.environ.get("HOME", "")
writable = os.access(home, os.W_OK)
open(os.path.join(home, "left.txt"), "w").write("for the next program?")
print(json.dumps({"env": dict(os.environ), "home_writable": writable}), flush=True)
"""

# print() with no flush: to a pipe, nothing leaves the buffer unless PYTHONUNBUFFERED leaks in
PRINTS_WITHOUT_FLUSHING = """
import sys
from arena.games.flippo.rules import FlippoState
state = FlippoState()
for line in sys.stdin:
    line = line.strip()
    if line != "Start":
        state.play_text(line)
    move = state.legal_moves()[0]
    state.play(move)
    print(state.format_move(move))
"""


@pytest.mark.promise("clean-environment", "none", "limits", "isolate")
@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_program_gets_only_the_documented_variables_and_a_private_home(tmp_path, monkeypatch, mode):
    monkeypatch.setenv("PYTHONUNBUFFERED", "1")
    monkeypatch.setenv("SECRET_TOKEN", "from the shell")
    monkeypatch.setenv("LANG", "C.UTF-8")
    script = tmp_path / "bot.py"
    script.write_text(textwrap.dedent(SHOWS_ITS_ENVIRONMENT))
    program = Program([sys.executable, str(script)], env={"ARENA_CLOCK_MS": "5000"},
                      sandbox=Sandbox(mode, env=(("MY_SETTING", "7"),)))
    try:
        seen = json.loads(program.read_line(20))
    finally:
        program.close()
    env = seen["env"]
    # bubblewrap adds PWD
    assert set(env) - ({"PWD"} if mode == "isolate" else set()) == {"PATH", "HOME", "TMPDIR", "LANG", "ARENA_CLOCK_MS",
                                                                  "MY_SETTING"}
    assert env["PATH"] == os.environ["PATH"] and env["MY_SETTING"] == "7" and env["LANG"] == "C.UTF-8"
    assert env["HOME"] == env["TMPDIR"] and env["HOME"] != os.environ.get("HOME")
    assert seen["home_writable"]
    # under limits and isolate a folder of its mount namespace, never the host's; under none a new
    # folder of the host's, removed after it: whatever it wrote there is gone
    assert not os.path.lexists(env["HOME"])


def test_arena_check_fails_a_bot_that_never_flushes_whatever_the_users_shell_says(tmp_path):
    script = tmp_path / "bot.py"
    script.write_text(textwrap.dedent(PRINTS_WITHOUT_FLUSHING))
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    done = subprocess.run([ARENA, "check", "flippo", f"{sys.executable} {script}", "--games", "2",
                           "--time-scale", "0.2"], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode != 0, done.stdout
    assert "flush" in done.stdout


def test_env_option_reaches_the_program_and_a_malformed_one_is_named(tmp_path):
    (tmp_path / "bot").mkdir()  # the record outside the program's own folder
    script = tmp_path / "bot" / "bot.py"
    script.write_text(textwrap.dedent("""
        import os, sys
        from arena.games.flippo.rules import FlippoState
        sys.stderr.write("LEVEL=" + os.environ.get("LEVEL", "unset") + "\\n")
        state = FlippoState()
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit":
                break
            if line != "Start":
                state.play_text(line)
            move = state.legal_moves()[0]
            state.play(move)
            print(state.format_move(move), flush=True)
    """))
    record = tmp_path / "r.json"
    done = subprocess.run([ARENA, "play", "flippo", f"{sys.executable} {script}", "builtin:random", "--seed", "2",
                           "--env", "LEVEL=9", "--record", str(record), "--time-scale", "0.3"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "LEVEL=9" in json.loads(record.read_text())["stderr"][0]
    bad = subprocess.run([ARENA, "play", "flippo", "builtin:random", "builtin:random", "--env", "9LIVES=1"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "'9LIVES' is not a variable name" in bad.stderr


@pytest.mark.parametrize("text,problem", [("NOVALUE", "is not NAME=VALUE"), ("=x", "is not a variable name"),
                                          ("A-B=1", "is not a variable name")])
def test_a_malformed_assignment_says_what_is_wrong(text, problem):
    with pytest.raises(ValueError, match=problem):
        parse_assignment(text)
