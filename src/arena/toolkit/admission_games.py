"""The admission test of a competition, at home: does a program play clean games?

A program plays ``builtin:random`` through the real judge, in both seats over
several seeds. Each game's record is read for the program's fault (explained by
refereeing/fault_report.py) and its timing: its first reply (start-up included, as
programs start suspended), its longest move and the share of its clock it used.
``arena check`` (cli/check_command.py) prints what :func:`run_check` returns.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games import as_game
from ..games.base import GameInfo
from ..judge.record_types import Record
from ..refereeing.fault_report import FaultReport, fault_report
from ..refereeing.players import resolve_player
from ..refereeing.referee import new_seed, play_game
from ..judge.sandbox.settings import Sandbox

OPPONENT = "builtin:random"


@dataclass(frozen=True)
class SeatTiming:
    first_reply_ms: float | None  # None: it never replied
    longest_move_ms: float
    clock_used_ms: float  # the time its moves took, all on its game clock
    clock_ms: float

    @property
    def clock_share(self) -> float:
        return self.clock_used_ms / self.clock_ms if self.clock_ms else 0.0


@dataclass(frozen=True)
class CheckedGame:
    number: int  # 1-based
    seed: int
    seat: int  # the program's seat
    record: Record
    fault: FaultReport | None  # the program's fault, if any
    opponent_fault: FaultReport | None  # the built-in opponent's (a sign of an overloaded machine)
    timing: SeatTiming

    @property
    def seat_name(self) -> str:
        return self.record["seats"][self.seat]


@dataclass(frozen=True)
class CheckReport:
    game: str
    player: str
    time_scale: float
    games: list[CheckedGame]

    @property
    def clean(self) -> bool:
        """True when the program played every game without a fault."""
        return all(game.fault is None for game in self.games)

    @property
    def faulty(self) -> list[CheckedGame]:
        return [game for game in self.games if game.fault is not None]


def seat_timing(record: Record, seat: int) -> SeatTiming:
    """How a seat used its time in a game, from the record's moves and times."""
    walls = [m["wall_ms"] for m in record["moves"] if m["seat"] == seat and "wall_ms" in m]
    times = record["times"][seat]
    first = times.get("first_reply_ms", walls[0] if walls else None)  # older records: its first move
    left = times.get("clock_left_ms")
    return SeatTiming(
        first_reply_ms=first,
        longest_move_ms=max(walls, default=0.0),
        # the clock left tells the time a timed-out move took as well; older records lack it
        clock_used_ms=sum(walls) if left is None else record["clock_ms"] - left,
        clock_ms=record["clock_ms"],
    )


def seats_and_seeds(games: int, base_seed: int) -> list[tuple[int, int]]:
    """(seat, seed) of each game: both seats on one seed, then the next seed."""
    return [(number % 2, base_seed + number // 2) for number in range(games)]


def run_check(game: GameInfo | str, player: str, games: int = 4, time_scale: float = 1.0,
              seed: int | None = None, sandbox: Sandbox | None = None, folder: str | None = None) -> CheckReport:
    """Play ``games`` games of ``player`` against builtin:random and report on each; ``folder``: its
    own folder, when the caller names it (a competition's build folder; resolve_player).

    Raises ``UnknownGameError`` or ``PlayerSpecError`` for a bad game or PLAYER.
    """
    if games < 1:
        raise ValueError(f"a check needs at least one game, got {games}")
    game = as_game(game)
    program = resolve_player(game, player, folder=folder)
    if program.is_human:
        raise ValueError("arena check tests a program, not a human player")
    opponent = resolve_player(game, OPPONENT)
    base_seed = new_seed() if seed is None else seed
    checked = []
    for number, (seat, game_seed) in enumerate(seats_and_seeds(games, base_seed), start=1):
        players = [program, opponent] if seat == 0 else [opponent, program]
        record = play_game(game, players, seed=game_seed, time_scale=time_scale, sandbox=sandbox)
        checked.append(CheckedGame(
            number=number,
            seed=game_seed,
            seat=seat,
            record=record,
            fault=fault_report(record, seat, game),
            opponent_fault=fault_report(record, 1 - seat, game),
            timing=seat_timing(record, seat),
        ))
    return CheckReport(game=game.name, player=player, time_scale=time_scale, games=checked)
