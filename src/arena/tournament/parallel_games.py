"""Play many games at once on any ``concurrent.futures.Executor``.

Locally that is a process pool, one game per core; across machines it is a
Dask cluster's executor. Both take the same path through :func:`play_games`,
so the distributed mode is not a second implementation to keep in step.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Generator, Iterable, Iterator

from ..judge.match import ProgramCannotStart
from ..judge.record_types import Record
from ..judge.sandbox.settings import Sandbox
from ..refereeing.players import PlayerSpec
from .schedule import ScheduledGame
from .pool_worker import init_worker, play_one


class SchedulerUnreachable(ConnectionError):
    """``--scheduler`` names no Dask scheduler that answers."""


@contextmanager
def open_executor(jobs: int | None = None, scheduler: str | None = None) -> Iterator[tuple[Executor, int]]:
    """An executor and how many games it runs at once: a local pool, or Dask at ``scheduler``."""
    if scheduler is None:
        jobs = jobs or os.cpu_count() or 1
        # forkserver, not fork: the parent runs a live display thread, and a fork
        # taken while that thread holds a lock would hang the child.
        context = multiprocessing.get_context("forkserver")
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=init_worker)
        try:
            yield pool, jobs
        except BaseException:
            _stop_now(pool)
            raise
        pool.shutdown(wait=True, cancel_futures=True)  # the SPRT may stop with games queued
        return
    from distributed import Client  # imported only for the distributed mode: it is slow to load

    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as error:
        raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    with client:
        slots = jobs or max(1, sum(client.nthreads().values()))
        # pure=False: two games with equal arguments are still two games to play
        with client.get_executor(pure=False) as executor:
            yield executor, slots


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Stop without waiting for the games under way (Ctrl-C must not wait for a 30 s clock).

    The pool has no public way to stop its workers, hence ``_processes``; each
    worker unwinds its game on SIGTERM and kills the programs (see pool_worker.py); one
    still alive 5 s later is killed.
    """
    workers = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=5)
    for worker in workers:
        if worker.is_alive():
            # a worker that did not unwind in time (its SIGTERM landed where it could not raise,
            # in a lock of the pool's queues) would hold the interpreter's exit forever, in the
            # pool's manager thread: killed, its programs still die with it (the guardian)
            worker.kill()
            worker.join(timeout=5)


class PlayerCannotStart(Exception):
    """A player's program could not start in one of its games (the judge's ProgramCannotStart,
    named by the player): the run stops there, that game unsaved."""

    def __init__(self, player: str, reason: str) -> None:
        super().__init__(player, reason)
        self.player = player
        self.reason = reason


def play_games(
    executor: Executor,
    game_name: str,
    specs: dict[str, PlayerSpec],
    games: Iterable[ScheduledGame],
    time_scale: float,
    in_flight: int,
    sandbox: Sandbox | None = None,
    stop_at_failed_start: str | None = None,
) -> Generator[tuple[ScheduledGame, Record], None, None]:
    """Yield ``(game, record)`` as games end, keeping ``in_flight`` of them running.

    Games are taken from ``games`` lazily, so a caller may stop early (the SPRT
    does once it decides); closing the generator cancels what has not started.
    A game that raises (a judge bug, a lost worker) stops the run with that error;
    with ``stop_at_failed_start`` (play_game's), a program that cannot start raises
    PlayerCannotStart from the first game it is in.
    """
    pending: dict[Future, ScheduledGame] = {}
    todo = iter(games)

    def top_up() -> None:
        while len(pending) < in_flight:
            game = next(todo, None)
            if game is None:
                return
            seats = [specs[name] for name in game.players]
            future = executor.submit(play_one, game_name, seats, game.seed, game.setup, time_scale, sandbox=sandbox,
                                     stop_at_failed_start=stop_at_failed_start)
            pending[future] = game

    try:
        top_up()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                game = pending.pop(future)
                try:
                    record = future.result()
                except ProgramCannotStart as refused:
                    raise PlayerCannotStart(game.players[refused.seat], refused.reason) from None
                yield game, record
            top_up()
    finally:
        for future in pending:
            future.cancel()
