"""Swiss pairing, as CodeCup's finals begin: players of like score meet, no pair meets twice.

The players come ranked (best first, by the standings so far). The best unpaired player
meets the next best it has not met; when that leaves the rest unpairable the search goes
back and tries the next one (a depth-first search, which at a final's sizes backtracks
little). With an odd field the lowest-ranked player that has had no bye yet sits this
round out. Colours: the player that has had the first seat less often takes it.
"""

from __future__ import annotations

from collections.abc import Collection

from ..store.database import CompetitionError

SEARCH_BUDGET = 200_000
"""Pairings tried before giving up (a field that has played nearly everyone can have none left)."""


def swiss_pairs(ranked: list[int], met: Collection[frozenset[int]], had_bye: Collection[int] = (),
                first_seats: dict[int, int] | None = None) -> tuple[list[tuple[int, int]], int | None]:
    """This round's pairs (first seat first) and the player with a bye (None for an even field)."""
    if len(set(ranked)) != len(ranked):
        raise ValueError(f"a Swiss field's players must differ: {ranked}")
    if len(ranked) < 2:
        raise CompetitionError("a Swiss round needs at least 2 players")
    budget = [SEARCH_BUDGET]
    candidates = [None] if len(ranked) % 2 == 0 else _bye_candidates(ranked, set(had_bye))
    for bye in candidates:
        players = [player for player in ranked if player != bye]
        pairs = _match(players, set(met), budget)
        if pairs is not None:
            return [_seat(pair, first_seats or {}) for pair in pairs], bye
    raise CompetitionError(f"no Swiss pairing of these {len(ranked)} players avoids a pair that has met already")


def _bye_candidates(ranked: list[int], had_bye: set[int]) -> list[int]:
    """Lowest-ranked first, those without a bye yet before those with one."""
    from_bottom = list(reversed(ranked))
    return [p for p in from_bottom if p not in had_bye] + [p for p in from_bottom if p in had_bye]


def _match(players: list[int], met: set[frozenset[int]], budget: list[int]) -> list[tuple[int, int]] | None:
    if not players:
        return []
    top, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((top, other)) in met:
            continue
        paired = _match(rest[:index] + rest[index + 1:], met, budget)
        if paired is not None:
            return [(top, other), *paired]
    return None


def _seat(pair: tuple[int, int], first_seats: dict[int, int]) -> tuple[int, int]:
    higher, lower = pair
    return (lower, higher) if first_seats.get(lower, 0) < first_seats.get(higher, 0) else (higher, lower)
