"""What the console's form for the final says before it starts: how many games each choice plays,
and how long that should take on this server, judged by its own test rounds."""

from __future__ import annotations

from typing import TypedDict

from ..rounds.final import FinalFormat
from ..store.database import CompetitionStore

CHOICES = (2, 4, 6, 10)
"""Games per pair the form lists (CodeCup 2025's final: 10)."""


class FinalEstimate(TypedDict):
    """One choice of the form: the final's games and time, with the contestants' programs alone and
    with the built-in players too."""

    games_per_pair: int
    games: int
    builtin_games: int
    time: str  # as a person would estimate it: "about 12 min"
    builtin_time: str


def seconds_per_game(store: CompetitionStore) -> float | None:
    """The wall time a game of a test round took on this server's jobs, over its finished test
    rounds (a round's time over its games: the jobs playing at once are in it); None before any."""
    spent, games = 0.0, 0
    counts = store.round_counts()
    for round_ in store.rounds("finished"):
        if round_.kind == "test" and round_.finished is not None and counts.get(round_.id, (0, 0))[0]:
            spent += round_.finished - round_.created
            games += counts[round_.id][0]
    return spent / games if games else None


def duration(seconds: float | None) -> str:
    """A time as a person would estimate it: "about 40 s", "about 12 min", "about 3.5 h"."""
    if seconds is None:
        return "unknown (no test round has been played yet)"
    if seconds < 90:
        return f"about {max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} min"
    return f"about {seconds / 3600:.1f} h"


def final_estimates(store: CompetitionStore, contestants: int, with_builtins: int) -> list[FinalEstimate]:
    """For each number of games per pair the form lists: the games the final would play with the
    contestants' programs alone and with the built-in players too, and the time each should take."""
    per_game = seconds_per_game(store)
    rows: list[FinalEstimate] = []
    for games_per_pair in CHOICES:
        form = FinalFormat(swiss_seeds_per_pair=games_per_pair // 2, robin_seeds_per_pair=games_per_pair // 2)
        alone, together = form.games_for(contestants), form.games_for(with_builtins)
        rows.append({"games_per_pair": games_per_pair, "games": alone, "builtin_games": together,
                     "time": duration(None if per_game is None else alone * per_game),
                     "builtin_time": duration(None if per_game is None else together * per_game)})
    return rows
