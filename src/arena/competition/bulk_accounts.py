"""``arena competition users DIR --import accounts.csv``: a class's accounts in one go.

The CSV has a header row: ``name``, and optionally ``password`` and ``organiser``. An empty
password is generated (no spaces) and written once, with the name, to ``--passwords-out``: a
file made new (never over another, never through a link) that only its owner can read; it is
never printed. Every line is checked before anything is made, and every fault is said with its
line number; then the accounts are made in one transaction, or, if any line is refused, none.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path

from .passwords import AccountError, check_name, check_password, generate_password, hash_password

COLUMNS = ("name", "password", "organiser")
YES = {"yes", "y", "true", "1", "x", "organiser"}
NO = {"", "no", "n", "false", "0"}
MAX_LINES = 10_000


class ImportRefused(ValueError):
    """The file, or some of its lines, cannot be imported: ``problems`` says each, with its line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class NewAccount:
    line: int  # in the file, counting the header as line 1
    name: str
    password: str
    generated: bool
    organiser: bool

    @property
    def role(self) -> str:
        return "organiser" if self.organiser else "contestant"


def read_accounts(path: str | Path, existing_names) -> list[NewAccount]:
    """The accounts ``path`` asks for, passwords generated where empty; ImportRefused listing every
    line that cannot be made (a bad name or password, a name taken here or already an account)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # a spreadsheet's UTF-8 starts with a BOM
    except FileNotFoundError:
        raise ImportRefused([f"{path}: no such file"]) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ImportRefused([f"{path}: cannot be read as UTF-8 text ({error})"]) from None
    try:
        rows = list(csv.reader(text.splitlines()))
    except csv.Error as error:
        raise ImportRefused([f"{path}: not a CSV file ({error})"]) from None
    if not rows:
        raise ImportRefused([f"{path}: empty; its first line names the columns: name,password,organiser"])
    header = [cell.strip().lower() for cell in rows[0]]
    unknown = [cell for cell in header if cell not in COLUMNS]
    if "name" not in header or unknown or len(set(header)) != len(header):
        raise ImportRefused([f"{path} line 1: the header must name the columns name, and optionally password "
                             f"and organiser, each once; it has: {','.join(rows[0])}"])
    if len(rows) - 1 > MAX_LINES:
        raise ImportRefused([f"{path}: {len(rows) - 1} lines; at most {MAX_LINES} accounts at once"])
    taken = set(existing_names)
    seen: dict[str, int] = {}
    accounts, problems = [], []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # a blank line
        try:
            accounts.append(_account(number, dict(zip(header, row)), len(row), len(header), taken, seen))
        except AccountError as error:
            problems.append(f"{path} line {number}: {error}")
    if problems:
        raise ImportRefused(problems)
    if not accounts:
        raise ImportRefused([f"{path}: no account below its header"])
    return accounts


def _account(number: int, cells: dict[str, str], width: int, expected: int, taken: set[str],
             seen: dict[str, int]) -> NewAccount:
    if width != expected:
        raise AccountError(f"{width} cells where the header has {expected}")
    name = cells["name"].strip()
    check_name(name)
    if name in taken:
        raise AccountError(f"there is already an account named {name!r}")
    if name in seen:
        raise AccountError(f"{name!r} is on line {seen[name]} already")
    seen[name] = number
    organiser = cells.get("organiser", "").strip().lower()
    if organiser not in YES | NO:
        raise AccountError(f"organiser {cells['organiser']!r}: write yes or no (or leave it empty)")
    password = cells.get("password", "")
    if password:
        check_password(password)
    return NewAccount(number, name, password or generate_password(), generated=not password,
                      organiser=organiser in YES)


def open_passwords_out(path: str | Path) -> int:
    """A new file for the generated passwords, only its owner may read: never an existing file,
    never through a link (O_EXCL | O_NOFOLLOW), so no one can have it written where they read."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(path, flags, 0o600)
    except FileExistsError:
        raise ImportRefused([f"--passwords-out {path}: exists already; name a new file (it is never "
                             "written over)"]) from None
    except OSError as error:
        raise ImportRefused([f"--passwords-out {path}: cannot be made ({error.strerror})"]) from None


def write_passwords(fd: int, accounts: list[NewAccount]) -> None:
    """``name,password`` for each generated password, then the file is closed (and on the disk)."""
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
        os.fchmod(out.fileno(), 0o600)  # whatever the umask made of the mode
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["name", "password"])
        for account in accounts:
            if account.generated:
                writer.writerow([account.name, account.password])
        out.flush()
        os.fsync(out.fileno())


def hashed(accounts: list[NewAccount]) -> list[tuple[str, str, str]]:
    """(name, password hash, role) of each, as the store makes them."""
    return [(account.name, hash_password(account.password), account.role) for account in accounts]
