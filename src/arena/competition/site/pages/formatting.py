"""Template filters: times, numbers and program text as the pages show them."""

from __future__ import annotations

import time

from ....terminal_text import visible_log


def when(epoch: float | None) -> str:
    return "—" if epoch is None else time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(epoch))


def competition_name(kind: str | None, round_id: int | None = None) -> str:
    """A round or competition as a sentence names it: "test round 4", "the final", "the final's
    Swiss round 2", "the final's round robin", "debut games (round 7)"."""
    if kind is None:
        return "no competition yet"
    if kind == "final":
        return "the final"
    if kind == "final-robin":
        return "the final's round robin"
    if kind.startswith("final-swiss-"):
        return f"the final's Swiss round {kind.removeprefix('final-swiss-')}"
    if kind == "test":
        return f"test round {round_id}"
    return f"{kind} games (round {round_id})"


def log_text(text: str | None) -> str:
    """A build log, an admission report or a program's stderr as a page shows it, inside a ``<pre>``:
    kept as it was stored, its tabs, newlines and backslashes as they are, every other control or format character
    written out (``\x1b``: a browser would hide it), and then HTML-escaped by the templates'
    autoescaping. Reports stored before their text was kept raw hold ``\x09`` already: shown as they are."""
    return visible_log(text or "", for_a_page=True)


FILTERS = {"when": when, "competition_name": competition_name, "log_text": log_text}
