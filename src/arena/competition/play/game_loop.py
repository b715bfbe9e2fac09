"""The games loop: plays the unplayed games of running rounds on the workers (parallel/worker_pool.py:
a local pool or a Dask cluster).

It keeps the workers' slots full from a queue refilled from the store (when told of a
new round, or when the queue runs dry), with a few games more given out than it has slots
(queued_ahead), so that a slot that frees finds its next game waiting, saves each game as it ends, and hands it to the
conductor (which finishes rounds and benches programs). A game whose future fails (a
lost worker, a worker that refuses to run programs, a broken pool) is given out again, up
to ``max_attempts`` times; after that it waits for the next start, and its round shows why.
Stopping cancels what has not started and kills what has (a local pool's workers unwind
their games on SIGTERM): a game is saved whole or not at all, and then played again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Future, wait
from dataclasses import dataclass

from ...parallel.shipped_folders import MissingFolder
from ...parallel.worker_pool import SchedulerUnreachable, Workers, open_workers
from ..privacy import public_record
from .work_items import Seats
from ..store.database import CompetitionStore, StoredGame
from .wakeup import Wakeup

log = logging.getLogger(__name__)

FIRST_KINDS = ("debut", "unrated")
"""Rounds of a few games that someone is waiting for: played before the big rounds' games."""
RETRY_PAUSE_S = 5.0


def queued_ahead(slots: int, on_dask: bool) -> int:
    """Games given out beyond the slots, so that none waits for the games loop between two games.

    On Dask a game's end reaches this loop, and the next game the worker, through the
    scheduler: measured, a worker sat 39 ms (median) between two games of about 150 ms with
    only its slots' games given out. With one more game per slot, the scheduler holds each
    worker's next game (it gives a one-thread worker two at once). A local pool feeds one
    more call to whichever process frees first (4 ms between games without it)."""
    return slots if on_dask else 1


class _Stopped(Exception):
    pass


@dataclass
class _InFlight:
    game: StoredGame
    started: float


