"""Analysing a record: every ply's position evaluated by the game's analyst, in parallel.

Each ply is one task for a pool of worker processes, one per core by default: the engines are
single-threaded and keep their tables in globals, so processes, not threads. The document is
filled as the results come back and handed to ``progress`` each time, so a viewer can draw it
while the analysis runs.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, Callable

from ..games import get_analyst
from ..games.base import GameState
from .document import new_document, set_evaluation, set_final
from .evaluation import Evaluation
from .plies import record_plies

FINAL = -1  # the task that evaluates the position after the last move of a game stopped early


def evaluate_position(game: str, state: GameState, played: str | None, seconds: float) -> Evaluation:
    """One ply's evaluation, in a worker process."""
    return get_analyst(game).evaluate(state, played, seconds)


def _pool(jobs: int) -> ProcessPoolExecutor:
    # forkserver: the viewer and the servers call this from threads, which fork() does not copy safely
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("forkserver"))


def analyse(record: dict[str, Any], seconds: float | None = None, jobs: int | None = None,
            progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The analysis document of ``record`` (document.py); raises plies.RecordError for a record
    the rules cannot replay."""
    plies, final_state = record_plies(record)
    game = record["game"]
    analyst = get_analyst(game)
    seconds = float(seconds if seconds is not None else analyst.DEFAULT_SECONDS)
    document = new_document(record, plies, analyst, seconds)
    if final_state.is_over() and plies:
        set_final(document, None, analyst.outcome(final_state, plies[-1].seat), True)
    tasks: list[tuple[int, GameState, str | None]] = [(ply.index, ply.state, ply.move) for ply in plies]
    if not final_state.is_over():
        tasks.append((FINAL, final_state, None))
    if not tasks:
        set_final(document, None, 0.0, True)
        return document
    # the longest searches first (a game's end, where the solvers run), so no core idles at the end
    tasks.reverse()
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    with _pool(jobs) as pool:
        pending = {pool.submit(evaluate_position, game, state, played, seconds): index
                   for index, state, played in tasks}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                evaluation = future.result()
                if index == FINAL:
                    set_final(document, final_state.to_move, evaluation.value, evaluation.exact)
                else:
                    set_evaluation(document, index, evaluation)
            if progress is not None:
                progress(document)
    return document
