"""Shared by the environment tests: a random masked player and the rules' own final scores."""

import numpy as np

from arena.games.replay import replay


def masked_random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def rules_scores(game: str, setup: dict, moves: list[str]) -> tuple:
    """The moves replayed from their text through the judge's replay, scored as the record is."""
    state = replay({"game": game, "setup": setup, "moves": [{"text": text} for text in moves]})
    assert state.is_over()
    if game == "turnright":
        return tuple(state.result().match_points)  # the record's scores are the match points
    return tuple(state.scores())
