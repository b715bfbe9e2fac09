"""The standings as printed: 80 columns when piped, numbers whole, Tiebreak only when it decides, Elo 0."""

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.tournament.result_tables import signed_text, standings_caption, standings_rows
from arena.tournament.session import results_of
from arena.tournament.store import TournamentIdentity

ARENA = str(Path(sys.executable).with_name("arena"))
LONG_NAME = "a_really_long_player_name_that_goes_on_and_on_and_on_for_ever_and_ever"


def results(game, games, names=("a", "b", "c")):
    identity = TournamentIdentity(game, tuple((name, "builtin:random") for name in names), 1, 1, 1.0)
    return results_of(identity, len(games), games)


@pytest.fixture(scope="module")
def long_name_db(tmp_path_factory):
    folder = tmp_path_factory.mktemp("standings")
    subprocess.run([ARENA, "tournament", "blackhole", "--player", f"{LONG_NAME}=builtin:random",
                    "--player", "g=builtin:greedy", "--player", "r=builtin:random", "--seed", "3",
                    "--time-scale", "0.5", "--jobs", "2", "--db", "t.db"],
                   cwd=folder, check=True, capture_output=True, timeout=300)
    return folder / "t.db"


def test_piped_standings_fit_80_columns_with_every_number_whole(long_name_db):
    done = CliRunner(env={"COLUMNS": None}).invoke(cli, ["standings", "--db", str(long_name_db)])
    assert done.exit_code == 0, done.output
    assert max(map(len, done.output.splitlines())) <= 80
    assert "…" not in done.output  # nothing cut short: the long name folds over several lines
    # a player's row: rank, the start of its name, G W D L Points, Tiebreak or not, Elo ±95% Irreg. ms/move CPU ms
    rows = [line.split() for line in done.output.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert len(rows) == 3 and all(len(row) in (12, 13) for row in rows)
    assert all(row[-5] == "0" or row[-5].lstrip("+-").isdigit() for row in rows)  # Elo, whole
    assert any(row[1] == LONG_NAME[:len(row[1])] for row in rows)


def test_piped_standings_are_80_columns_even_in_a_wide_terminal(long_name_db):
    # stdin and stderr are a 200-column terminal, stdout a pipe (arena standings | less)
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    try:
        done = subprocess.run([ARENA, "standings", "--db", str(long_name_db)], stdin=follower,
                              stdout=subprocess.PIPE, stderr=follower, env=env, timeout=60)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 0
    lines = done.stdout.decode().splitlines()
    assert lines and max(map(len, lines)) <= 80


def test_the_tiebreak_column_is_hidden_while_nobody_is_level_on_points(make_record):
    games = [(("a", "b"), make_record([80, 70], 0)), (("b", "c"), make_record([80, 60], 0)),
             (("c", "a"), make_record([60, 80], 1))]
    headers, rows = standings_rows(results("blackhole", games))
    assert "Tiebreak" not in headers and all(len(row) == len(headers) for row in rows)
    assert "Tiebreak" not in standings_caption(results("blackhole", games))


def test_the_tiebreak_column_is_shown_and_explained_when_it_decides(make_record):
    # a and b both total 150; a took 80 of the points in their own games, b 70
    games = [(("a", "b"), make_record([45, 30], 0)), (("b", "a"), make_record([40, 35], 0)),
             (("a", "c"), make_record([30, 60], 1)), (("c", "a"), make_record([70, 40], 0)),
             (("b", "c"), make_record([40, 50], 1)), (("c", "b"), make_record([60, 40], 0))]
    headers, rows = standings_rows(results("blackhole", games))
    column = headers.index("Tiebreak")
    assert [(row[1], row[column]) for row in rows] == [("c", "0"), ("a", "80"), ("b", "70")]
    assert "Tiebreak: points in the games among the players level on Points" in \
        standings_caption(results("blackhole", games))


def test_an_even_rating_is_0_not_minus_0(make_record):
    games = [(("a", "b"), make_record([40, 20], 0)), (("b", "a"), make_record([40, 20], 0))]
    headers, rows = standings_rows(results("flippo", games, names=("a", "b")))
    assert [row[headers.index("Elo")] for row in rows] == ["0", "0"]
    assert [signed_text(v) for v in (-0.4, 0.0, -0.0, 0.4, 12.6, -7.5)] == ["0", "0", "0", "0", "+13", "-8"]
    assert signed_text(-0.04, 1) == "0.0" and signed_text(-0.06, 1) == "-0.1"
