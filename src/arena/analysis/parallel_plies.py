"""Analysing a record: every ply's position evaluated by the game's analyst, in parallel.

Each ply is one task for this machine's worker processes (parallel/worker_pool.py), one per core
by default: the engines are single-threaded and keep their tables in globals, so processes, not
threads. The document is filled as the results come back and handed to ``progress`` each time, so
a viewer can draw it while the analysis runs.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any, Callable

from ..games import get_analyst, get_game
from ..games.contract import load_part
from ..games.base import GameState
from ..judge.record_types import Record, Setup
from ..parallel.worker_pool import open_workers
from .document import new_document, set_evaluation, set_final
from .document_types import AnalysisDocument
from ..games.analyst_contract import Evaluation
from .plies import RecordError, record_plies

FINAL = -1    # the task that evaluates the position after the last move of a game stopped early
OUTCOME = -2  # the task that scores a finished game


def evaluate_position(game: str, environment: dict[str, str], state: GameState, played: str | None,
                      seconds: float) -> Evaluation:
    """One ply's evaluation, in a worker process. ``environment`` is what the game's built-in players
    are told of the setup (Lucky Words: the word list the game was scored with)."""
    os.environ.update(environment)
    return get_analyst(game).evaluate(state, played, seconds)


def final_outcome(game: str, environment: dict[str, str], state: GameState, seat: int) -> float:
    """A finished game's value for ``seat``, in a worker process (it may need ``environment`` too)."""
    os.environ.update(environment)
    return get_analyst(game).outcome(state, seat)


def analyst_of(game: str):
    """The game's analyst; a game without one is refused by name, as a record the rules refuse is."""
    analyst = load_part(game, "analyst")
    if analyst is None:
        raise RecordError(f"{game} has no analyst yet")
    return analyst


STOP_LOOK_S = 0.25
"""How often an analysis looks whether it is told to stop."""


class AnalysisStopped(Exception):
    """The analysis was told to stop (its server is stopping) before it ended."""


def analyse(record: Record, seconds: float | None = None, jobs: int | None = None,
            progress: Callable[[AnalysisDocument], None] | None = None, niceness: int = 0,
            stop: threading.Event | None = None) -> AnalysisDocument:
    """The analysis document of ``record`` (document.py); raises plies.RecordError for a record
    the rules cannot replay. ``niceness`` > 0 runs the searches at a lower priority (a server whose
    games run under clocks must not lose CPU to an analysis). ``stop``: once set, the searches not
    begun are dropped, those under way finish, the pool is shut down and AnalysisStopped raised (a
    pool left to the interpreter's exit leaks its semaphores: multiprocessing warns at shutdown)."""
    plies, final_state = record_plies(record)
    game = get_game(record["game"])
    analyst = analyst_of(game.name)
    environment = game.builtin_env(record.get("setup") or Setup()) if game.builtin_env else {}
    seconds = float(seconds if seconds is not None else analyst.DEFAULT_SECONDS)
    document = new_document(record, plies, analyst, seconds)
    if not plies:
        set_final(document, None, 0.0, True)
        return document
    tasks: list[tuple[int, GameState, str | None]] = [(ply.index, ply.state, ply.move) for ply in plies]
    # the longest searches first (a game's end, where the solvers run), so no core idles at the end
    tasks.reverse()
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    stopped = False
    with open_workers(jobs, niceness=niceness) as workers:
        pending: dict[Future[Any], int]  # each search's future: the final outcome's, else an Evaluation
        if final_state.is_over():
            pending = {workers.submit(final_outcome, game.name, environment, final_state, plies[-1].seat): OUTCOME}
        else:
            pending = {workers.submit(evaluate_position, game.name, environment, final_state, None, seconds): FINAL}
        pending.update({workers.submit(evaluate_position, game.name, environment, state, played, seconds): index
                        for index, state, played in tasks})
        while pending:
            done, _ = wait(pending, timeout=STOP_LOOK_S, return_when=FIRST_COMPLETED)
            if stop is not None and stop.is_set():
                for future in pending:
                    future.cancel()
                stopped = True  # the with's end waits for the searches under way, then shuts the workers down
                break
            for future in done:
                index = pending.pop(future)
                result = future.result()
                if index == OUTCOME:
                    set_final(document, None, result, True)
                elif index == FINAL:
                    set_final(document, final_state.to_move, result.value, result.exact)
                else:
                    set_evaluation(document, index, result)
            if progress is not None:
                progress(document)
    if stopped:
        raise AnalysisStopped("the analysis was stopped before it ended")
    return document
