"""Issue 56: bots at ``/usr/local/bin/x`` and ``/x`` were accepted though docs/sandbox.md said a
program in a PATH folder is refused. What the docs now say, and this checks: an executable file in a
PATH folder (or an installation) is a tool, never the program, and a file in a system folder names
no own folder; such a command runs with no own folder at all. A script named in an installation
outside the system folders (a venv, /opt/jdk, pyenv's) is refused."""

import os
import tempfile

import pytest

from arena.judge.sandbox.errors import RefusedFolder
from arena.judge.sandbox.uid_box.needed_paths import program_folder


@pytest.fixture
def installation(tmp_path, monkeypatch):
    """``INST/bin`` on PATH, ``INST/lib`` beside it (an installation, as /opt/jdk or a venv)."""
    (tmp_path / "inst" / "bin").mkdir(parents=True)
    (tmp_path / "inst" / "lib").mkdir()
    monkeypatch.setenv("PATH", f"{tmp_path / 'inst' / 'bin'}{os.pathsep}{os.environ['PATH']}")
    return tmp_path / "inst"


def executable(path, text="#!/bin/sh\n"):
    path.write_text(text)
    os.chmod(path, 0o755)
    return path


def test_an_executable_in_a_path_folder_is_a_tool_and_gives_no_own_folder(installation):
    bot = executable(installation / "bin" / "x")
    assert program_folder(str(bot)) is None
    assert program_folder(f"python3 {executable(installation / 'bin' / 'x.py')}") is None


def test_an_executable_in_usr_local_bin_is_a_tool(monkeypatch):
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    if not os.path.isdir("/usr/local/bin"):
        pytest.skip("no /usr/local/bin here")
    found = next((entry.path for entry in os.scandir("/usr/local/bin")
                  if entry.is_file() and os.access(entry.path, os.X_OK)), None)
    if found is None:
        pytest.skip("no program in /usr/local/bin to name")
    assert program_folder(found) is None


def test_a_file_in_a_system_folder_gives_no_own_folder():
    with tempfile.NamedTemporaryFile(dir="/tmp", prefix="arena-bot-") as bot:  # as /x: a system folder
        os.chmod(bot.name, 0o755)
        assert program_folder(bot.name) is None
        assert program_folder(f"python3 {bot.name}") is None


def test_a_script_named_in_an_installation_outside_the_system_folders_is_refused(installation):
    script = installation / "bin" / "bot.py"
    script.write_text("print(1)\n")  # not executable: no tool, the program's own file
    with pytest.raises(RefusedFolder, match=f"the program's own folder would be {installation / 'bin'}, which "
                                            f"lies in the installation {installation}"):
        program_folder(f"python3 {script}")
