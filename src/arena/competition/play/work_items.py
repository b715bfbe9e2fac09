"""What an executor is given to play a stored game: a local pool's play_one, or Dask's play_shipped.

Each submission's PLAYER is looked up once. On Dask a built program's folder must reach the
worker (cluster/parcels.py, dask_worker/games.py); a built-in player needs nothing, every worker has arena.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...judge.sandbox.settings import Sandbox
from ...refereeing.players import PlayerSpec, is_program, resolve_player
from ...tournament.pool_worker import play_one
from ..folder import CompetitionFolder
from ..cluster.parcels import ShippedProgram, ShippedSeat, pack_folder
from ..dask_worker.games import play_shipped
from ..store.database import CompetitionError, CompetitionStore, StoredGame


class Seats:
    def __init__(self, store: CompetitionStore, folder: CompetitionFolder, game: str, sandbox: Sandbox,
                 time_scale: float, shipped: bool) -> None:
        self.store, self.folder, self.game = store, folder, game
        self.sandbox, self.time_scale, self.shipped = sandbox, time_scale, shipped
        self._specs: dict[int, PlayerSpec] = {}
        self._packs: dict[int, tuple[str, bytes]] = {}

    def work(self, game: StoredGame, with_files: bool = False) -> tuple[Callable, tuple, dict[str, Any]]:
        """(function, args, kwargs) that play ``game``; ``with_files``: ship its programs' files along."""
        specs = [self.spec(submission) for submission in game.submissions]
        if not self.shipped:
            return play_one, (self.game, specs, game.seed, game.setup, self.time_scale), {"sandbox": self.sandbox}
        seats = [self._shipped_seat(submission, spec, with_files) for submission, spec in zip(game.submissions, specs)]
        return play_shipped, (self.game, seats, game.seed, game.setup, self.time_scale, self.sandbox), {}

    def spec(self, submission_id: int) -> PlayerSpec:
        if submission_id not in self._specs:
            submission = self.store.submission(submission_id)
            if submission is None or not submission.command:
                raise CompetitionError(f"submission {submission_id} has no command to run")
            # a program plays with its build folder for its own, named here: never decided from its command
            build = None if not is_program(submission.command) else str(self.folder.build(submission_id))
            self._specs[submission_id] = resolve_player(self.game, submission.command, folder=build)
        return self._specs[submission_id]

    def _shipped_seat(self, submission_id: int, spec: PlayerSpec, with_files: bool) -> ShippedSeat:
        if spec.builtin:
            return ShippedSeat(spec)
        build = self.folder.build(submission_id)
        if submission_id not in self._packs:
            self._packs[submission_id] = pack_folder(build)
        digest, files = self._packs[submission_id]
        return ShippedSeat(spec, ShippedProgram(submission_id, str(build), digest, files if with_files else None))
