"""Play one game from start to finish and return its complete record."""

from __future__ import annotations

import random
import time
from datetime import datetime, timezone
from typing import Any, Callable

from ..games import as_game
from ..games.base import GameInfo
from ..judge.match import Match, SeatState
from ..judge.process import Program
from ..judge.record_types import Record, Setup
from ..judge.sandbox.settings import Sandbox
from ..judge.start_up import StartUp
from .game_record import build_record
from .game_sandbox import game_sandbox, memory_from
from .human import HumanPlayer
from .players import PlayerSpec, builtin_env, seat_command


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def play_game(
    game: GameInfo | str,
    players: list[PlayerSpec],
    seed: int | None = None,
    setup: Setup | None = None,
    time_scale: float = 1.0,
    stderr_limit: int = 10_000,
    human_seat: Callable[..., Any] | None = None,
    sandbox: Sandbox | None = None,
    stop_at_failed_start: str | None = None,
) -> Record:
    """Run a game between two players; every random element comes from ``seed``.

    ``setup`` (brown stones, starting letter, cell values...) overrides the one
    the seed would draw. ``human_seat(seat_name, match, view=...)`` makes the seat
    of a ``human`` player (default: HumanPlayer, a person at this terminal; the web
    viewer gives one fed by the browser). ``sandbox`` confines the programs (default:
    ``limits``), with the game's own memory limit unless it sets one. ``stop_at_failed_start``
    ("refused", or "ended" for a program that ends before its first line too) raises the
    judge's ProgramCannotStart instead of letting the jury play such a program's game. The
    returned record is plain JSON-ready data.
    """
    if len(players) != 2:
        raise ValueError(f"a game needs exactly 2 players, got {len(players)}")
    if time_scale <= 0:
        raise ValueError(f"the time scale must be positive, got {time_scale}")
    game = as_game(game)
    limit_from = memory_from(sandbox)
    sandbox = game_sandbox(game, sandbox)
    seed = new_seed() if seed is None else seed
    if setup is None:
        setup = game.make_setup(random.Random(seed))
    clock_ms = game.clock_ms * time_scale
    told = game.builtin_env(setup) if game.builtin_env is not None else None
    started_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    start = time.monotonic()

    seats: list[SeatState] = []
    match = Match(seats, seed, time_scale, stop_at_failed_start)
    try:
        for seat_index, (seat_name, spec) in enumerate(zip(game.seats, players)):
            if spec.is_human:
                make_human = human_seat or HumanPlayer
                player: Any = make_human(seat_name, match, view=game.human_view)
                seats.append(SeatState(seat_name, player, float("inf")))  # a person plays without a clock
            else:
                # both programs start up at once; each is charged for it at its first turn
                start_up = StartUp(time.monotonic())
                player = Program(seat_command(spec, seed, seat_index), stderr_limit=stderr_limit, folder=spec.folder,
                                 env=builtin_env(spec, clock_ms, told), sandbox=sandbox)
                seats.append(SeatState(seat_name, player, clock_ms, start_up=start_up))
        outcome = game.run_protocol(match, setup)
    finally:
        match.close()
    return build_record(
        game=game,
        players=players,
        seed=seed,
        setup=setup,
        time_scale=time_scale,
        match=match,
        outcome=outcome,
        started_at=started_at,
        duration_ms=(time.monotonic() - start) * 1000,
        sandbox=sandbox,
        memory_from=limit_from,
    )
