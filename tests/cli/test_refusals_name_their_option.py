"""A path the judge is to write, refused as root, is refused under the option that named it (issues 56
and 60: a refused ``--record`` or ``--db`` was reported as ``Invalid value for --sandbox``), naming the
folder, before anything is played, read or analysed."""

import json
import os
import sys
import tempfile

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli

pytestmark = [pytest.mark.root,
              pytest.mark.skipif(os.geteuid() != 0, reason="only root refuses folders a program's uid could change")]


@pytest.fixture
def open_folder(tmp_path):
    """A folder every uid may write (no sticky bit), in a root-owned one."""
    os.chmod(tmp_path, 0o755)
    folder = tmp_path / "open"
    folder.mkdir()
    os.chmod(folder, 0o777)
    return folder


def refused(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    assert "--sandbox" not in result.output, result.output
    return result.output


def unsafe(folder) -> str:
    return f"the folder {folder}, on the way to it, is writable by every user (mode 0777)"


@pytest.mark.parametrize("mode", ["none", "limits"])
def test_play_names_record(open_folder, mode):
    (open_folder / "sub").mkdir(mode=0o755)
    said = refused("play", "flippo", "builtin:random", "builtin:random", "--sandbox", mode,
                   "--record", str(open_folder / "sub" / "r.json"))
    assert "Invalid value for --record: " in said and unsafe(open_folder) in said
    assert not os.listdir(open_folder / "sub")


def test_play_names_record_inside_a_players_folder(tmp_path):
    bot = tmp_path / "bot"
    bot.mkdir()
    (bot / "bot.py").write_text("")
    said = refused("play", "flippo", f"{sys.executable} {bot}/bot.py", "builtin:random", "--record",
                   str(bot / "r.json"))
    assert "Invalid value for --record: " in said and "lies inside the folder of the program" in said


def test_tournament_names_db_in_tmp_as_issue_60_asks(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    name = f"arena-test-{os.getpid()}.db"
    said = refused("tournament", "flippo", "--player", "a=builtin:random", "--player", "b=builtin:greedy",
                   "--db", f"/tmp/{name}")
    assert "Invalid value for --db: " in said and "its folder /tmp is one where every user may write" in said
    assert not os.path.exists(f"/tmp/{name}")


def test_tournament_names_db_below_an_open_folder(open_folder):
    (open_folder / "sub").mkdir()
    said = refused("tournament", "flippo", "--player", "a=builtin:random", "--player", "b=builtin:greedy",
                   "--db", str(open_folder / "sub" / "t.db"))
    assert "Invalid value for --db: " in said and unsafe(open_folder) in said
    assert not os.listdir(open_folder / "sub")


def test_serve_names_records(open_folder):
    said = refused("serve", "--records", str(open_folder / "records"))
    assert "Invalid value for --records: " in said and unsafe(open_folder) in said
    assert not os.listdir(open_folder)


def test_export_names_output_before_reading_the_database(open_folder):
    said = refused("export", "--db", str(open_folder / "no.db"), "--output", str(open_folder / "out.csv"))
    assert "Invalid value for --output: " in said and unsafe(open_folder) in said
    assert not os.listdir(open_folder)


def test_analyse_names_out_and_the_record_beside_which_it_would_write(open_folder, tmp_path):
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"game": "flippo", "moves": []}))
    said = refused("analyse", str(record), "--out", str(open_folder / "a.json"))
    assert "Invalid value for --out: " in said and unsafe(open_folder) in said
    beside = open_folder / "r.json"
    beside.write_text(record.read_text())
    said = refused("analyse", str(beside))
    assert "Invalid value for RECORD: " in said and unsafe(open_folder) in said
    assert sorted(os.listdir(open_folder)) == ["r.json"]


def test_a_root_folder_inside_tmp_is_accepted(tmp_path):
    """The sticky /tmp is passed through: nobody but root may rename a root folder in it."""
    with tempfile.TemporaryDirectory(dir="/tmp") as mine:
        record = os.path.join(mine, "r.json")
        result = CliRunner().invoke(cli, ["play", "flippo", "builtin:random", "builtin:random", "--seed", "1",
                                          "--record", record])
        assert result.exit_code == 0, result.output
        assert json.loads(open(record).read())["game"] == "flippo"


def test_competition_serve_refuses_to_play_where_no_cgroup_can_be_made(tmp_path, monkeypatch):
    monkeypatch.setattr("arena.judge.sandbox.cgroups.setup.make_cgroup", lambda *limits: None)
    result = CliRunner().invoke(cli, ["competition", "serve", str(tmp_path / "nowhere")])
    assert result.exit_code != 0
    assert "no cgroup can be made for each program here" in result.output
    assert "--without-cgroups" in result.output
