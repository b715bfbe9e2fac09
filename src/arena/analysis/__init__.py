"""Analysis of games: each ply's value by the game's strong engine, its best move, and how much
the move played lost (``arena analyse``; the viewer's evaluation graph)."""

from __future__ import annotations

from typing import Callable

from ..judge.record_types import Record
from .document_types import AnalysisDocument


def analyse(record: Record, seconds: float | None = None, jobs: int | None = None,
            progress: Callable[[AnalysisDocument], None] | None = None) -> AnalysisDocument:
    """The analysis document of a game record (parallel_plies.py says how)."""
    from .parallel_plies import analyse as run

    return run(record, seconds=seconds, jobs=jobs, progress=progress)
