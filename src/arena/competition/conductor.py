"""The conductor: the background engine of ``arena competition serve``.

Two threads: the builds loop (builder.py) builds and admits what contestants upload; the
games loop (playing.py) plays the unplayed games of running rounds, on a local pool or a
Dask cluster. The conductor makes the rounds (test, debut, unrated, the final's) and reacts
to what the loops report: a round whose last game is saved is finished (and the final's
next round made), a program that keeps faulting is benched, an admitted one gets its debut.

Everything it decides is written to the store before it acts on it, so a server killed at
any moment resumes from the store alone: unfinished builds are built again, unplayed games
played, finished rounds finished, and the final goes on from its last round.
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time

from ..games import get_game
from ..judge.sandbox import Sandbox
from .benching import keeps_faulting
from .builder import BuildLoop
from .final import FinalFormat, final_rounds, first_final_round, is_final, next_final_round
from .folder import CompetitionFolder
from .options import ConductorOptions
from .playing import GameLoop
from .rounds import debut_games, pair_games, robin_games
from .seats import Seats
from .store import CompetitionError, CompetitionStore, StoredGame, Submission

log = logging.getLogger(__name__)


class Conductor:
    def __init__(self, folder: CompetitionFolder, store: CompetitionStore, jobs: int | None = None,
                 scheduler: str | None = None, **options) -> None:
        self.folder, self.store, self.jobs, self.scheduler = folder, store, jobs, scheduler
        self.options = ConductorOptions(**options)
        self.game = get_game(store.competition().game)
        self.setups = self.game.tournament_setups() if self.game.tournament_setups else None
        sandbox = Sandbox(self.options.sandbox, hidden=(str(folder.root),))
        seats = Seats(store, folder, self.game.name, sandbox, self.options.time_scale, shipped=scheduler is not None)
        self.builds = BuildLoop(store, folder, self.game.name, self._admitted, build=self.options.build)
        self.games = GameLoop(store, seats, jobs, scheduler, self._saved, self._tick,
                              max_attempts=self.options.max_attempts, tick_s=self.options.tick_s)
        self._rounds_lock = threading.RLock()  # one round made at a time (the web's threads and ours)
        self._threads: list[threading.Thread] = []
        self._next_schedule_look = 0.0

    # -- running -------------------------------------------------------------

    def start(self) -> None:
        """Resume what the store holds, then start the builds and games threads."""
        if self._threads:
            raise RuntimeError("the conductor runs already")
        for found in self.store.rounds("running"):
            self._finish_if_played(found.id)
        self._advance_final()
        self._threads = [threading.Thread(target=loop.run, name=f"competition-{name}", daemon=True)
                         for name, loop in (("builds", self.builds), ("games", self.games))]
        for thread in self._threads:
            thread.start()

    def stop(self, timeout_s: float = 15) -> None:
        """Stop promptly: games under way are killed (and played again after a restart)."""
        self.builds.stop()
        self.games.stop()
        deadline = time.monotonic() + timeout_s
        for thread in self._threads:
            # a build under way cannot be interrupted from here; its thread is a daemon and the
            # submission stays unfinished, so the next start builds it again
            thread.join(max(0.0, deadline - time.monotonic()) if thread.name.endswith("games") else 1.0)
        self._threads = []

    def submission_added(self, submission_id: int) -> None:
        """A new upload is waiting for its build (the web app calls this)."""
        self.builds.wake()

    # -- rounds ---------------------------------------------------------------

    def start_round(self, kind: str = "test", started_by: int | None = None) -> int:
        """A double round robin among the entrants (CompetitionError while one of ``kind`` runs)."""
        with self._rounds_lock:
            self._refuse_during_final()
            ids = self._entrant_ids(at_least=2)
            seed = secrets.randbelow(2**31)
            games = robin_games(ids, seed, self.setups)
            return self._add_round(kind, games, {"entrants": ids, "started_by": started_by, "seed": seed})

    def request_unrated(self, user_id: int, opponent_user_id: int) -> int:
        """A few unrated games of the user's entrant against the opponent's (rate-limited)."""
        with self._rounds_lock:
            self._refuse_during_final()
            if user_id == opponent_user_id:
                raise CompetitionError("choose an opponent other than yourself")
            mine, theirs = self._entrant_of(user_id, "you have"), self._entrant_of(opponent_user_id, "they have")
            self._check_unrated_rate(user_id)
            seed = secrets.randbelow(2**31)
            games = pair_games([(mine.id, theirs.id)], seed, self.setups,
                               seeds_per_pair=math.ceil(self.options.unrated_games / 2), rated=False)
            return self._add_round("unrated", games, {"requested_by": user_id, "opponent": opponent_user_id,
                                                      "entrants": [mine.id, theirs.id], "seed": seed},
                                   exclusive=False)

    def start_final(self) -> int:
        """Freeze submissions and begin the final (a robin, or Swiss rounds then a robin)."""
        with self._rounds_lock:
            if final_rounds(self.store):
                raise CompetitionError("the final has begun already")
            ids = self._entrant_ids(at_least=2)
            self.store.set_frozen(True)
            form = FinalFormat(self.options.final_robin_max, self.options.final_swiss_rounds, self.options.final_top,
                               self.options.final_swiss_seeds_per_pair, self.options.final_robin_seeds_per_pair)
            kind, games, details = first_final_round(ids, form, secrets.randbelow(2**30), self.setups)
            return self._add_round(kind, games, details)

    def add_builtin(self, bot_name: str) -> int:
        """The game's built-in player ``bot_name`` as an entrant; its submission's id."""
        if bot_name not in self.game.bots:
            raise CompetitionError(f"{self.game.name} has no built-in player {bot_name!r}; "
                                   f"it has: {', '.join(self.game.bots)}")
        name, command = f"builtin-{bot_name}", f"builtin:{bot_name}"
        user = self.store.user_named(name)
        if user is not None and user.role != "builtin":
            raise CompetitionError(f"{name} is a contestant's account, not a built-in player")
        user_id = user.id if user else self.store.add_user(name, None, "builtin")
        for submission in self.store.submissions(user_id=user_id, status=("admitted",)):
            if submission.command == command and not submission.benched:
                return submission.id
        submission_id = self.store.add_submission(user_id, "builtin", command, status="admitted", command=command)
        self._admitted(submission_id)
        return submission_id

    # -- what the loops report -------------------------------------------------

    def _admitted(self, submission_id: int) -> None:
        """Its debut: a pair of games against every other entrant, before the big rounds' games."""
        if not self.options.debut or self.store.competition().frozen:
            return
        with self._rounds_lock:
            newcomer = self.store.submission(submission_id)
            others = [s.id for s in self.store.entrants() if s.user_id != newcomer.user_id]
            if others:
                seed = secrets.randbelow(2**31)
                self._add_round("debut", debut_games(submission_id, others, seed, self.setups),
                                {"submission": submission_id, "entrants": [submission_id, *others], "seed": seed},
                                exclusive=False)

    def _saved(self, game: StoredGame, record: dict) -> None:
        kind = self.games.round_kind(game.round_id)
        if self.options.bench_after and not is_final(kind):
            for submission_id in set(game.submissions):
                if keeps_faulting(self.store, submission_id, self.options.bench_after):
                    self.store.update_submission(submission_id, benched=1)
                    log.info("submission %s benched: its last %s games were irregular losses",
                             submission_id, self.options.bench_after)
        self._finish_if_played(game.round_id)

    def _finish_if_played(self, round_id: int) -> None:
        if self.store.unplayed_games(round_id):
            return
        self.store.finish_round(round_id)
        finished = self.store.round(round_id)
        if finished is not None and is_final(finished.kind):
            self._advance_final()

    def _advance_final(self) -> None:
        with self._rounds_lock:
            following = next_final_round(self.store, self.game.ranking, self.setups)
            if following is not None:
                self._add_round(*following)

    def _tick(self) -> None:
        """Scheduled test rounds: every round_every_s while the entrants change."""
        every = self.options.round_every_s
        now = time.time()
        if every is None or now < self._next_schedule_look:
            return
        self._next_schedule_look = now + min(5.0, every)
        tests = [r for r in self.store.rounds() if r.kind == "test"]
        last = tests[0] if tests else None
        if last is not None and (last.status == "running" or now - last.created < every):
            return
        entrants = [s.id for s in self.store.entrants()]
        if len(entrants) >= 2 and (last is None or sorted(last.details.get("entrants", [])) != sorted(entrants)):
            try:
                self.start_round("test")
            except CompetitionError as error:  # a final began meanwhile, say
                log.info("no scheduled round: %s", error)

    # -- helpers ---------------------------------------------------------------

    def _add_round(self, kind: str, games: list, details: dict, exclusive: bool = True) -> int:
        round_id = self.store.add_round(kind, games, {**details, "games": len(games)}, exclusive=exclusive)
        self.games.wakeup.wake()
        return round_id

    def _refuse_during_final(self) -> None:
        if any(is_final(r.kind) for r in self.store.rounds("running")):
            raise CompetitionError("the final is being played: no other rounds until it ends")

    def _entrant_ids(self, at_least: int) -> list[int]:
        ids = [s.id for s in self.store.entrants()]
        if len(ids) < at_least:
            raise CompetitionError(f"a round needs at least {at_least} admitted submissions; there are {len(ids)}")
        return ids

    def _entrant_of(self, user_id: int, who: str) -> Submission:
        for submission in self.store.entrants():
            if submission.user_id == user_id:
                return submission
        raise CompetitionError(f"{who} no admitted submission in play")

    def _check_unrated_rate(self, user_id: int) -> None:
        for asked in self.store.rounds():
            if asked.kind == "unrated" and asked.details.get("requested_by") == user_id:
                allowed = asked.created + self.options.unrated_every_s
                if time.time() < allowed:
                    raise CompetitionError(
                        f"you may ask for unrated games again in {math.ceil(allowed - time.time())} s "
                        f"(at {time.strftime('%H:%M:%S UTC', time.gmtime(allowed))})")
                return

    # -- for the organiser's page ----------------------------------------------

    def status(self) -> dict:
        from .conductor_status import conductor_status

        return conductor_status(self)
