"""What the workers (parallel/worker_pool.py) are given to play a stored game: the referee's play_game on
this machine's pool, or play_shipped on a Dask cluster's workers, with the programs shipped to them.

Each submission's PLAYER is looked up once. On a cluster a built program's folder must reach the
worker: the game names it by its digest, and a worker without a copy raises MissingFolder for the
games loop to send the game again with the files (parallel/shipped_folders.py); a built-in player needs
nothing, every worker has arena.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...judge.record_types import Record, Setup
from ...judge.sandbox.settings import Sandbox
from ...parallel import on_worker
from ...parallel.shipped_folders import ShippedFolder, pack_folder, rewrite_command
from ...refereeing.players import PlayerSpec, is_program, resolve_player
from ...refereeing.referee import play_game
from ..folder import CompetitionFolder
from ..store.database import CompetitionError, CompetitionStore, StoredGame


@dataclass(frozen=True)
class ShippedSeat:
    spec: PlayerSpec
    program: ShippedFolder | None = None  # None: a built-in player, which every worker has


def play_shipped(game: str, seats: list[ShippedSeat], seed: int, setup: Setup | None, time_scale: float,
                 sandbox: Sandbox) -> Record:
    """A game on a Dask worker, its programs run from the worker's copies. Before its first game a
    worker makes sure it can confine a program as asked; where it cannot, it refuses every game."""
    on_worker.refuse_unless_confining(sandbox.mode, "games")
    specs = [_local_spec(game, seat) for seat in seats]
    hidden = (*sandbox.hidden, on_worker.WORKER_FOLDER)  # the other programs' copies; its own stays visible
    return play_game(game, specs, seed, setup, time_scale, sandbox=replace(sandbox, hidden=hidden))


def _local_spec(game: str, seat: ShippedSeat) -> PlayerSpec:
    program = seat.program
    if program is None:  # a built-in player: this worker's own Python runs it, wherever that is
        return resolve_player(game, seat.spec.text) if seat.spec.builtin else seat.spec
    copy = on_worker.worker_copy(program)
    assert isinstance(seat.spec.command, str)  # a submission's command: one line (build/languages.py)
    return PlayerSpec(seat.spec.text, rewrite_command(seat.spec.command, program.folder, copy), seat.spec.builtin,
                      folder=copy)


class Seats:
    def __init__(self, store: CompetitionStore, folder: CompetitionFolder, game: str, sandbox: Sandbox,
                 time_scale: float, shipped: bool) -> None:
        self.store, self.folder, self.game = store, folder, game
        self.sandbox, self.time_scale, self.shipped = sandbox, time_scale, shipped
        self._specs: dict[int, PlayerSpec] = {}
        self._packs: dict[int, tuple[str, bytes]] = {}

    def work(self, game: StoredGame, with_files: bool = False) -> tuple[Callable[..., Record], tuple, dict[str, Any]]:
        """(function, args, kwargs) that play ``game``; ``with_files``: ship its programs' files along."""
        specs = [self.spec(submission) for submission in game.submissions]
        if not self.shipped:
            return play_game, (self.game, specs, game.seed, game.setup, self.time_scale), {"sandbox": self.sandbox}
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
        return ShippedSeat(spec, ShippedFolder(f"submission {submission_id}", str(build), digest,
                                               files if with_files else None))
