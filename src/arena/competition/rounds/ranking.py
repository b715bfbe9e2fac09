"""The competitions' rankings: each test round and the final is a competition of its own, ranked by
the game's own scoring over that competition's games alone, irregular losses (games a program
faulted in) breaking what the scoring leaves tied. Debut and unrated games count for no ranking.

Every entrant of a round is listed, with ``games`` 0 before its first game, so a contestant sees at
once that their program is in it. A round's cross table (crosstable.py) is ordered as its ranking.
"""

from __future__ import annotations

from collections.abc import Callable

from ...games import get_game
from ...tournament.standings import Standing
from .final import ROBIN, final_rounds, final_standings, is_final, official_standings
from .numbering import round_labels
from .ranking_types import Competition, CompetitionRanking, RankingRow
from ..store.database import CompetitionStore, Round

TEST = "test"
FINAL = "final"
"""The kind the final has as a competition, whatever its rounds' own kinds (final-swiss-N, final-robin)."""
WITH_MARGIN = ("wins_then_margin", "points", "points_subcompetition")
"""The rules whose rows carry ``margin`` (points scored minus points conceded, summed): Domineering's
ranks by it; Flippo's and Black Hole's rank by the points scored, and their margin, the same reckoning,
comes last in their rows (after Black Hole's ``tiebreak``: a CSV's columns keep their places)."""


def is_ranked(kind: str) -> bool:
    """Does a round of this kind have a ranking (a test round, a round of the final)?"""
    return kind == TEST or is_final(kind)


def _number(value: float) -> float | int:
    """A total as people write it: 12, not 12.0 (Domineering's half points stay 2.5)."""
    return int(value) if float(value).is_integer() else round(value, 3)


def _row(standing: Standing, ranking: str) -> RankingRow:
    tally = standing.tally
    row: RankingRow = {
        "rank": standing.rank,
        "name": standing.name,
        "games": tally.games,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "points": _number(tally.points),
        "irregular_losses": tally.irregular_losses,
    }
    if ranking == "game_points":
        row["game_points"] = _number(tally.game_points)
    if ranking == "points_subcompetition":
        row["tiebreak"] = _number(standing.tiebreak)
    if ranking in WITH_MARGIN:
        row["margin"] = _number(tally.margin)
    return row


def _ranking_rule(store: CompetitionStore) -> str:
    return get_game(store.competition().game).ranking


def ranking_rows(store: CompetitionStore, kind: str | None = None, round_id: int | None = None) -> list[RankingRow]:
    """A ranking, best first: each row with ``rank`` (shared by ties), ``name`` (the account),
    ``games``, ``wins``, ``draws``, ``losses``, ``points``, ``irregular_losses`` and what the game's
    ranking rule adds. ``round_id``: that round's games alone (see round_ranking); ``kind``: ``final``
    for the final's own ranking (its robin decides the top, its Swiss rounds the rest), another round
    kind for those rounds alone; neither: every rated game (what no page shows any more: a competition
    is a round)."""
    if round_id is not None:
        found = store.round(round_id)
        return [] if found is None else round_ranking(store, found)
    ranking = _ranking_rule(store)
    if kind == FINAL:
        return [_row(standing, ranking) for standing in final_standings(store, ranking)]
    # without the moves: their times are not ranked, and reading them is most of the cost (0.6 s of
    # 0.7 s with 5,000 games)
    games = list(store.results(rated_only=True, kind=kind, with_moves=False))
    names = {entrant.user_name for entrant in store.entrants()}
    for players, _ in games:
        names.update(players)  # a benched program's account keeps the games it played (a disqualified one's
        # are not among them: store.results leaves them out)
    return [_row(standing, ranking) for standing in official_standings(ranking, sorted(names), games)]


def round_entrants(store: CompetitionStore, round_: Round) -> list[str]:
    """The account names of everyone in a round: its entrants as it was made (a Swiss round's
    whole field, its bye too), and anyone seated in one of its games; disqualified accounts left out."""
    details = round_.details
    ids = list(details.get("entrants") or details.get("players") or [])
    if round_.kind.startswith("final-swiss-"):
        ids += details.get("plan", {}).get("field", [])
    names = set(store.submission_names(ids).values()) | set(store.round_players(round_.id).values())
    return sorted(names - store.disqualified_names())


def round_ranking(store: CompetitionStore, round_: Round) -> list[RankingRow]:
    """One round's ranking over its own rated games (while it plays, the games played so far)."""
    ranking = _ranking_rule(store)
    games = list(store.results(rated_only=True, round_id=round_.id, with_moves=False))
    return [_row(s, ranking) for s in official_standings(ranking, round_entrants(store, round_), games)]


def final_finished(store: CompetitionStore) -> bool:
    rounds = final_rounds(store)
    return bool(rounds) and rounds[-1].kind == ROBIN and rounds[-1].status == "finished"


def competition_ranking(store: CompetitionStore, round_: Round | None = None, final: bool = False,
                        rows_of: Callable[[Round | None], list[RankingRow]] | None = None
                        ) -> CompetitionRanking | None:
    """What /api/ranking answers: ``{"round", "kind", "status", "live", "rows"}``.

    ``final``: the final as a whole (``round`` its last round so far, ``rounds`` all of them); a
    ``round_``: that round's own ranking; neither: the latest finished competition (the final once it
    has finished, else the latest finished test round), or, before any has finished, the test round
    that plays (live). None when there is nothing to rank yet. ``rows_of(round or None for the
    final)``: the rows (a cache of finished ones), else computed here."""
    if rows_of is None:
        def rows_of(ranked: Round | None) -> list[RankingRow]:
            return ranking_rows(store, kind=FINAL) if ranked is None else round_ranking(store, ranked)
    if final:
        rounds = final_rounds(store)
        if not rounds:
            return None
        done = final_finished(store)
        plan = rounds[0].details.get("plan", {})
        return {"round": rounds[-1].id, "rounds": [r.id for r in rounds], "kind": FINAL, "title": "Final",
                "games_per_pair": plan.get("games_per_pair", 2 * plan.get("robin_seeds_per_pair", 1)),
                "status": "finished" if done else "running", "live": not done,
                "created": rounds[0].created, "finished": rounds[-1].finished if done else None,
                "rows": rows_of(None)}
    if round_ is not None:
        label = round_labels(store)[round_.id]
        return {"round": round_.id, "kind": round_.kind, "title": label.title, "number": label.number,
                "status": round_.status,
                "live": round_.status == "running", "created": round_.created, "finished": round_.finished,
                "rows": rows_of(round_)}
    if final_finished(store):
        return competition_ranking(store, final=True, rows_of=rows_of)
    rounds = [r for r in store.rounds() if r.kind == TEST]  # newest first
    chosen = next((r for r in rounds if r.status == "finished"), None) or next(iter(rounds), None)
    return None if chosen is None else competition_ranking(store, chosen, rows_of=rows_of)


def competitions(store: CompetitionStore) -> list[Competition]:
    """The competitions, newest first: each test round, and the final (once begun) as one."""
    listed: list[Competition] = []
    final = final_rounds(store)
    if final:
        done = final_finished(store)
        listed.append({"kind": FINAL, "title": "Final", "round": final[-1].id, "rounds": [r.id for r in final],
                       "status": "finished" if done else "running", "created": final[0].created})
    labels = round_labels(store)
    listed += [{"kind": TEST, "title": labels[r.id].title, "round": r.id, "rounds": [r.id], "status": r.status,
                "created": r.created} for r in store.rounds() if r.kind == TEST]
    return sorted(listed, key=lambda c: -c["created"])
