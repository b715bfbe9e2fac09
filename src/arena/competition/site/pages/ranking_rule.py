"""The ranking rule as a contestant reads it on the ranking and round pages: what ranks first, what
breaks ties, in words (not the rule's name in the code)."""

from __future__ import annotations

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


def ranking_rule_words(ranking: str) -> str:
    """``"Ranked by its own games alone: most wins first, ..."``: one sentence."""
    return f"Ranked over its own games alone: {ORDER.get(ranking, 'by the game’s own scoring')}{TIES}."
