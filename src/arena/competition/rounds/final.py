"""The final, in CodeCup's format, kept entirely in the store's rounds so a restart resumes it.

A small field (at most ``robin_max`` submissions) plays one double round robin
(``final-robin``). A larger one first plays Swiss rounds (``final-swiss-1`` ...), paired
by the standings so far, then the ``top`` best of them play a double round robin. Every
final round's details carry the plan, so the next round is a function of the store alone.

The ranking is the game's official one (``GameInfo.ranking``) with fewer irregular losses
breaking ties; the robin decides the top, the Swiss the rest.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from ...judge.record_types import Setup
from ...tournament.standings import RANKING_KEYS, Standing, compute_standings
from .pairings import pair_games, robin_games
from ..store.database import CompetitionError, CompetitionStore, PlannedGame, Round, Submission
from ..store.rows import FinalPlan, RoundDetails
from .swiss import swiss_pairs

ROBIN = "final-robin"
SWISS = "final-swiss-"


MadeRound = tuple[str, list[PlannedGame], RoundDetails]
"""A round to add: its kind, its games and its details."""


@dataclass(frozen=True)
class FinalFormat:
    robin_max: int = 20  # a field this small plays the robin at once
    swiss_rounds: int = 11  # as CodeCup 2025's final (fewer when the field is too small for that many)
    top: int = 20  # how many of the Swiss field go on to the robin
    swiss_seeds_per_pair: int = 1  # each seed is played in both seats
    robin_seeds_per_pair: int = 1  # CodeCup 2025: 5 (10 games per pair)
    swiss_asked: bool = False  # the organiser asked for swiss_rounds: played whatever the field's size
    builtins: bool = False  # built-in players entered play the final too (else only contestants do)

    @property
    def games_per_pair(self) -> int:
        """How many games each pair of the robin plays (its seeds, each in both seats)."""
        return 2 * self.robin_seeds_per_pair

    def swiss_rounds_for(self, field: int) -> int:
        """How many Swiss rounds a field of this size plays before its robin: those asked for, else
        none for a field the robin takes at once, else ``swiss_rounds``; never more than a field of
        ``field`` can pair without meeting twice."""
        wanted = self.swiss_rounds if self.swiss_asked or field > self.robin_max else 0
        return max(0, min(wanted, field - 1))

    def games_for(self, field: int) -> int:
        """The games the whole final plays with a field of this size: its Swiss rounds (a pair a
        player, one sitting out when they are odd), then the robin of its top (or of all)."""
        swiss = self.swiss_rounds_for(field)
        robin = min(field, self.top) if swiss else field
        return (swiss * (field // 2) * 2 * self.swiss_seeds_per_pair
                + robin * (robin - 1) // 2 * self.games_per_pair)


def is_final(kind: str) -> bool:
    return kind == ROBIN or kind.startswith(SWISS)


def final_rounds(store: CompetitionStore) -> list[Round]:
    """The final's rounds, oldest first."""
    return sorted((r for r in store.rounds() if is_final(r.kind)), key=lambda r: r.id)


FINAL_BEGUN = "the final has begun: no more test rounds (their games would be rated after the final)"


def refuse_after_final_began(store: CompetitionStore) -> None:
    """A test round once the final has begun is refused (CompetitionError, which the site answers
    with 409): its games would come after the final's and rank nothing."""
    if final_rounds(store):
        raise CompetitionError(FINAL_BEGUN)


def first_final_round(field: list[int], form: FinalFormat, seed: int, setups: list[Setup] | None) -> MadeRound:
    """(kind, games, details) of the final's first round."""
    # the format's fields in their order (swiss_rounds as this field plays them), then the field's own
    plan: FinalPlan = {"robin_max": form.robin_max, "swiss_rounds": form.swiss_rounds_for(len(field)),
                       "top": form.top, "swiss_seeds_per_pair": form.swiss_seeds_per_pair,
                       "robin_seeds_per_pair": form.robin_seeds_per_pair, "swiss_asked": form.swiss_asked,
                       "builtins": form.builtins, "field": field, "seed": seed,
                       "games_per_pair": form.games_per_pair}
    if plan["swiss_rounds"] == 0:
        return _robin(plan, field, setups)
    order = list(field)
    random.Random(seed).shuffle(order)  # the first Swiss round pairs by lot
    return _swiss(plan, 1, order, set(), set(), setups)


