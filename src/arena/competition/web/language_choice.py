"""The languages table as the site uses it: which language an upload is, and what each one runs.

The table and its rules are ``competition/languages.py``'s (the organiser's DIR/languages.json);
this is the one place the site calls them, looked up at call time.
"""

from __future__ import annotations

from typing import Any

from .. import languages
from ..folder import CompetitionFolder
from .refusal import Refusal


def language_table(folder: CompetitionFolder) -> dict[str, Any]:
    try:
        return languages.load_table(folder.languages)
    except languages.LanguageError as error:
        raise Refusal(503, f"the competition's languages table is broken, tell the organiser: {error}") from None


def choose(folder: CompetitionFolder, filename: str, requested: str | None) -> str:
    """The name of the upload's language (from ``requested`` or its extension); 400 saying why not."""
    table = language_table(folder)
    try:
        return languages.choose_language(filename, requested, table).name
    except languages.LanguageError as error:
        raise Refusal(400, str(error)) from None


def descriptions(folder: CompetitionFolder) -> list[dict[str, Any]]:
    """Each language's name, extensions and compiler (version and flags), for the submit page."""
    try:
        table = language_table(folder)
    except Refusal as refusal:
        return [{"name": "?", "extensions": [], "describe": refusal.message}]
    return [{"name": name, "extensions": list(language.extensions), "describe": language.describe()}
            for name, language in table.items()]
