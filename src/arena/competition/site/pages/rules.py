"""The game's rules page for the competition (``/rules``): docs/games/<game>.md rendered (no raw HTML
passes: markdown-it with html off), when this arena runs from a checkout that has its docs; else
None, and the page shows the game's short facts and where the rules are.

A contestant reads the competition's rules, not arena's sources: the pages' sentence naming the
source files that are the rules' source of truth (for arena's own developers) is left out."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

DOCS = Path(__file__).resolve().parents[5] / "docs" / "games"  # src/arena/competition/site/pages -> the checkout
SOURCE_OF_TRUTH = re.compile(r"The\s+source\s+of\s+truth\s+is\s+the\s+code:.*?\.(?=\s)", re.DOTALL)
"""From "The source of truth is the code:" to the sentence's end (a period before a space: the
file names' own periods are followed by a backquote)."""


@lru_cache(maxsize=8)
def rules_html(game: str) -> str | None:
    page = DOCS / f"{game}.md"
    try:
        text = page.read_text(encoding="utf-8")
    except OSError:
        return None
    from markdown_it import MarkdownIt

    text = SOURCE_OF_TRUTH.sub("", text, count=1)
    return MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