def next_final_round(store: CompetitionStore, ranking: str, setups: list[Setup] | None) -> MadeRound | None:
    """(kind, games, details) of the round that follows the final's finished last round, or None
    when the final has not begun, its last round still runs, or it is over."""
    rounds = final_rounds(store)
    if not rounds or rounds[-1].status != "finished" or rounds[-1].kind == ROBIN:
        return None
    plan = rounds[-1].details["plan"]
    # a program whose account an organiser set aside since (disabled, withdrawn) plays no more of
    # the final; its games so far stay, and so does its place in the Swiss standings
    set_aside = store.disabled_submissions()
    standing = [submission for submission in swiss_order(store, plan, ranking) if submission not in set_aside]
    if len(rounds) < plan["swiss_rounds"] and len(standing) >= 2:
        met = {frozenset(pair) for r in rounds for pair in r.details["pairs"]}
        byes = {bye for r in rounds if (bye := r.details.get("bye")) is not None}
        return _swiss(plan, len(rounds) + 1, standing, met, byes, setups)
    return _robin(plan, standing[:plan["top"]], setups)


def swiss_order(store: CompetitionStore, plan: FinalPlan, ranking: str) -> list[int]:
    """The field's submissions, best first, by the Swiss rounds played so far."""
    names = _names(store, plan["field"])
    games = [game for r in final_rounds(store) if r.kind.startswith(SWISS) for game in store.results(kind=r.kind)]
    by_name = {name: submission for submission, name in names.items()}
    return [by_name[s.name] for s in official_standings(ranking, names.values(), games)]


def final_standings(store: CompetitionStore, ranking: str) -> list[Standing]:
    """The final's ranking so far: the robin's players by the robin, then the rest by the Swiss."""
    rounds = final_rounds(store)
    if not rounds:
        return []
    plan = rounds[0].details["plan"]
    names = _names(store, plan["field"])
    robin = [r for r in rounds if r.kind == ROBIN]
    swiss_games = [g for r in rounds if r.kind.startswith(SWISS) for g in store.results(kind=r.kind)]
    swiss = official_standings(ranking, names.values(), swiss_games)
    if not robin:
        return swiss
    top = [names[s] for s in robin[0].details["players"] if s in names]
    ranked = official_standings(ranking, top, list(store.results(kind=ROBIN)))
    rest = [s for s in swiss if s.name not in set(top)]
    for position, standing in enumerate(rest, start=len(ranked) + 1):
        standing.rank = position
    return ranked + rest


def official_standings(ranking: str, names, games) -> list[Standing]:
    """compute_standings, with fewer irregular losses breaking the game's own ties."""
    standings = compute_standings(ranking, names, games)
    key = RANKING_KEYS[ranking]
    full = lambda s: (key(s), s.tally.irregular_losses)  # noqa: E731
    standings.sort(key=lambda s: (full(s), s.name))
    for position, standing in enumerate(standings):
        tied = position > 0 and full(standings[position - 1]) == full(standing)
        standing.rank = standings[position - 1].rank if tied else position + 1
    return standings


def _names(store: CompetitionStore, field: list[int]) -> dict[int, str]:
    """Each submission's account name (a field has one submission per account), but a disqualified
    account's: it is out of the final's ranking, which is the others' among themselves."""
    out = store.disqualified_names()
    names = {submission: _submission(store, submission).user_name for submission in field}
    return {submission: name for submission, name in names.items() if name not in out}


def _submission(store: CompetitionStore, submission_id: int) -> Submission:
    found = store.submission(submission_id)
    assert found is not None  # a field's submission: submissions are never deleted
    return found


def _swiss(plan: FinalPlan, number: int, ranked: list[int], met: Collection[frozenset[int]], byes: Collection[int],
           setups: list[Setup] | None) -> MadeRound:
    # told how many Swiss rounds follow, so that this one leaves them a legal pairing
    pairs, bye = swiss_pairs(ranked, met, byes, rounds_after=plan["swiss_rounds"] - number)
    games = pair_games(pairs, plan["seed"] + number, setups, seeds_per_pair=plan["swiss_seeds_per_pair"])
    return f"{SWISS}{number}", games, {"plan": plan, "pairs": pairs, "bye": bye}


def _robin(plan: FinalPlan, players: list[int], setups: list[Setup] | None) -> MadeRound:
    games = robin_games(list(players), plan["seed"], setups, seeds_per_pair=plan["robin_seeds_per_pair"])
    return ROBIN, games, {"plan": plan, "players": list(players)}
