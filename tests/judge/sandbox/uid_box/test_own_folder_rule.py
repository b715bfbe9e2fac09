"""Issue 56: a program's own folder is decided once, by one rule a user can predict
(needed_paths.command_folder, docs/sandbox.md), or named; the judge only checks it.

The rule: the folder of the first word of the command that names an existing file, or the folder
a word names, skipping programs found on PATH and the files of an installation or of a system
folder. So a bot in a PATH folder (``/usr/local/bin/x``) is a program on PATH, and a bot at ``/x``
a system file: neither has a folder of its own, and neither may write where it lies. A system
folder or an installation named as a folder is refused where programs run as their own users.
"""

import os
import secrets
import sys
import textwrap

import pytest

from arena.judge.process import Program
from arena.judge.sandbox.errors import RefusedFolder
from arena.judge.sandbox.settings import Sandbox
from arena.judge.sandbox.uid_box.needed_paths import check_own_folder, command_folder


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


def test_the_common_commands_get_the_folder_of_their_first_file(tmp_path, monkeypatch):
    bots = tmp_path / "bots"
    (bots / "build").mkdir(parents=True)
    for name in ("bot.py", "bot.jar", "policy.py"):
        (bots / name).write_text("")
    executable(bots / "bot")
    monkeypatch.chdir(bots)
    assert command_folder("python3 bot.py") == str(bots)
    assert command_folder("./bot") == str(bots)
    assert command_folder("java -jar bot.jar") == str(bots)
    assert command_folder("java -cp build Main") == str(bots / "build")  # a folder named: that folder
    assert command_folder("arena policy-bot domineering policy.py:act") == str(bots)
    assert command_folder(f"{sys.executable} bot.py") == str(bots)  # this Python by its path: skipped
    assert command_folder(f"env {os.path.realpath(sys.executable)} bot.py") == str(bots)
    assert command_folder("nice -n 5 timeout 5 python3 bot.py") == str(bots)
    assert command_folder(["python3", "bot.py"]) == str(bots)  # an argument list, as a string


def test_the_rule_reads_words_as_the_shell_splits_them_and_never_looks_into_them(tmp_path, monkeypatch):
    executable(tmp_path / "bot")
    monkeypatch.chdir(tmp_path)
    assert command_folder("sh -c ./bot") == str(tmp_path)
    assert command_folder("sh -c './bot --fast'") is None  # one word naming no file: --folder names it
    assert command_folder("python3 -c 'print(1)'") is None
    assert command_folder("python3 '' absent.py") is None  # an empty word is not "."


def test_a_link_does_not_move_the_folder_where_it_leads(tmp_path):
    (tmp_path / "bot").symlink_to(os.path.realpath(sys.executable))  # a bot that is root's Python
    assert command_folder(f"{tmp_path}/bot bot.py") == str(tmp_path)


def test_an_executable_in_a_path_folder_is_a_program_on_path_with_no_folder(installation):
    bot = executable(installation / "bin" / "x")
    assert command_folder(str(bot)) is None
    assert command_folder("x") is None
    assert command_folder(f"python3 {installation / 'lib' / 'bot.py'}") is None  # a file of the installation


@pytest.mark.root
def test_a_bot_in_usr_local_bin_has_no_folder_and_cannot_write_there(monkeypatch):
    """``/usr/local/bin/x``: on PATH, so a program like ``python3``; it runs with nothing of its own."""
    if os.geteuid() != 0 or not os.path.isdir("/usr/local/bin"):
        pytest.skip("needs root, to put a bot in /usr/local/bin")
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    bot = f"/usr/local/bin/arena-test-bot-{secrets.token_hex(4)}"
    planted = f"{bot}.planted"
    executable_text = textwrap.dedent(f"""\
        #!{sys.executable}
        try:
            open({planted!r}, "w").write("x")
            print("planted", flush=True)
        except OSError as error:
            print("refused", error.errno, flush=True)
    """)
    try:
        with open(bot, "w") as file:
            file.write(executable_text)
        os.chmod(bot, 0o755)
        assert command_folder(bot) is None and command_folder(os.path.basename(bot)) is None
        program = Program(bot, sandbox=Sandbox("limits"), folder=command_folder(bot))
        try:
            assert program.read_line(20).startswith("refused")
        finally:
            program.close()
        assert not os.path.lexists(planted)
    finally:
        for path in (bot, planted):
            if os.path.lexists(path):
                os.unlink(path)


def test_a_bot_at_the_root_is_a_system_file_with_no_folder_and_a_system_folder_named_is_refused(tmp_path):
    """``/x``: a file of a system folder, as ``/dev/null`` is: no folder of its own (``/`` is nobody's);
    ``/``, ``/tmp``, ``/etc`` named as a folder are refused where programs run as their own users."""
    bot = f"/arena-test-bot-{secrets.token_hex(4)}"
    try:
        executable(__import__("pathlib").Path(bot))
    except OSError:
        pytest.skip("cannot write in / here")
    try:
        assert command_folder(bot) is None and command_folder(f"python3 {bot}") is None
        assert command_folder("echo zz; exec cat > /dev/null") is None
        (tmp_path / "bot.py").write_text("")
        assert command_folder(f"python3 {bot} {tmp_path}/bot.py") == str(tmp_path)  # the next word's
        for folder in ("/", "/tmp", "/etc", "/proc/self"):
            with pytest.raises(RefusedFolder, match="a system folder"):
                check_own_folder(folder)
        if os.geteuid() == 0:
            with pytest.raises(RefusedFolder, match="would be /, a system folder"):
                Program(bot, sandbox=Sandbox("limits"), folder="/")
        # where it runs with the judge's own rights, its folder gives it nothing: it plays, with none
        program = Program(["echo", "started"], sandbox=Sandbox("none"), folder="/")
        try:
            assert program.read_line(20) == "started"
        finally:
            program.close()
    finally:
        os.unlink(bot)


def test_a_folder_named_in_an_installation_or_through_a_link_to_one_is_refused(installation, tmp_path):
    with pytest.raises(RefusedFolder, match=f"would be {installation / 'bin'}, which lies in the installation "
                                            f"{installation}"):
        check_own_folder(str(installation / "bin"))
    (tmp_path / "mine").symlink_to(installation / "lib")
    with pytest.raises(RefusedFolder, match=f"would be {installation / 'lib'}, which lies in"):
        check_own_folder(str(tmp_path / "mine"))
    with pytest.raises(RefusedFolder, match="is not a folder"):
        check_own_folder(str(tmp_path / "absent"))
    (tmp_path / "bots").mkdir()
    assert check_own_folder(str(tmp_path / "bots")) == str(tmp_path / "bots")
