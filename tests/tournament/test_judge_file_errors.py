"""A ``--db`` (and ``arena play``'s ``--record``) in a folder that is missing, is a file, or cannot
be written: a one-line error naming it, a non-zero exit, no traceback, and no game played."""

import os

import pytest

from arena.tournament.store import StoreError, TournamentStore

from .conftest import run_arena

PLAYERS = ["--player", "a=builtin:random", "--player", "b=sleep 2"]  # "sleep 2": no game may start


def where(tmp_path, kind):
    if kind == "missing":
        return tmp_path / "no such folder" / "t.db", "does not exist"
    if kind == "a file":
        (tmp_path / "plain").write_text("")
        return tmp_path / "plain" / "t.db", "is not a folder"
    if kind == "unwritable":  # nothing can be made in /proc/self, even by root
        return "/proc/self/t.db", "cannot write in the folder '/proc/self'"
    (tmp_path / "t.db").mkdir()
    return tmp_path / "t.db", "is a folder, not a file"


@pytest.mark.parametrize("kind", ["missing", "a file", "unwritable", "a folder itself"])
def test_a_db_that_cannot_be_written_is_one_line_before_any_game(tmp_path, kind):
    path, message = where(tmp_path, kind)
    done = run_arena("tournament", "flippo", *PLAYERS, "--db", path, cwd=tmp_path, check=False, timeout=60)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr, done.stderr
    assert "--db" in done.stderr and message in done.stderr, done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("kind", ["missing", "a file", "unwritable"])  # a folder: click says so
def test_a_record_that_cannot_be_written_is_one_line_before_the_game(tmp_path, kind):
    path, message = where(tmp_path, kind)
    done = run_arena("play", "flippo", "builtin:random", "sleep 2", "--record", path, cwd=tmp_path, check=False,
                     timeout=60)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert "--record" in done.stderr and message in done.stderr, done.stderr


def test_the_store_names_a_database_sqlite_cannot_open(tmp_path):
    # what a caller that skips the command's check meets: a StoreError, not sqlite3's OperationalError
    (tmp_path / "t.db").mkdir()
    with pytest.raises(StoreError, match=f"cannot open the tournament database {tmp_path}/t.db: "):
        TournamentStore(tmp_path / "t.db")
