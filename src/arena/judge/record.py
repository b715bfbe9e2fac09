"""The game record: one JSON object that tells everything about a game.

Shaped after kaggle-environments' episodes: who played, the setup, every move
with its times, the exact lines each program was sent and wrote, each
program's stderr, and the result with a verdict per seat.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import cast

from .judge_files import write_new_file
from .record_types import Record

RECORD_FORMAT = 1


def write_record(record: Record, path: str | Path, *, make_folders: bool = False) -> None:
    """The record as JSON at ``path``: written whole, never through a link nor a folder a program's
    uid could change (judge/judge_files.py)."""
    write_new_file(path, (json.dumps(record, indent=1) + "\n").encode(), make_folders=make_folders)


def save_record(record: Record, path: str | Path | None) -> tuple[str | None, str | None]:
    """Write a record where asked, or somewhere else rather than lose it.

    Returns (where it went, why not where asked). Tried in turn: ``path``, then
    ``arena-<game>-<seed>.json`` in the current folder, then a new temporary file.
    (None, why) means no file could be written at all: the caller prints the JSON.
    """
    fallback = f"arena-{record.get('game', 'game')}-{record.get('seed', 'unseeded')}.json"
    problems: list[str] = []
    for candidate in ([path] if path is not None else []) + [fallback, None]:
        try:
            if candidate is None:
                handle, candidate = tempfile.mkstemp(prefix="arena-record-", suffix=".json")
                os.close(handle)
            write_record(record, candidate)
            return str(candidate), "; ".join(problems) or None
        except OSError as error:
            problems.append(f"cannot write {str(candidate)!r}: {error.strerror or error}")
    return None, "; ".join(problems)


class RecordError(ValueError):
    """A file cannot be read as a game record. The message names the file; ``reason``
    says why without it (for a page that should not show the server's paths)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"{str(path)!r}: {reason}")
        self.reason = reason


def read_record(path: str | Path) -> Record:
    """The record in a JSON file; :class:`RecordError` if it is unreadable or not a JSON object.

    Its fields are taken as docs/record.md gives them: a file anyone may have written is checked
    where a page shows it (web_common/record_check.py)."""
    try:
        data = Path(path).read_bytes()
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise RecordError(path, f"cannot read it: {getattr(error, 'strerror', None) or error}") from None
    try:
        record = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # not UTF-8, not JSON, or nested too deep to read
        raise RecordError(path, f"not JSON: {error}") from None
    if not isinstance(record, dict):
        raise RecordError(path, "its JSON is not an object")
    return cast(Record, record)
