"""A contestant's progress, for their own page (/my): their place in every finished test round and in
the final, with the submission that played it, as a table and a small chart."""

from __future__ import annotations

from typing import TypedDict

from ..rounds.final import final_rounds
from ..rounds.numbering import round_labels
from ..rounds.ranking import TEST, final_finished
from ..rounds.ranking_types import RankingRow
from ..store.database import CompetitionStore, User
from .kept_results import KeptResults


def _submission_of(store: CompetitionStore, round_id: int, name: str) -> int | None:
    """The submission of ``name``'s that played in the round (the newest, should there be two)."""
    return max((s for s, player in store.round_players(round_id).items() if player == name), default=None)


class ProgressLine(TypedDict):
    """The account's place in one finished competition."""

    round: int  # the test round, or the final's last round
    title: str
    number: int | None  # the test round's number, None for the final
    submission: int | None  # the submission that played it
    rank: int
    of: int  # how many were ranked
    points: float
    games: int
    row: RankingRow  # the account's ranking row there


def progress(store: CompetitionStore, kept: KeptResults, user: User) -> list[ProgressLine]:
    """Oldest first: ``{"round", "title", "number", "submission", "rank", "of", "points", "games", "row"}``
    for each finished test round the account was ranked in, then the final (once it has finished);
    ``row``: the account's ranking row there (the figures its rule ranks by: wins, margin ...)."""
    labels = round_labels(store)
    lines: list[ProgressLine] = []
    for round_ in sorted(store.rounds("finished"), key=lambda r: r.id):
        if round_.kind != TEST:
            continue
        rows = kept.rows(store, round_)
        mine = next((row for row in rows if row["name"] == user.name), None)
        if mine is not None:
            lines.append({"round": round_.id, "title": labels[round_.id].title, "number": labels[round_.id].number,
                          "submission": _submission_of(store, round_.id, user.name), "rank": mine["rank"],
                          "of": len(rows), "points": mine["points"], "games": mine["games"], "row": mine})
    if final_finished(store):
        rows = kept.rows(store, None)
        mine = next((row for row in rows if row["name"] == user.name), None)
        if mine is not None:
            last = final_rounds(store)[-1]
            played = [_submission_of(store, r.id, user.name) for r in final_rounds(store)]
            lines.append({"round": last.id, "title": "Final", "number": None,
                          "submission": next((s for s in played if s is not None), None), "rank": mine["rank"],
                          "of": len(rows), "points": mine["points"], "games": mine["games"], "row": mine})
    return lines
