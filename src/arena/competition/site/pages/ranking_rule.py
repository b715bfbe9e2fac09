"""The ranking rule as a contestant reads it on the ranking and round pages: what ranks first, what
breaks ties, in words (not the rule's name in the code); the figures it ranks by, in its order, as
the tables' first columns; and a line saying which figure put each questionable neighbour above
the next ("bob above carol: same wins, margin +12 against −4")."""

from __future__ import annotations

from typing import TypedDict

from ...rounds.ranking_types import RankingRow

ORDER = {
    "points": "most points first (each game's score, added up over the games)",
    "points_subcompetition": "most points first (each game's score, added up over the games); among players "
                             "level on points, the points each scored in the games between them",
    "game_points": "most game points first (the game's own points for each result), then most points scored",
    "wins_then_points": "most wins first, then most draws, then fewest losses, then most points scored",
    "wins_then_margin": "most wins first, then the biggest margin (points scored minus points conceded, added up "
                        "over the games)",
}

TIES = ("; players still level, fewer irregular losses first (games a program lost by crashing, running out "
        "of time or an illegal move); players level on all of that share a place")

DECIDING: dict[str, tuple[str, ...]] = {
    "points": ("points",),
    "points_subcompetition": ("points", "tiebreak"),
    "game_points": ("game_points", "points"),
    "wins_then_points": ("wins", "draws", "losses", "points"),
    "wins_then_margin": ("wins", "margin"),
}
"""The row fields each rule ranks by, in its order (tournament/standings.py's RANKING_KEYS); fewer
irregular losses come after every one of them (rounds/final.py's official_standings)."""

HEADINGS = {"rank": "Rank", "name": "Name", "games": "Games", "wins": "Wins", "draws": "Draws", "losses": "Losses",
            "points": "Points", "irregular_losses": "Irregular losses", "margin": "Margin",
            "game_points": "Game points", "tiebreak": "Tie-break points"}
WORDS = {"wins": "wins", "draws": "draws", "losses": "losses", "points": "points", "margin": "margin",
         "game_points": "game points", "tiebreak": "tie-break points", "irregular_losses": "irregular losses"}
_FEWER_FIRST = {"losses", "irregular_losses"}


class RankingColumn(TypedDict):
    key: str  # the row's field
    heading: str
    deciding: bool  # one the rule ranks by


_OTHERS = ("games", "wins", "draws", "losses", "points")
_MARGIN_SHOWN = ("points", "points_subcompetition")
"""The rules that rank by points and whose rows also carry the margin (rounds/ranking.py's WITH_MARGIN),
shown after the others."""


def ranking_rule_words(ranking: str) -> str:
    """``"Ranked by its own games alone: most wins first, ..."``: one sentence."""
    return f"Ranked over its own games alone: {ORDER.get(ranking, 'by the game’s own scoring')}{TIES}."


def deciding_figures(ranking: str) -> tuple[str, ...]:
    """The fields the rule compares, in order, irregular losses last."""
    return (*DECIDING.get(ranking, ("points",)), "irregular_losses")


def ranking_columns(ranking: str) -> list[RankingColumn]:
    """The ranking table's columns after rank and name: ``{"key", "heading", "deciding"}``, the
    figures the rule ranks by first, in its order, then the others (games, wins, ... not among them; the
    margin last where the rule ranks by points)."""
    deciding = deciding_figures(ranking)
    shown = (*_OTHERS, "margin") if ranking in _MARGIN_SHOWN else _OTHERS
    first: list[RankingColumn] = [{"key": key, "heading": HEADINGS[key], "deciding": True} for key in deciding]
    others: list[RankingColumn] = [{"key": key, "heading": HEADINGS[key], "deciding": False}
                                   for key in shown if key not in deciding]
    return first + others


def _signed(key: str, value: object) -> str:
    if key != "margin" or not isinstance(value, (int, float)):
        return f"{value}"
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _why(ranking: str, upper: RankingRow, lower: RankingRow) -> str | None:
    """Which figure put ``upper`` above ``lower`` (None: they share the place)."""
    deciding = deciding_figures(ranking)
    level: list[str] = []
    for key in deciding:
        if upper.get(key) != lower.get(key):
            said = (f"{WORDS[key]} {_signed(key, upper.get(key))} against {_signed(key, lower.get(key))}"
                    + (" (fewer first)" if key in _FEWER_FIRST else ""))
            if not level:
                return said
            words = [WORDS[k] for k in level]
            same = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
            return f"same {same}, {said}"
        level.append(key)
    return None


def figures_said(ranking: str, row: RankingRow) -> list[dict[str, str]]:
    """The figures the rule ranks by, for a podium, then the wins and the points where the rule does not
    rank by them: ``[{"key": "wins", "text": "5 wins"}, {"key": "margin", "text": "margin +12"},
    {"key": "points", "text": "310 points"}]`` (irregular losses left out: the tie-break)."""
    said = []
    deciding = DECIDING.get(ranking, ("points",))
    for key in (*deciding, *(k for k in ("wins", "points") if k not in deciding)):
        value = row.get(key, 0)
        text = f"{value} {WORDS[key]}" if key in ("wins", "draws", "losses", "points", "game_points") \
            else f"{WORDS[key]} {_signed(key, value)}"
        said.append({"key": key, "text": text})
    return said


def neighbour_notes(ranking: str, rows: list[RankingRow]) -> list[str]:
    """One line for each pair of neighbours a reader would question: those the rule's first figure
    does not separate (a later one does, or nothing: they share a place), and those where the one
    above has fewer points than the one below. ``["bob above carol: same wins, margin +12 against −4"]``."""
    notes = []
    first = deciding_figures(ranking)[0]
    for upper, lower in zip(rows, rows[1:]):
        if not upper.get("games") and not lower.get("games"):
            continue  # nobody has played: nothing to explain
        questionable = upper.get(first) == lower.get(first) or upper.get("points", 0) < lower.get("points", 0)
        if not questionable:
            continue
        why = _why(ranking, upper, lower)
        if why is None:
            words = [WORDS[k] for k in deciding_figures(ranking)]
            figures = f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else words[0]
            notes.append(f"{upper['name']} and {lower['name']} share place {upper['rank']}: level on {figures}")
        else:
            notes.append(f"{upper['name']} above {lower['name']}: {why}")
    return notes