class GameLoop:
    def __init__(self, store: CompetitionStore, seats: Seats, jobs: int | None, scheduler: str | None,
                 on_saved: Callable[[StoredGame, dict], None], on_tick: Callable[[], None],
                 max_attempts: int = 3, tick_s: float = 1.0) -> None:
        self.store, self.seats, self.jobs, self.scheduler = store, seats, jobs, scheduler
        self.on_saved, self.on_tick = on_saved, on_tick
        self.max_attempts, self.tick_s = max_attempts, tick_s
        self.wakeup = Wakeup()
        self.stopping = threading.Event()
        self.attempts: dict[int, int] = {}
        self.given_up: dict[int, str] = {}  # game id -> why (until the next start)
        self.problems: dict[int, str] = {}  # round id -> the last thing that went wrong in it
        self.executor_problem: str | None = None
        self.slots = 0
        self._in_flight: dict[Future, _InFlight] = {}
        self._queue: deque[StoredGame] = deque()
        self._kinds: dict[int, str] = {}

    # -- the thread --------------------------------------------------------

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                with open_workers(self.jobs, self.scheduler) as workers:
                    self.slots, self.executor_problem = workers.slots, None
                    self._play(workers)
            except _Stopped:
                return
            except SchedulerUnreachable as error:
                self.executor_problem = str(error)
            except BrokenExecutor as error:  # a local pool's worker died: a new pool, the games again
                self.executor_problem = f"the worker pool broke ({error}); starting a new one"
                self._requeue_in_flight(str(error))
            except Exception as error:  # never let the loop die: the rounds would stall unseen
                log.exception("the games loop failed")
                self.executor_problem = f"the games loop failed: {error!r}"
                self._requeue_in_flight(repr(error))
            self.stopping.wait(RETRY_PAUSE_S)

    def stop(self) -> None:
        self.stopping.set()
        self.wakeup.wake()

    def _play(self, workers: Workers) -> None:
        given_out = workers.slots + queued_ahead(workers.slots, workers.on_cluster)
        self._refill()
        while True:
            if self.stopping.is_set():
                for future in self._in_flight:
                    future.cancel()
                raise _Stopped
            self._top_up(workers, given_out)
            wake = self.wakeup.future()
            done, _ = wait([*self._in_flight, wake], timeout=self.tick_s, return_when=FIRST_COMPLETED)
            ended = [(future, self._in_flight.pop(future)) for future in done if future is not wake]
            # the freed slots start their next games first: saving a game (an fsync) and the
            # conductor's news (the benching's queries) took some milliseconds per game, a slot idle
            self._top_up(workers, given_out)
            for future, flight in ended:
                self._finished(workers, future, flight)
            if self.wakeup.woken() or not self._queue:
                self._refill()
            self._report(self.on_tick)

    def _top_up(self, workers: Workers, given_out: int) -> None:
        while len(self._in_flight) < given_out and self._queue:
            self._submit(workers, self._queue.popleft())

    def _submit(self, workers: Workers, game: StoredGame, with_files: bool = False) -> None:
        try:
            function, args, kwargs = self.seats.work(game, with_files)
        except Exception as error:  # no command, a build that cannot be packed: the round says so
            self._give_up(game, f"cannot start game {game.id}: {error}")
            return
        self._in_flight[workers.submit(function, *args, **kwargs)] = _InFlight(game, time.time())

    def _finished(self, workers: Workers, future: Future, flight: _InFlight) -> None:
        game = flight.game
        if future.cancelled():
            return
        error = future.exception()
        if isinstance(error, MissingFolder):  # a worker without the program: the game again, with it
            self._submit(workers, game, with_files=True)
            return
        if isinstance(error, BrokenExecutor):  # the pool is gone: run() opens a new one
            self._failed(game, f"game {game.id} was lost: {error}")
            raise error
        if error is not None:
            self._failed(game, f"game {game.id} failed: {type(error).__name__}: {error}")
            return
        record = future.result()
        stderr = record.get("stderr") or ["", ""]
        public = public_record(record, game.players, game.submissions)
        if self.store.save_game(game.id, public, (stderr[0], stderr[1])):
            self._report(self.on_saved, game, record)

    def _report(self, hook: Callable, *args) -> None:
        """Tell the conductor; a failure there is logged, and costs no game its attempts nor the pool."""
        try:
            hook(*args)
        except Exception as error:
            log.exception("the conductor failed to take in news")
            self.executor_problem = f"the conductor failed: {error!r}"

    def _failed(self, game: StoredGame, why: str) -> None:
        self.attempts[game.id] = self.attempts.get(game.id, 0) + 1
        self.problems[game.round_id] = why
        if self.attempts[game.id] >= self.max_attempts:
            self._give_up(game, f"{why} (given up after {self.max_attempts} attempts; a restart tries again)")
        else:
            self._queue.appendleft(game)

    def _give_up(self, game: StoredGame, why: str) -> None:
        self.given_up[game.id] = why
        self.problems[game.round_id] = why
        log.warning("%s", why)

    def _requeue_in_flight(self, why: str) -> None:
        flights, self._in_flight = list(self._in_flight.values()), {}
        for flight in flights:
            self._failed(flight.game, f"game {flight.game.id} was lost: {why}")

    def _refill(self) -> None:
        busy = {flight.game.id for flight in self._in_flight.values()}
        games = [g for g in self.store.unplayed_games() if g.id not in busy and g.id not in self.given_up]
        games.sort(key=lambda g: (self.round_kind(g.round_id) not in FIRST_KINDS, g.round_id, g.slot))
        self._queue = deque(games)

    def round_kind(self, round_id: int) -> str:
        if round_id not in self._kinds:
            found = self.store.round(round_id)
            self._kinds[round_id] = found.kind if found else ""
        return self._kinds[round_id]

    # -- for status() --------------------------------------------------------

    def running(self) -> list[dict]:
        return [{"game": f.game.id, "round": f.game.round_id, "players": list(f.game.players),
                 "since": f.started} for f in list(self._in_flight.values())]

    def queued(self) -> int:
        return len(self._queue)
