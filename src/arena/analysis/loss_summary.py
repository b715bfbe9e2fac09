"""What a person reads first about an analysed game: each side's mean loss per move, its three
biggest mistakes, the loss by phase of the game, and the move after which the loser never recovered.
"""

from __future__ import annotations

from .document_types import AnalysisDocument, Mistake, PlyAnalysis, Summary, TurningPoint

PHASES = ("opening", "middle", "endgame")
MISTAKES_SHOWN = 3


def phase_bounds(total: int) -> list[tuple[str, int, int]]:
    """The game's plies in thirds: (name, first, last), the last third taking what does not divide."""
    third = total // 3
    starts = [0, third, 2 * third, total]
    return [(name, starts[i], starts[i + 1] - 1) for i, name in enumerate(PHASES)]


def mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


def losses_of(plies: list[PlyAnalysis], seat: int, first: int = 0, last: int | None = None) -> list[float]:
    last = len(plies) - 1 if last is None else last
    return [p["loss"] for p in plies[first:last + 1] if p["seat"] == seat and p["loss"] is not None]


def biggest_mistakes(plies: list[PlyAnalysis], seat: int) -> list[Mistake]:
    # a mistake's loss is known (losses.py marks none whose loss is None)
    mistakes: list[Mistake] = [{"ply": p["ply"], "move": p["move"], "best": p["best"], "loss": p["loss"]}
                               for p in plies if p["seat"] == seat and p["mistake"] and p["loss"] is not None]
    mistakes.sort(key=lambda m: (-m["loss"], m["ply"]))
    return mistakes[:MISTAKES_SHOWN]


def _known(value: float | None) -> float:
    assert value is not None, "a complete document's values are all known"
    return value


def values_for(document: AnalysisDocument, seat: int) -> list[float]:
    """The value of every position from ``seat``'s view: before each move, then after the last
    (of a complete document: every ply evaluated, the final value known)."""
    values = [_known(p["value"]) if p["seat"] == seat else -_known(p["value"]) for p in document["plies"]]
    final = document["final"]
    assert final is not None, "a complete document's final value is known"
    last_mover = document["plies"][-1]["seat"] if document["plies"] else seat
    final_view = final["to_move"] if final["to_move"] is not None else last_mover
    values.append(final["value"] if final_view == seat else -final["value"])
    return values


def turning_point(document: AnalysisDocument) -> TurningPoint | None:
    """The move after which the loser's value stayed below zero to the end, None when the game
    has no loser by the analysis (a draw, or a loss the values never showed: a fault)."""
    if not document["plies"]:
        return None
    final = values_for(document, 0)[-1]
    if final == 0:
        return None
    loser = 0 if final < 0 else 1
    values = values_for(document, loser)
    index = len(values) - 1
    while index > 0 and values[index - 1] < 0:
        index -= 1
    if index == 0:
        return None  # lost from the first position on: no move turned it
    ply = index - 1
    return {"ply": ply, "seat": document["plies"][ply]["seat"], "loser": loser}


def summarise(document: AnalysisDocument) -> Summary:
    plies = document["plies"]
    return {
        "mean_loss": [mean(losses_of(plies, seat)) for seat in (0, 1)],
        "moves": [sum(1 for p in plies if p["seat"] == seat) for seat in (0, 1)],
        "mistakes": [biggest_mistakes(plies, seat) for seat in (0, 1)],
        "turning_point": turning_point(document),
        "phases": [{"name": name, "first": first, "last": last,
                    "mean_loss": [mean(losses_of(plies, seat, first, last)) for seat in (0, 1)]}
                   for name, first, last in phase_bounds(len(plies))],
    }
