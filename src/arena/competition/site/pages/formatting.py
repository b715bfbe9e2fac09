"""Template filters: times, numbers and program text as the pages show them."""

from __future__ import annotations

import time

from ....refereeing.terminal_text import visible_log


def when(epoch: float | None) -> str:
    return "—" if epoch is None else time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(epoch))


def log_text(text: str | None) -> str:
    """A build log, an admission report or a program's stderr as a page shows it, inside a ``<pre>``:
    kept as it was stored, its tabs, newlines and backslashes as they are, every other control or format character
    written out (``\x1b``: a browser would hide it), and then HTML-escaped by the templates'
    autoescaping. Reports stored before their text was kept raw hold ``\x09`` already: shown as they are."""
    return visible_log(text or "", for_a_page=True)


FILTERS = {"when": when, "log_text": log_text}
