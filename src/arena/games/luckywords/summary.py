"""Where Lucky Words' scores come from: the scoring words of each row and column."""

from __future__ import annotations

from ...judge.record_types import Record
from ..fault_note import fault_note
from .dictionary import load_words
from .scoring import SIZE, WORD_POINTS, grid_lines, line_words


def explain_result(record: Record) -> list[str]:
    result = record["result"]
    words = load_words(record["setup"].get("words"))
    lines = []
    for seat, grid in enumerate(result["grids"]):
        found = []
        for index, line in enumerate(grid_lines(grid)):
            kind, number = ("row", index + 1) if index < SIZE else ("column", index - SIZE + 1)
            scored = [word for _, word in line_words(line, words)]
            if scored:
                points = sum(WORD_POINTS[len(word)] for word in scored)
                found.append((f"{kind} {number}: {' '.join(scored)} ({points})", points))
        total = sum(points for _, points in found)
        lines.append(f"{record['seats'][seat]}: {total} word points{fault_note(record, seat)}")
        lines.extend(f"  {text}" for text, _ in found)
    return lines
