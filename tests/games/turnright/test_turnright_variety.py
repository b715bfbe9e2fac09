"""strong's variety: a seed picks among the moves within a small margin of the best."""

import random

from arena.games.turnright.strong import engine
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

SCALE = 0.15
FULL = (1 << 36) - 1


def late_placement(rng: random.Random) -> tuple[int, int]:
    """White to place with five free squares: the search reaches the full board at once."""
    squares = rng.sample(range(36), 31)
    white = sum(1 << s for s in squares[:16])   # White has placed 16, Black 15
    black = sum(1 << s for s in squares[16:])
    return white, black


def choices(white: int, black: int, seed: int, times: int = 1) -> list[int]:
    engine.set_seed(seed)
    try:
        return [engine.search_placement(white, black, 5.0)[0] for _ in range(times)]
    finally:
        engine.set_seed(0)


def test_seeds_vary_the_choice_and_a_seed_repeats_it():
    rng = random.Random(5)
    for _ in range(30):
        white, black = late_placement(rng)
        picked = {seed: choices(white, black, seed)[0] for seed in range(1, 9)}
        if len(set(picked.values())) > 1:
            break
    else:
        raise AssertionError("no position where seeds chose differently")
    for seed, square in picked.items():
        assert choices(white, black, seed) == [square]   # same seed, same choice
        assert not (white | black) >> square & 1


def test_without_a_seed_the_choice_is_always_the_best_one():
    rng = random.Random(6)
    white, black = late_placement(rng)
    assert len(set(choices(white, black, 0, times=4))) == 1


def test_two_games_of_strong_against_itself_with_different_seeds_differ(monkeypatch):
    monkeypatch.setenv("ARENA_CLOCK_MS", str(30_000 * SCALE))
    specs = [resolve_player("turnright", "builtin:strong")] * 2
    games = [play_game("turnright", specs, seed=seed, time_scale=SCALE) for seed in (1, 2)]
    for record in games:
        assert record["result"]["verdicts"] == ["ok", "ok"]
    first, second = ([move["text"] for move in record["moves"]] for record in games)
    assert first != second
