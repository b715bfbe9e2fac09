"""Which games a tournament plays: a double round robin of colour-swapped pairs.

Every round, every pair of players plays two games on one seed, once in each
seat, so luck in the setup (brown stones, cell values, starting letter) cancels
out. A game that cycles fixed setups (``GameInfo.tournament_setups``, Lucky
Words' 26 starting letters) plays each of them with both colours instead.

The schedule is a pure function of the players, rounds and seed: that is what
lets a rerun of the same command find the games it already played.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import combinations

from ..judge.record_types import Setup


@dataclass(frozen=True)
class ScheduledGame:
    slot: int  # its place in the schedule: the key of the game in the store
    round: int  # 1-based
    players: tuple[str, str]  # tournament names, first seat first
    seed: int
    setup: Setup | None  # None: the game draws its setup from the seed


def derive_seed(tournament_seed: int, *parts: object) -> int:
    """A game seed from the tournament seed, stable across runs and Python versions.

    (``hash()`` is salted per process, and a plain ``seed + n`` would give
    neighbouring tournaments overlapping games.)
    """
    text = ":".join(str(part) for part in (tournament_seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 1


def double_round_robin(
    names: list[str], rounds: int, seed: int, setups: list[Setup] | None = None
) -> list[ScheduledGame]:
    """The games of ``rounds`` rounds, round by round so an interrupted run stays balanced."""
    if len(set(names)) != len(names):
        raise ValueError(f"player names must differ: {', '.join(names)}")
    if len(names) < 2:
        raise ValueError("a tournament needs at least 2 players")
    if rounds < 1:
        raise ValueError(f"a tournament needs at least 1 round, got {rounds}")
    setup_list: list[Setup | None] = list(setups) if setups else [None]
    games: list[ScheduledGame] = []
    for round_number in range(1, rounds + 1):
        for first, second in combinations(names, 2):
            for setup_index, setup in enumerate(setup_list):
                game_seed = derive_seed(seed, round_number, first, second, setup_index)
                for pair in ((first, second), (second, first)):
                    games.append(ScheduledGame(len(games), round_number, pair, game_seed, setup))
    return games
