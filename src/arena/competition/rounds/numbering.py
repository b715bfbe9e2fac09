"""Rounds as contestants name them: "Test round 3", "Final, Swiss round 2", not by the ids they
share with debuts and unrated games.

Test rounds are numbered 1, 2, 3 ... in the order they started; the final's rounds 1 ... n within
the final; debuts and unrated games have no number (a built-in player's debut is "Debut of the built-in
player greedy", a contestant's "Debut of bob's submission 4"). The numbers follow from the rounds alone (ids
grow with time, and no round is ever removed), so they never change once given.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..store.database import CompetitionStore, Round
from .final import ROBIN, SWISS, is_final


@dataclass(frozen=True)
class RoundLabel:
    number: int | None
    title: str


def round_labels(store: CompetitionStore, rounds: list[Round] | None = None) -> dict[int, RoundLabel]:
    """Every round's number and title, by id (``rounds``: the store's, when already read)."""
    every = sorted(store.rounds() if rounds is None else rounds, key=lambda r: r.id)
    debut_authors = store.submission_names(r.details["submission"] for r in every
                                           if r.kind == "debut" and "submission" in r.details)
    builtins = {u.name for u in store.users() if u.role == "builtin"} if debut_authors else set()
    labels: dict[int, RoundLabel] = {}
    tests = finals = 0
    for round_ in every:
        if round_.kind == "test":
            tests += 1
            labels[round_.id] = RoundLabel(tests, f"Test round {tests}")
        elif is_final(round_.kind):
            finals += 1
            labels[round_.id] = RoundLabel(finals, _final_title(round_.kind))
        elif round_.kind == "debut":
            submission = round_.details.get("submission")
            author = "a contestant" if submission is None else debut_authors.get(submission, "a contestant")
            labels[round_.id] = RoundLabel(None, f"Debut of the built-in player {author.removeprefix('builtin-')}"
                                           if author in builtins else f"Debut of {author}'s submission {submission}")
        elif round_.kind == "unrated":
            labels[round_.id] = RoundLabel(None, "Unrated games")
        else:
            labels[round_.id] = RoundLabel(None, f"{round_.kind.capitalize()} games")
    return labels


def _final_title(kind: str) -> str:
    if kind == ROBIN:
        return "Final, round robin"
    return f"Final, Swiss round {kind.removeprefix(SWISS)}"


def round_label(store: CompetitionStore, round_id: int) -> RoundLabel:
    """One round's label (reads every round: their order numbers it)."""
    return round_labels(store).get(round_id, RoundLabel(None, f"Round {round_id}"))
