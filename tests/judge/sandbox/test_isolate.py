"""``--sandbox isolate``: no network, nothing writable but the program's own folder."""

import os
import shutil
import socket
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.judge.sandbox.uid_box.needed_paths import command_folder, needed_paths
from arena.judge.sandbox.bubblewrap import bwrap_path
from arena.judge.sandbox.settings import Sandbox

needs_bwrap = pytest.mark.skipif(bwrap_path() is None, reason="needs bubblewrap (bwrap)")

ISOLATE = Sandbox("isolate")


def play_first_seat(folder, source: str, *args: str) -> dict:
    """A Flippo game of a Python program in ``folder`` (first seat) against builtin:random, isolated."""
    folder.mkdir(exist_ok=True)
    script = folder / "bot.py"
    script.write_text(textwrap.dedent(source))
    player = resolve_player("flippo", " ".join([sys.executable, str(script), *map(str, args)]))
    return play_game("flippo", [player, resolve_player("flippo", "builtin:random")], seed=1, sandbox=ISOLATE)


def test_a_programs_own_folder_is_that_of_the_first_file_its_command_names(tmp_path):
    (tmp_path / "bot.py").write_text("")
    (tmp_path / "build").mkdir()
    assert command_folder(f"{sys.executable} {tmp_path}/bot.py {tmp_path}/other.txt") == str(tmp_path)
    assert command_folder(f"{tmp_path}/bot.py --fast") == str(tmp_path)
    assert command_folder(f"java -cp {tmp_path}/build Main") == str(tmp_path / "build")
    assert command_folder("python3 -c 'print(1)'") is None
    assert command_folder(f"/usr/bin/env python3 {tmp_path}/bot.py") == str(tmp_path)
    assert command_folder([sys.executable, "-m", "arena.toolkit.builtin_player", "flippo", "random"]) is None  # a built-in player
    assert command_folder([f"{tmp_path}/bot.py", "--fast"]) == str(tmp_path)  # an argument list, like a string



def test_a_policy_named_as_file_py_colon_function_is_the_programs_own_file(tmp_path):
    (tmp_path / "policy.py").write_text("")
    policy_bot = f"{sys.executable} -m arena.cli policy-bot domineering"
    assert command_folder(f"{policy_bot} {tmp_path}/policy.py:act") == str(tmp_path)
    assert str(tmp_path / "policy.py") in needed_paths(f"{policy_bot} {tmp_path}/policy.py:act", "")
    assert command_folder(f"{policy_bot} {tmp_path}/absent.py:act") is None
    assert command_folder(f"{policy_bot} {tmp_path}/policy.py:not-a-name") is None

@needs_bwrap
def test_built_in_players_still_play():
    random = resolve_player("flippo", "builtin:random")
    record = play_game("flippo", [random, resolve_player("flippo", "builtin:greedy")], seed=5, sandbox=ISOLATE)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert record["sandbox"]["mode"] == "isolate"


@pytest.mark.promise("no-network", "isolate")
@needs_bwrap
def test_a_network_connection_is_a_fault_and_reaches_nobody(tmp_path):
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.setblocking(False)
        record = play_first_seat(tmp_path / "bot", """
            import socket, sys
            sys.stdin.readline()
            socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2).sendall(b"hello")
            print("C4", flush=True)
        """, listener.getsockname()[1])
        with pytest.raises(BlockingIOError):
            listener.accept()  # nobody came
    assert record["result"]["verdicts"][0] == "crash"
    assert "unreachable" in record["stderr"][0] or "refused" in record["stderr"][0]


@pytest.fixture(params=["/tmp", "/var/tmp"])
def outside_folder(request, tmp_path):
    """A new folder under /tmp (which a program sees its private /tmp instead of) or elsewhere."""
    if request.param == "/tmp":
        yield tmp_path
        return
    if not os.access(request.param, os.W_OK):
        pytest.skip(f"cannot write in {request.param}")
    folder = Path(tempfile.mkdtemp(dir=request.param, prefix="arena-test-"))
    yield folder
    shutil.rmtree(folder)


