"""The competition's ranking: the game's own scoring over every rated game played, irregular losses
(games a program faulted in) breaking what the scoring leaves tied.

Every account that has a program in play is listed, with ``games`` 0 before its first game, so a
contestant sees at once that their program was admitted.
"""

from __future__ import annotations

from typing import Any

from ...games import get_game
from ...tournament.standings import Standing
from .final import final_standings, official_standings
from ..store.database import CompetitionStore


def _number(value: float) -> float | int:
    """A total as people write it: 12, not 12.0 (Domineering's half points stay 2.5)."""
    return int(value) if float(value).is_integer() else round(value, 3)


def _row(standing: Standing, ranking: str) -> dict[str, Any]:
    tally = standing.tally
    row: dict[str, Any] = {
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
    if ranking == "wins_then_margin":
        row["margin"] = _number(tally.margin)
    if ranking == "points_subcompetition":
        row["tiebreak"] = _number(standing.tiebreak)
    return row


def ranking_rows(store: CompetitionStore, kind: str | None = None) -> list[dict[str, Any]]:
    """The ranking, best first: each row with ``rank`` (shared by ties), ``name`` (the account),
    ``games``, ``wins``, ``draws``, ``losses``, ``points``, ``irregular_losses`` and what the game's
    ranking rule adds. ``kind``: ``final`` for the final's own ranking (its robin decides the top,
    its Swiss rounds the rest), another round kind for those rounds alone, None for every rated game."""
    ranking = get_game(store.competition().game).ranking
    if kind == "final":
        return [_row(standing, ranking) for standing in final_standings(store, ranking)]
    # without the moves: their times are not ranked, and reading them is most of the cost (0.6 s of
    # 0.7 s with 5,000 games)
    games = list(store.results(rated_only=True, kind=kind, with_moves=False))
    names = {entrant.user_name for entrant in store.entrants()}
    for players, _ in games:
        names.update(players)  # a benched program's account keeps the games it played
    return [_row(standing, ranking) for standing in official_standings(ranking, sorted(names), games)]
