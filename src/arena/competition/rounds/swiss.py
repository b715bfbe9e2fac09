"""Swiss pairing, as CodeCup's finals begin: players of like score meet, no pair meets twice.

The players come ranked (best first, by the standings so far). The best unpaired player
meets the next best it has not met; when that leaves the rest unpairable the search goes
back and tries the next one (a depth-first search over the whole round). With an odd field
the lowest-ranked player that has had no bye yet sits this round out. Colours: the player
that has had the first seat less often takes it.

A round's pairing can be legal and still leave no legal pairing for a later round (six players:
after three rounds the pairs not yet met can form two triangles, and a fourth round is then
impossible). So, told how many rounds follow (``rounds_after``), the search keeps only a pairing
after which that many more rounds can still be paired; only when that search runs out of budget
(a field far larger than a final's) does it settle for a pairing of this round alone.
"""

from __future__ import annotations

from collections.abc import Collection

from ..store.database import CompetitionError

SEARCH_BUDGET = 200_000
"""Pairings tried before giving up (a field that has played nearly everyone can have none left)."""


class _OutOfBudget(Exception):
    pass


def swiss_pairs(ranked: list[int], met: Collection[frozenset[int]], had_bye: Collection[int] = (),
                first_seats: dict[int, int] | None = None,
                rounds_after: int = 0) -> tuple[list[tuple[int, int]], int | None]:
    """This round's pairs (first seat first) and the player with a bye (None for an even field);
    ``rounds_after``: how many more rounds these players will be paired for after this one."""
    if len(set(ranked)) != len(ranked):
        raise ValueError(f"a Swiss field's players must differ: {ranked}")
    if len(ranked) < 2:
        raise CompetitionError("a Swiss round needs at least 2 players")
    met = set(met)
    for look_ahead in ((rounds_after, 0) if rounds_after else (0,)):
        budget = [SEARCH_BUDGET]
        future = _Future(ranked, look_ahead, budget)
        try:
            found = _pair_round(ranked, met, set(had_bye), budget, future)
        except _OutOfBudget:
            continue  # the look-ahead was too costly: this round alone, as before
        if found is not None:
            pairs, bye = found
            return [_seat(pair, first_seats or {}) for pair in pairs], bye
    raise CompetitionError(f"no Swiss pairing of these {len(ranked)} players avoids a pair that has met already")


def _pair_round(ranked, met, had_bye, budget, future):
    candidates = [None] if len(ranked) % 2 == 0 else _bye_candidates(ranked, had_bye)
    for bye in candidates:
        players = [player for player in ranked if player != bye]
        pairs = _match(players, met, budget, lambda pairs: future.possible(met | {frozenset(p) for p in pairs}))
        if pairs is not None:
            return pairs, bye
    return None


def _bye_candidates(ranked: list[int], had_bye: set[int]) -> list[int]:
    """Lowest-ranked first, those without a bye yet before those with one."""
    from_bottom = list(reversed(ranked))
    return [p for p in from_bottom if p not in had_bye] + [p for p in from_bottom if p in had_bye]


def _match(players: list[int], met: set[frozenset[int]], budget: list[int], accept,
           chosen: tuple = ()) -> list[tuple[int, int]] | None:
    """Pairs of ``players`` none of which has met, the best unpaired player taking the best partner
    left; the first such pairing that ``accept`` takes (it sees the whole round's pairs)."""
    if not players:
        return [] if accept(chosen) else None
    top, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfBudget
        if frozenset((top, other)) in met:
            continue
        paired = _match(rest[:index] + rest[index + 1:], met, budget, accept, chosen + ((top, other),))
        if paired is not None:
            return [(top, other), *paired]
    return None


class _Future:
    """Can ``rounds`` more rounds still be paired, given who has met? (Whichever order the standings
    will bring; any player may have a later round's bye.) Searched most-constrained player first,
    each answer remembered."""

    def __init__(self, players: list[int], rounds: int, budget: list[int]) -> None:
        self.players, self.rounds, self.budget = sorted(players), rounds, budget
        self._known: dict[tuple[frozenset, int], bool] = {}

    def possible(self, met: set[frozenset[int]], rounds: int | None = None) -> bool:
        rounds = self.rounds if rounds is None else rounds
        if rounds == 0:
            return True
        key = (frozenset(met), rounds)
        if key not in self._known:
            self._known[key] = self._search(met, rounds)
        return self._known[key]

    def _search(self, met: set[frozenset[int]], rounds: int) -> bool:
        players = self.players
        free = {p: sum(1 for q in players if q != p and frozenset((p, q)) not in met) for p in players}
        byes = [None] if len(players) % 2 == 0 else sorted(players, key=lambda p: free[p])
        for bye in byes:
            seated = [p for p in players if p != bye]
            if self._pairings(seated, met, rounds):
                return True
        return False

    def _pairings(self, seated: list[int], met: set[frozenset[int]], rounds: int) -> bool:
        """Is there a pairing of ``seated`` after which rounds - 1 more can be paired?"""
        def after(pairs) -> bool:
            return self.possible(met | {frozenset(p) for p in pairs}, rounds - 1)

        def options(p, among):
            return [q for q in among if q != p and frozenset((p, q)) not in met]

        def search(left: list[int], chosen: tuple) -> bool:
            if not left:
                return after(chosen)
            top = min(left, key=lambda p: len(options(p, left)))  # the most constrained first
            for other in options(top, left):
                self.budget[0] -= 1
                if self.budget[0] < 0:
                    raise _OutOfBudget
                if search([p for p in left if p not in (top, other)], chosen + ((top, other),)):
                    return True
            return False

        return search(seated, ())


def _seat(pair: tuple[int, int], first_seats: dict[int, int]) -> tuple[int, int]:
    higher, lower = pair
    return (lower, higher) if first_seats.get(lower, 0) < first_seats.get(higher, 0) else (higher, lower)
