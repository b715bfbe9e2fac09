"""``arena competition users DIR --import FILE --passwords-out OUT``: a class's accounts at once,
all or none; generated passwords only in OUT (0600, made new); every refused line named."""

from __future__ import annotations

import csv
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from arena.competition.store.database import CompetitionError

# `arena` as a command, its passwords hashed at argon2's lowest cost as the site this file logs in to
# hashes them (tests/conftest.py's cheap_passwords says why; test_passwords.py pins the production cost)
ARENA = [sys.executable, "-c", "import sys\n"
         "from argon2 import PasswordHasher\n"
         "from arena.competition import passwords\n"
         "passwords._hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)\n"
         "from arena.cli.main import main\n"
         "sys.exit(main())"]


def users(competition, *args):
    return subprocess.run([*ARENA, "competition", "users", str(competition.folder.root), *map(str, args)],
                          capture_output=True, text=True, timeout=120)


def write_csv(path: Path, rows: list[list[str]], header=("name", "password", "organiser")) -> Path:
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def class_of_30(tmp_path) -> tuple[Path, dict[str, str]]:
    """30 students, every third with a password of its own, the first two organisers."""
    given = {f"student{n:02d}": f"own password {n:02d}" for n in range(30) if n % 3 == 0}
    rows = [[f"student{n:02d}", given.get(f"student{n:02d}", ""), "yes" if n < 2 else ""] for n in range(30)]
    return write_csv(tmp_path / "accounts.csv", rows), given


def names(competition) -> list[str]:
    return sorted(user.name for user in competition.store.users())


def test_thirty_accounts_log_in_and_a_second_import_changes_nothing(competition, http, tmp_path):
    accounts, given = class_of_30(tmp_path)
    out = tmp_path / "passwords.csv"
    done = users(competition, "--import", accounts, "--passwords-out", out)
    assert done.returncode == 0, done.stderr
    assert "30 accounts added (2 organisers)" in done.stdout
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o600
    with open(out, newline="") as read:
        rows = list(csv.reader(read))
    assert rows[0] == ["name", "password"]
    generated = dict(rows[1:])
    assert sorted(generated) == sorted(f"student{n:02d}" for n in range(30) if n % 3)
    for password in generated.values():
        assert len(password) >= 12 and " " not in password and password not in done.stdout + done.stderr
    passwords = {**generated, **given}
    assert len(passwords) == 30
    for name, password in passwords.items():
        assert http().post_json("/api/login", {"name": name, "password": password}).status == 200, name
    roles = {user.name: user.role for user in competition.store.users()}
    assert roles["student00"] == roles["student01"] == "organiser" and roles["student02"] == "contestant"

    before = names(competition)
    again = users(competition, "--import", accounts, "--passwords-out", tmp_path / "again.csv")
    assert again.returncode == 1
    for n in range(30):
        assert f"accounts.csv line {n + 2}: there is already an account named 'student{n:02d}'" in again.stderr
    assert "No account was added." in again.stderr and "Traceback" not in again.stderr
    assert names(competition) == before and not (tmp_path / "again.csv").exists()
    for name, password in list(passwords.items())[:3]:  # the passwords are those of the first import
        assert http().post_json("/api/login", {"name": name, "password": password}).status == 200


def test_every_bad_line_is_named_and_then_nothing_is_made(competition, tmp_path):
    accounts = write_csv(tmp_path / "bad.csv", [
        ["carol", "", ""],                 # line 2: fine
        ["bad name", "", ""],              # line 3: a space
        ["dave", "short", ""],             # line 4: a password under 8 characters
        ["carol", "", ""],                 # line 5: twice in the file
        ["erin", "", "maybe"],             # line 6: organiser neither yes nor no
        ["alice", "long enough", ""],      # line 7: an account of the competition already
        ["frank", "", "", "extra"],        # line 8: a cell too many
    ])
    before = names(competition)
    done = users(competition, "--import", accounts, "--passwords-out", tmp_path / "out.csv")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error: ")]
    assert [line.split(": ", 2)[1] for line in errors] == [f"{accounts} line {n}" for n in (3, 4, 5, 6, 7, 8)]
    assert "an account name is 1 to 32 letters" in errors[0] and "at least 8 characters" in errors[1]
    assert "'carol' is on line 2 already" in errors[2] and "organiser 'maybe'" in errors[3]
    assert "already an account named 'alice'" in errors[4] and "4 cells where the header has 3" in errors[5]
    assert names(competition) == before and not (tmp_path / "out.csv").exists()


def test_generated_passwords_need_a_new_file_and_never_a_link(competition, tmp_path):
    accounts = write_csv(tmp_path / "a.csv", [["carol"]], header=("name",))
    done = users(competition, "--import", accounts)
    assert done.returncode == 1 and "name a file for them with --passwords-out FILE" in done.stderr
    existing = tmp_path / "existing.csv"
    existing.write_text("keep me\n")
    done = users(competition, "--import", accounts, "--passwords-out", existing)
    assert done.returncode == 1 and "exists already" in done.stderr and existing.read_text() == "keep me\n"
    target = tmp_path / "elsewhere"
    os.symlink(target, tmp_path / "link.csv")  # a dangling link: O_EXCL refuses it, nothing written there
    done = users(competition, "--import", accounts, "--passwords-out", tmp_path / "link.csv")
    assert done.returncode == 1 and not target.exists()
    assert "carol" not in names(competition)
    given = write_csv(tmp_path / "given.csv", [["carol", "a long password"]], header=("name", "password"))
    done = users(competition, "--import", given)  # nothing generated: no file needed
    assert done.returncode == 0, done.stderr
    assert "carol" in names(competition)


def test_a_bad_header_or_file_is_one_line(competition, tmp_path):
    (tmp_path / "h.csv").write_text("login,password\nzed,\n")
    done = users(competition, "--import", tmp_path / "h.csv")
    assert done.returncode == 1 and "h.csv line 1: the header must name the columns name" in done.stderr
    done = users(competition, "--import", tmp_path / "missing.csv")
    assert done.returncode == 1 and "missing.csv: no such file" in done.stderr and "Traceback" not in done.stderr


def test_the_store_adds_all_or_none(competition):
    from arena.competition.passwords import hash_password

    before = names(competition)
    password = hash_password("a long password")
    with pytest.raises(CompetitionError, match="none was added"):
        competition.store.add_users([("zoe", password, "contestant"), ("alice", password, "contestant")])
    assert names(competition) == before
    competition.store.add_users([("zoe", password, "contestant"), ("yan", password, "organiser")])
    assert names(competition) == sorted([*before, "zoe", "yan"])


def test_accounts_that_cannot_be_made_leave_no_passwords_file(competition, tmp_path, monkeypatch):
    """A name taken between the check and the transaction (another import, a registration): the
    transaction makes none, and the file of passwords for accounts that do not exist goes too."""
    from click.testing import CliRunner

    from arena.cli.command_group import cli
    from arena.competition.store.database import CompetitionStore

    def taken_meanwhile(store, accounts):
        raise CompetitionError("an account of the list exists already (UNIQUE constraint failed): none was added")

    monkeypatch.setattr(CompetitionStore, "add_users", taken_meanwhile)
    accounts = write_csv(tmp_path / "a.csv", [["carol", "", ""]])
    out = tmp_path / "out.csv"
    done = CliRunner().invoke(cli, ["competition", "users", str(competition.folder.root), "--import", str(accounts),
                                    "--passwords-out", str(out)])
    assert done.exit_code == 1 and "none was added" in done.output
    assert not out.exists() and "carol" not in names(competition)