@needs_bwrap
def test_writing_outside_its_folder_is_a_fault_and_the_file_is_untouched(tmp_path, outside_folder):
    target = outside_folder / "records" / "game.json"
    target.parent.mkdir()
    target.write_text("the record")
    record = play_first_seat(tmp_path / "bot", """
        import pathlib, sys
        sys.stdin.readline()
        try:  # its own folder: a judge not root's user's to write; read-only under a root judge
            pathlib.Path(sys.argv[1]).with_name("notes.txt").write_text("mine")
        except OSError as error:
            print("its own folder:", error.strerror, file=sys.stderr, flush=True)
        pathlib.Path("/tmp/scratch").write_text("a private /tmp")
        pathlib.Path(sys.argv[2]).write_text("overwritten")
        print("C4", flush=True)
    """, tmp_path / "bot" / "bot.py", target)
    assert record["result"]["verdicts"][0] == "crash"
    # the target is not there (a private /tmp) or cannot be written (everything else)
    assert "Read-only file system" in record["stderr"][0] or "No such file" in record["stderr"][0]
    assert target.read_text() == "the record"
    if os.geteuid() == 0:  # nothing a program writes outlives its run (issue 47)
        assert "its own folder: Read-only file system" in record["stderr"][0]
        assert not (tmp_path / "bot" / "notes.txt").exists()
    else:
        assert (tmp_path / "bot" / "notes.txt").read_text() == "mine"
    assert not Path("/tmp/scratch").exists()


def test_isolate_without_bubblewrap_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no bwrap to be found
    result = CliRunner().invoke(cli, ["play", "flippo", "builtin:random", "builtin:random", "--sandbox", "isolate"])
    assert result.exit_code == 2
    assert "needs bubblewrap" in result.output
    assert "Traceback" not in result.output


@needs_bwrap
def test_hidden_files_and_folders_can_be_neither_read_nor_written(outside_folder):
    tmp_path = outside_folder
    database = tmp_path / "tournament.db"
    database.write_text("all the results")
    rival = tmp_path / "rival"
    rival.mkdir()
    (rival / "bot.py").write_text("secret strategy")
    folder = tmp_path / "bot"
    folder.mkdir()
    (folder / "bot.py").write_text(textwrap.dedent("""
        import os, sys
        sys.stdin.readline()
        try:
            seen = open(sys.argv[1]).read()
        except OSError as error:
            seen = type(error).__name__
        print(repr(seen), os.listdir(sys.argv[2]), file=sys.stderr, flush=True)
        open(sys.argv[1], "w").write("overwritten")
    """))
    player = resolve_player("flippo", f"{sys.executable} {folder / 'bot.py'} {database} {rival}")
    sandbox = Sandbox("isolate", hidden=(str(database), str(rival), str(folder)))  # its own folder stays
    record = play_game("flippo", [player, resolve_player("flippo", "builtin:random")], seed=1, sandbox=sandbox)
    seen = record["stderr"][0].splitlines()[0]
    assert seen in ("'' []", "'PermissionError' []"), record["stderr"][0]
    assert record["result"]["verdicts"][0] == "crash"
    assert database.read_text() == "all the results"


@needs_bwrap
def test_a_program_lying_in_tmp_itself_runs_read_only_and_tmp_stays_private():
    name = f"/tmp/arena-isolate-bot-{os.getpid()}.py"
    neighbour = f"/tmp/arena-isolate-neighbour-{os.getpid()}"
    Path(name).write_text("import os, sys\n"
                          f"print(os.path.exists({neighbour!r}), flush=True)\n"
                          "try:\n    open(__file__, 'a').write('#')\n    print('wrote', flush=True)\n"
                          "except OSError:\n    print('read-only', flush=True)\n")
    Path(neighbour).write_text("someone else's")
    try:
        from arena.judge.process import Program

        program = Program([sys.executable, name], sandbox=ISOLATE)
        try:
            assert [program.read_line(20), program.read_line(20)] == ["False", "read-only"]
        finally:
            program.close()
    finally:
        os.unlink(name)
        os.unlink(neighbour)
