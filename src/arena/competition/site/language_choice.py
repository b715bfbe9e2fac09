"""The languages table as the site uses it: which language an upload is, and what each one runs.

The table and its rules are ``competition/build/languages.py``'s (the organiser's DIR/languages.json);
this is the one place the site calls them, looked up at call time.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TypedDict

from ..build import languages
from ..folder import CompetitionFolder
from .refusal import Refusal


class LanguageLine(TypedDict):
    """A language as the submit and home pages describe it."""

    name: str
    extensions: list[str]
    describe: str  # its compiler's version and flags (or why the table cannot be read)


def language_table(folder: CompetitionFolder) -> dict[str, languages.Language]:
    try:
        return languages.load_table(folder.languages)
    except languages.LanguageError as error:
        raise Refusal(503, f"the competition's languages table is broken, tell the organiser: {error}") from None


def upload_language(folder: CompetitionFolder, upload: Path, requested: str | None) -> str:
    """The name of the language of the upload saved at ``upload`` (from ``requested``, its extension,
    or an archive's main file); 400 saying why not, a hostile archive's refusal included (its member
    list is read here, cheaply; the build unpacks it in the sandbox)."""
    from ..build.upload_checks import ArchiveError, check_upload

    table = language_table(folder)
    try:
        language = languages.choose_language(upload.name, requested, table, upload=str(upload))
        check_upload(upload, upload.name, language.main_file)
    except (languages.LanguageError, ArchiveError) as error:
        raise Refusal(400, str(error)) from None
    return language.name


DESCRIBED_KEPT_S = 5.0
"""How long the languages' descriptions are shown before they are made again (the compilers'
versions are kept longer still: compiler_versions.py). Made at each home page, they took a few ms of
its CPU: the table read and checked again, every tool looked for on the PATH."""

_described: dict[str, tuple[float, tuple[int, int], list[LanguageLine]]] = {}  # table path -> (when, its stat, them)
_described_lock = threading.Lock()


def descriptions(folder: CompetitionFolder) -> list[LanguageLine]:
    """Each language's name, extensions and compiler (version and flags), for the submit page and the
    home page: made again after DESCRIBED_KEPT_S, or at once when the table's file changed."""
    path = Path(folder.languages)
    try:
        found = path.stat()
        stamp = (found.st_mtime_ns, found.st_size)
    except OSError:
        stamp = (-1, -1)
    with _described_lock:
        kept = _described.get(str(path))
    if kept is not None and kept[1] == stamp and time.monotonic() - kept[0] < DESCRIBED_KEPT_S:
        return kept[2]
    made = _describe(folder)
    with _described_lock:
        _described[str(path)] = (time.monotonic(), stamp, made)
    return made


def _describe(folder: CompetitionFolder) -> list[LanguageLine]:
    try:
        table = language_table(folder)
    except Refusal as refusal:
        return [{"name": "?", "extensions": [], "describe": refusal.message}]
    return [{"name": name, "extensions": list(language.extensions), "describe": language.describe()}
            for name, language in table.items()]
