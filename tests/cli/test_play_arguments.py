"""``arena play`` and ``arena bot`` arguments: refused early and clearly, and no record lost."""

import json
import shlex
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.judge.record import save_record

ARENA = str(Path(sys.executable).parent / "arena")


def run(*args, cwd=None):
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_a_record_in_a_folder_that_does_not_exist_is_refused_before_the_game(tmp_path):
    path = tmp_path / "no such folder" / "r.json"
    # a player that would take 2 s to start: the refusal must come before any game
    done = run("play", "flippo", "sleep 2", "builtin:random", "--record", str(path))
    assert done.returncode == 2
    assert "--record" in done.stderr and "does not exist" in done.stderr
    assert "moves" not in done.stdout and not path.parent.exists()


def test_one_player_shows_the_usage_line_and_says_two_are_needed():
    done = run("play", "flippo", "builtin:random")
    assert done.returncode == 2
    assert "Usage: arena play [OPTIONS] GAME PLAYER PLAYER" in done.stderr
    assert "a game needs two players, got 1" in done.stderr


def test_bot_help_prints_the_usage_and_exits_zero():
    for args in (["bot", "--help"], ["bot", "-h"]):
        done = run(*args)
        assert done.returncode == 0, done.stderr
        assert "usage: arena bot GAME NAME [--seed N]" in done.stdout and "flippo" in done.stdout


def test_a_record_that_cannot_be_written_goes_to_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocker = tmp_path / "a file"
    blocker.write_text("")
    record = {"game": "flippo", "seed": 5, "result": {}}
    where, problem = save_record(record, blocker / "r.json")  # a file is no folder
    assert where == "arena-flippo-5.json" and "cannot write" in problem
    assert json.loads((tmp_path / where).read_text()) == record


def test_when_no_file_can_be_written_a_temporary_file_holds_the_record(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.chdir(tmp_path)
    record = {"game": "flippo/../a file/x", "seed": 5}  # the current-folder name is unwritable too
    where, problem = save_record(record, blocker / "r.json")
    assert problem.count("cannot write") == 2
    assert Path(where).parent != tmp_path and json.loads(Path(where).read_text()) == record
    Path(where).unlink()


def test_a_record_is_kept_when_the_summary_fails(tmp_path, monkeypatch):
    import arena.refereeing.game_record

    def broken(record):
        raise RuntimeError("the summary broke")

    monkeypatch.setattr(arena.refereeing.game_record, "describe_result", broken)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["play", "flippo", "builtin:random", "builtin:random", "--seed", "3"])
    assert isinstance(result.exception, RuntimeError)
    record = json.loads((tmp_path / "arena-flippo-3.json").read_text())
    assert len(record["moves"]) == 60
    asked = tmp_path / "asked.json"
    result = CliRunner().invoke(cli, ["play", "flippo", "builtin:random", "builtin:random", "--seed", "3",
                                      "--record", str(asked)])
    assert isinstance(result.exception, RuntimeError)
    assert [m["text"] for m in json.loads(asked.read_text())["moves"]] == [m["text"] for m in record["moves"]]


def test_every_players_command_is_the_string_as_run(tmp_path):
    path = tmp_path / "r.json"
    done = run("play", "flippo", "builtin:greedy", f"{shlex.quote(sys.executable)} -m arena.toolkit.builtin_player flippo random",
               "--seed", "2", "--record", str(path))
    assert done.returncode == 0, done.stderr
    builtin, shell = json.loads(path.read_text())["players"]
    assert isinstance(builtin["command"], str) and isinstance(shell["command"], str)
    assert shlex.split(builtin["command"])[1:] == ["-m", "arena.toolkit.builtin_player", "flippo", "greedy", "--seed", "4"]


def test_bytes_that_are_not_utf8_in_an_argument_or_path_are_named_not_a_traceback(tmp_path):
    import os

    player = b"a\xff=python3 bot.py"
    done = subprocess.run([ARENA.encode(), b"tournament", b"flippo", b"--player", player, b"--player",
                           b"b=builtin:random", b"--db", str(tmp_path / "t.db").encode()],
                          capture_output=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert b"argument 4 (a\\udcff=python3 bot.py) holds bytes that are not UTF-8" in done.stderr
    assert not (tmp_path / "t.db").exists()
    environment = {**os.environ, "PATH": os.environ["PATH"] + ":/tmp/\udcff"}
    bad_path = subprocess.run([ARENA, "play", "flippo", "builtin:random", "builtin:random"], capture_output=True,
                              text=True, timeout=120, env={k: os.fsencode(v) for k, v in environment.items()})
    assert bad_path.returncode == 2 and "Traceback" not in bad_path.stderr
    assert "$PATH" in bad_path.stderr and "not UTF-8" in bad_path.stderr


def test_a_path_entry_that_cannot_be_looked_at_is_passed_over(tmp_path):
    """A PATH entry too long for the kernel to look up holds no interpreter: the game is played."""
    import os

    too_long = "/a" * 3000
    done = subprocess.run([ARENA, "play", "flippo", f"{sys.executable} -c 'import sys; sys.exit(3)'",
                           "builtin:random", "--seed", "1"], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**os.environ, "PATH": f"{os.environ['PATH']}:{too_long}"})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "crash" in done.stdout
