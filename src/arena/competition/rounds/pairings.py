"""Who plays whom in a round: pure functions from submissions to the games a round stores.

Every pair plays on one seed in both seats, so the luck of the setup cancels out (as in
``arena tournament``). A game that cycles fixed setups (``GameInfo.tournament_setups``, Lucky
Words' starting letters) gives each pair one of them, the next pair the next, so a round of
many pairs covers them all without making every pair play every one.
"""

from __future__ import annotations

from itertools import combinations

from ...judge.record_types import Setup
from ...tournament.schedule import derive_seed
from ..store.database import PlannedGame


def pair_games(pairs: list[tuple[int, int]], seed: int, setups: list[Setup] | None, *, seeds_per_pair: int = 1,
               rated: bool = True, first_slot: int = 0) -> list[PlannedGame]:
    """Each pair's games: ``seeds_per_pair`` seeds, each played in both seats."""
    games: list[PlannedGame] = []
    for index, (first, second) in enumerate(pairs):
        for repeat in range(seeds_per_pair):
            game_seed = derive_seed(seed, first, second, repeat)
            setup = setups[(index * seeds_per_pair + repeat) % len(setups)] if setups else None
            for seats in ((first, second), (second, first)):
                games.append(PlannedGame(first_slot + len(games), seats, game_seed, setup, rated))
    return games


def robin_games(submissions: list[int], seed: int, setups: list[Setup] | None, *, seeds_per_pair: int = 1,
                rated: bool = True) -> list[PlannedGame]:
    """A double round robin: every pair, both seats."""
    if len(set(submissions)) != len(submissions):
        raise ValueError(f"a round's submissions must differ: {submissions}")
    return pair_games(list(combinations(submissions, 2)), seed, setups, seeds_per_pair=seeds_per_pair,
                      rated=rated)


def debut_games(newcomer: int, others: list[int], seed: int, setups: list[Setup] | None) -> list[PlannedGame]:
    """A new submission's first games: one pair of games against every other entrant."""
    return pair_games([(newcomer, other) for other in others if other != newcomer], seed, setups)
