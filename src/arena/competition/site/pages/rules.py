"""The game's rules page for the competition's home: docs/games/<game>.md rendered (no raw HTML
passes: markdown-it with html off), when this arena runs from a checkout that has its docs; else
None, and the home shows the game's short facts and where the rules are."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

DOCS = Path(__file__).resolve().parents[5] / "docs" / "games"  # src/arena/competition/site/pages -> the checkout


@lru_cache(maxsize=8)
def rules_html(game: str) -> str | None:
    page = DOCS / f"{game}.md"
    try:
        text = page.read_text(encoding="utf-8")
    except OSError:
        return None
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
