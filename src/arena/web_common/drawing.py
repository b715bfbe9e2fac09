"""Boards as SVG, from each game's ``svg.py`` (reached through games/contract.py's loader, never by name).

A game without a drawing yet is shown as its text board inside an SVG, so the
pages treat every game alike. The pages show each drawing in an ``<img>``: an
image cannot run a script, whatever a drawing held.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..games.base import GameState
from ..games.contract import load_part


def svg_module(game: str) -> Any | None:
    """The game's ``svg.py``, or None if it has none (a broken one is an error naming it)."""
    return load_part(game, "svg")


def text_board(text: str) -> str:
    """A board's text form drawn as an SVG (a game without its own drawing; a hidden board)."""
    lines = text.splitlines() or [""]
    width = 20 + 9 * max(len(line) for line in lines)
    height = 20 + 18 * len(lines)
    texts = "".join(f'<text x="10" y="{24 + 18 * i}" xml:space="preserve">{escape(line)}</text>'
                    for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" font-family="monospace" font-size="15"><rect width="100%" height="100%" '
            f'fill="#fff"/>{texts}</svg>')


def board_svg(game: str, state: GameState, before: GameState | None = None, hint: str | None = None) -> str:
    """The drawing of ``state``, the move since ``before`` marked, and ``hint`` (a move in the game's
    notation, e.g. the analysis's best one) drawn apart; a MoveError if the position cannot read it."""
    module = svg_module(game)
    if module is None:
        return text_board(str(state))
    return module.board(state, before=before, hint=hint)
