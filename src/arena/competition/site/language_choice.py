"""The languages table as the site uses it: which language an upload is, and what each one runs.

The table and its rules are ``competition/build/languages.py``'s (the organiser's DIR/languages.json);
this is the one place the site calls them, looked up at call time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..build import languages
from ..folder import CompetitionFolder
from .refusal import Refusal


def language_table(folder: CompetitionFolder) -> dict[str, Any]:
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


def descriptions(folder: CompetitionFolder) -> list[dict[str, Any]]:
    """Each language's name, extensions and compiler (version and flags), for the submit page."""
    try:
        table = language_table(folder)
    except Refusal as refusal:
        return [{"name": "?", "extensions": [], "describe": refusal.message}]
    return [{"name": name, "extensions": list(language.extensions), "describe": language.describe()}
            for name, language in table.items()]
