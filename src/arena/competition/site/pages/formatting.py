"""Template filters: times and numbers as the pages show them."""

from __future__ import annotations

import time


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


FILTERS = {"when": when, "competition_name": competition_name}
