"""Standings by each competition's own rules (``GameInfo.ranking``).

Everything is read from the game records' ``result``: ``scores``, ``winner``,
``verdicts`` and, for Turn Right, ``game_points``. Nothing here knows a game
by name; the five ranking rules are the only per-competition knowledge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..judge.record_types import RecordSummary, Result


@dataclass
class Tally:
    """What one player (or one player against one opponent) has gathered so far."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: float = 0.0
    game_points: float = 0.0
    margin: float = 0.0  # own points minus the opponent's, summed
    irregular_losses: int = 0  # games this player's program faulted in (verdict other than ok)

    def add(self, result: Result, seat: int) -> None:
        other = 1 - seat
        self.games += 1
        if result["winner"] is None:
            self.draws += 1
        elif result["winner"] == seat:
            self.wins += 1
        else:
            self.losses += 1
        self.points += result["scores"][seat]
        self.margin += result["scores"][seat] - result["scores"][other]
        if "game_points" in result:
            self.game_points += result["game_points"][seat]
        if result["verdicts"][seat] != "ok":
            self.irregular_losses += 1


@dataclass
class Standing:
    name: str
    tally: Tally
    move_wall_ms: list[float] = field(default_factory=list)
    move_cpu_ms: list[float] = field(default_factory=list)
    tiebreak: float = 0.0  # Black Hole: points in the games among the players tied with it
    rank: int = 0

    @property
    def mean_wall_ms(self) -> float | None:
        return sum(self.move_wall_ms) / len(self.move_wall_ms) if self.move_wall_ms else None

    @property
    def mean_cpu_ms(self) -> float | None:
        return sum(self.move_cpu_ms) / len(self.move_cpu_ms) if self.move_cpu_ms else None


GameResult = tuple[tuple[str, str], RecordSummary]
"""A game as the standings see it: the tournament names in seat order, and its record (its result
and moves are all they read)."""

SortKey = Callable[[Standing], tuple]

RANKING_KEYS: dict[str, SortKey] = {
    "points": lambda s: (-s.tally.points,),
    "points_subcompetition": lambda s: (-s.tally.points, -s.tiebreak),
    "game_points": lambda s: (-s.tally.game_points, -s.tally.points, s.tally.irregular_losses),
    "wins_then_points": lambda s: (-s.tally.wins, -s.tally.draws, s.tally.losses, -s.tally.points),
    "wins_then_margin": lambda s: (-s.tally.wins, -s.tally.margin),
}


def tally_pairs(names: Iterable[str], games: Iterable[GameResult]) -> dict[tuple[str, str], Tally]:
    """The result matrix: ``(row, column)`` is how ``row`` did against ``column``."""
    names = list(names)
    pairs = {(a, b): Tally() for a in names for b in names if a != b}
    for players, record in games:
        for seat in (0, 1):
            pairs[players[seat], players[1 - seat]].add(record["result"], seat)
    return pairs


def compute_standings(ranking: str, names: Iterable[str], games: Iterable[GameResult]) -> list[Standing]:
    """The players in ranking order, each with its shared rank (1, 2, 2, 4...)."""
    if ranking not in RANKING_KEYS:
        raise ValueError(f"unknown ranking {ranking!r}; known: {', '.join(RANKING_KEYS)}")
    names = list(names)
    games = list(games)
    standings = {name: Standing(name, Tally()) for name in names}
    for players, record in games:
        for seat in (0, 1):
            standings[players[seat]].tally.add(record["result"], seat)
        for move in record["moves"]:
            if "wall_ms" in move:  # moves the jury played for a faulted program have no times
                standings[players[move["seat"]]].move_wall_ms.append(move["wall_ms"])
                standings[players[move["seat"]]].move_cpu_ms.append(move["cpu_ms"])
    if ranking == "points_subcompetition":
        _break_ties_by_subcompetition(standings, tally_pairs(names, games))
    key = RANKING_KEYS[ranking]
    ordered = sorted(standings.values(), key=lambda s: (key(s), s.name))
    for position, standing in enumerate(ordered):
        tied_with_previous = position > 0 and key(ordered[position - 1]) == key(standing)
        standing.rank = ordered[position - 1].rank if tied_with_previous else position + 1
    return ordered


def _break_ties_by_subcompetition(standings: dict[str, Standing], pairs: dict[tuple[str, str], Tally]) -> None:
    """Black Hole: among players level on points, the points they took off each other decide."""
    by_points: dict[float, list[str]] = {}
    for standing in standings.values():
        by_points.setdefault(standing.tally.points, []).append(standing.name)
    for tied in by_points.values():
        for name in tied:
            standings[name].tiebreak = sum(pairs[name, other].points for other in tied if other != name)
