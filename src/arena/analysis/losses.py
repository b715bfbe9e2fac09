"""Each move's loss: how much worse, for the side that played it, than the best move found.

loss = value before the move − value right after it, both from the mover's view. The value after
is the analyst's ``played_value`` when it gave one, else the next ply's value (its mover's view:
flipped when the other side moves next), else, after the last move, the game's final value.
A search that is not exact can find a move better than its own best; that is no loss, not a gain.
"""

from __future__ import annotations

from .document_types import AnalysisDocument


def value_after(document: AnalysisDocument, index: int) -> float | None:
    """The value right after ply ``index``'s move from its mover's view, None while not known."""
    plies = document["plies"]
    entry = plies[index]
    if entry["played_value"] is not None:
        return entry["played_value"]
    if index + 1 < len(plies):
        following = plies[index + 1]
        if following["value"] is None:
            return None
        return following["value"] if following["seat"] == entry["seat"] else -following["value"]
    final = document["final"]
    if final is None:
        return None
    if final["to_move"] is None or final["to_move"] == entry["seat"]:
        return final["value"]
    return -final["value"]


def fill_losses(document: AnalysisDocument) -> None:
    for index, entry in enumerate(document["plies"]):
        after = value_after(document, index)
        if entry["value"] is None or after is None:
            entry["loss"], entry["mistake"] = None, False
            continue
        loss = 0.0 if entry["move"] == entry["best"] else max(0.0, entry["value"] - after)
        entry["loss"] = round(loss, 3)
        entry["mistake"] = loss >= document["mistake"]
