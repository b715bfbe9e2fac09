"""Where a finished analysis is kept, so each game is analysed once.

A record file NAME.json gets NAME.analysis.json beside it (the viewer's records list skips
those); a tournament's games get a table ``analyses`` in the tournament's own SQLite file.
An analysis names the game it was made of (document.record_digest): one of another game, left
behind when a record file was rewritten, is not returned.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..judge.judge_files import write_new_file
from ..judge.record_types import Record
from .document import is_document, record_digest
from .document_types import AnalysisDocument

SUFFIX = ".analysis.json"


class AnalysisFileError(ValueError):
    """A stored analysis cannot be read; the message names the file and what is wrong."""


def is_analysis_file(path: str | Path) -> bool:
    return Path(path).name.endswith(SUFFIX)


def analysis_path(record_path: str | Path) -> Path:
    path = Path(record_path)
    stem = path.name[:-len(".json")] if path.name.endswith(".json") else path.name
    return path.with_name(stem + SUFFIX)


def _current(document: object, record: Record | None, where: str) -> AnalysisDocument | None:
    if not is_document(document):
        raise AnalysisFileError(f"{where}: not an arena analysis (format {document.get('format')!r})"
                                if isinstance(document, dict) else f"{where}: not an arena analysis")
    if record is not None and document.get("record") != record_digest(record):
        return None  # made of another game
    return document if document.get("complete") else None


def load_beside(record_path: str | Path, record: Record | None = None) -> AnalysisDocument | None:
    """The finished analysis stored beside a record file, None when there is none (or it is of
    another game: the record is read from ``record_path`` when not given)."""
    path = analysis_path(record_path)
    if not path.exists():
        return None
    try:
        document = json.loads(path.read_text())
        if record is None:
            record = json.loads(Path(record_path).read_text())
    except (OSError, ValueError) as problem:
        raise AnalysisFileError(f"{path.name}: {problem}") from None
    return _current(document, record, path.name)


def save_beside(record_path: str | Path, document: AnalysisDocument) -> Path:
    """Write the analysis beside its record, whole or not at all (a temporary file renamed), never
    through a link or a folder a program's uid may change (judge/judge_files.py)."""
    path = analysis_path(record_path)
    write_new_file(path, json.dumps(document).encode())
    return path


@contextmanager
def _tournament(db_path: str | Path, writing: bool = False) -> Iterator[sqlite3.Connection | None]:
    """The tournament's database, committed and closed after use (its tournament may be running);
    None when reading one that has no analyses yet (a viewer may only have the right to read it)."""
    if not Path(db_path).is_file():
        raise FileNotFoundError(f"{db_path}: no such tournament database")
    db = sqlite3.connect(db_path, timeout=30)
    try:
        with db:
            if writing:
                db.execute("CREATE TABLE IF NOT EXISTS analyses (slot INTEGER PRIMARY KEY, analysis TEXT NOT NULL)")
            elif db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'analyses'").fetchone() is None:
                yield None
                return
            yield db
    finally:
        db.close()


def load_from_tournament(db_path: str | Path, slot: int) -> AnalysisDocument | None:
    """The finished analysis of a tournament's game, None when it has none."""
    with _tournament(db_path) as db:
        if db is None:
            return None
        row = db.execute("SELECT a.analysis, g.record FROM analyses a JOIN games g ON g.slot = a.slot "
                         "WHERE a.slot = ?", (slot,)).fetchone()
    if row is None:
        return None
    try:
        return _current(json.loads(row[0]), json.loads(row[1]), f"{db_path} game {slot}")
    except ValueError as problem:
        raise AnalysisFileError(f"{db_path} game {slot}: {problem}") from None


def save_to_tournament(db_path: str | Path, slot: int, document: AnalysisDocument) -> None:
    with _tournament(db_path, writing=True) as db:
        assert db is not None  # writing: the table is made if missing, never None
        db.execute("INSERT OR REPLACE INTO analyses (slot, analysis) VALUES (?, ?)", (slot, json.dumps(document)))


def tournament_analyses(db_path: str | Path) -> dict[int, AnalysisDocument]:
    """Every finished analysis of a tournament, by slot."""
    with _tournament(db_path) as db:
        if db is None:
            return {}
        rows = db.execute("SELECT a.slot, a.analysis, g.record FROM analyses a JOIN games g ON g.slot = a.slot")
        found = {}
        for slot, text, record in rows:
            try:
                document = _current(json.loads(text), json.loads(record), f"{db_path} game {slot}")
            except ValueError:
                continue  # an unreadable one is analysed again
            if document is not None:
                found[slot] = document
        return found
