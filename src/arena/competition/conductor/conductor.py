"""The conductor: the background engine of ``arena competition serve``.

Two loops: the builds loop (build_loop.py) builds and admits what contestants upload, several
at once, first come first served; the games loop (game_loop.py) plays the unplayed games of running rounds, on a local pool or a
Dask cluster. The conductor makes the rounds (test, debut, unrated, the final's) and reacts
to what the loops report: a round whose last game is saved is finished (and the final's
next round made), a program that keeps faulting is benched, an admitted one gets its debut.

Everything it decides is written to the store before it acts on it, so a server killed at
any moment resumes from the store alone: unfinished builds are built again, unplayed games
played, finished rounds finished, and the final goes on from its last round.
"""

from __future__ import annotations

import logging
import threading
import time

from ...games import get_game
from ...judge.sandbox.settings import Sandbox
from ..play.benching import keeps_faulting
from ..build.background_builds import BackgroundBuild
from ..build.build_loop import BuildLoop, default_build_jobs
from ..rounds.final import is_final
from ..folder import CompetitionFolder
from .options import ConductorOptions
from .status import conductor_status
from ..play.game_loop import GameLoop
from ..rounds.round_maker import RoundMaker
from ..play.work_items import Seats
from ..store.database import CompetitionError, CompetitionStore, StoredGame

log = logging.getLogger(__name__)


class Conductor:
    def __init__(self, folder: CompetitionFolder, store: CompetitionStore, jobs: int | None = None,
                 scheduler: str | None = None, **options) -> None:
        self.folder, self.store, self.jobs, self.scheduler = folder, store, jobs, scheduler
        self.options = ConductorOptions(**options)
        self.game = get_game(store.competition().game)
        sandbox = Sandbox(self.options.sandbox, hidden=(str(folder.root),))
        seats = Seats(store, folder, self.game.name, sandbox, self.options.time_scale, shipped=scheduler is not None)
        build = self.options.build
        if build is None:  # behind the site and the games, on this machine's workers or the cluster's
            build = BackgroundBuild(self.options.build_jobs or default_build_jobs(), scheduler)
        self.builds = BuildLoop(store, folder, self.game.name, self._admitted, build=build,
                                jobs=self.options.build_jobs)
        self.games = GameLoop(store, seats, jobs, scheduler, self._saved, self._rounds_due,
                              max_attempts=self.options.max_attempts, tick_s=self.options.tick_s)
        self.rounds = RoundMaker(store, self.game, self.options, on_new_round=self.games.wakeup.wake)
        self._threads: list[threading.Thread] = []

    # -- running -------------------------------------------------------------

    def start(self) -> None:
        """Resume what the store holds, then start the builds and games threads."""
        if self._threads:
            raise RuntimeError("the conductor runs already")
        for found in self.store.rounds("running"):
            self._finish_if_played(found.id)
        self.rounds.advance_final()
        self._threads = [threading.Thread(target=loop.run, name=f"competition-{name}", daemon=True)
                         for name, loop in (("builds", self.builds), ("games", self.games))]
        for thread in self._threads:
            thread.start()

    def stop(self, timeout_s: float = 15) -> None:
        """Stop promptly: games under way are killed (and played again after a restart)."""
        self.builds.stop()
        self.games.stop()
        close = getattr(self.builds.build, "close", None)  # the builds' workers
        if close is not None:
            close()
        deadline = time.monotonic() + timeout_s
        for thread in self._threads:
            # a build under way cannot be interrupted from here; its thread is a daemon and the
            # submission stays unfinished, so the next start builds it again
            thread.join(max(0.0, deadline - time.monotonic()) if thread.name.endswith("games") else 1.0)
        self._threads = []

    @property
    def running(self) -> bool:
        """Whether its threads were started (and not stopped since)."""
        return bool(self._threads)

    def submission_added(self, submission_id: int) -> None:
        """A new upload is waiting for its build (the web app calls this)."""
        self.builds.wake()

    # -- rounds (round_maker.py decides their games) ---------------------------

    def start_round(self, kind: str = "test", started_by: int | None = None) -> int:
        """A double round robin among the entrants (CompetitionError while one of ``kind`` runs,
        during the final, or with fewer than 2 entrants)."""
        return self.rounds.test_round(kind, started_by)

    def request_unrated(self, user_id: int, opponent_user_id: int) -> int:
        """A few unrated games of the user's entrant against the opponent's (rate-limited:
        CompetitionError saying when the next is allowed)."""
        return self.rounds.unrated(user_id, opponent_user_id)

    def start_final(self, builtins: bool = False, games_per_pair: int | None = None,
                    swiss_rounds: int | None = None) -> int:
        """Freeze submissions and begin the final (a robin, or Swiss rounds then a robin); built-in
        players only if ``builtins``; ``games_per_pair`` (even) each pair of the robin plays;
        ``swiss_rounds`` first, whatever the field (round_maker.py)."""
        return self.rounds.final(builtins, games_per_pair, swiss_rounds)

    def void_game(self, game_id: int, reason: str, voided_by: int | None = None) -> int:
        """Void a played game and replay it in its round (same seats, seed and submissions): the
        replay's id; the games loop is woken to play it (void_rows.py says what the store keeps)."""
        replay = self.store.void_game(game_id, reason, voided_by)
        self.games.wakeup.wake()
        return replay

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

    def next_scheduled_round(self) -> dict | None:
        """When the next scheduled test round comes, at the earliest (``{"at", "every_s"}``); None
        without --round-every, or once the final has begun."""
        return self.rounds.next_scheduled()

    def build_queue(self) -> dict:
        """``{"building", "waiting", "at_once"}``: the builds under way, the uploads waiting for one,
        and how many run at once (the home page shows them during a deadline's rush)."""
        return {"building": len(self.builds.building), "waiting": len(self.builds.queued()),
                "at_once": self.builds.jobs}

    # -- what the loops report -------------------------------------------------

    def _admitted(self, submission_id: int) -> None:
        self.rounds.debut(submission_id)

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
        if self.store.unplayed_counts().get(round_id):
            return
        self.store.finish_round(round_id)
        finished = self.store.round(round_id)
        if finished is not None and is_final(finished.kind):
            self.rounds.advance_final()

    def _rounds_due(self) -> None:
        self.rounds.scheduled()

    # -- for the organiser's page ----------------------------------------------

    def status(self) -> dict:
        return conductor_status(self)
