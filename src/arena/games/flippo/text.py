"""Flippo for a person at the terminal or in the browser: a square may be typed in lower case.

The protocol wants ``C4`` and refuses ``c4`` from a program; a person who types
``c4`` means the same square, so it is sent as ``C4``.
"""

from __future__ import annotations

from ..human_view import HumanView


class FlippoView(HumanView):
    def as_sent(self, text: str) -> str:
        return text.upper()
