"""builtin:strong as the judge runs it: complete legal games, no time-out, a quick start."""

import sys
import time

import pytest

from arena.games.flippo.strong.player import SPEND
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

SCALE = 0.3  # a 1.5 s clock keeps the suite fast; the time plan follows ARENA_CLOCK_MS


# no time-out on a 1.5 s clock, however busy the host: its waits for a core are not on it (judge/fair_clock.py)
@pytest.mark.parametrize("opponent", ["builtin:greedy", "builtin:mostpieces"])
def test_strong_beats_the_baselines_in_both_colours_without_faults(monkeypatch, opponent):
    monkeypatch.setenv("ARENA_CLOCK_MS", str(5000 * SCALE))
    for seats in (("builtin:strong", opponent), (opponent, "builtin:strong")):
        specs = [resolve_player("flippo", text) for text in seats]
        record = play_game("flippo", specs, seed=5, time_scale=SCALE)
        result = record["result"]
        assert result["verdicts"] == ["ok", "ok"], result
        assert len(record["moves"]) == 60
        strong = seats.index("builtin:strong")
        assert result["scores"][strong] > result["scores"][1 - strong]
        # the time plan keeps to its share of the clock (what the clock charged: on a busy host, less
        # than the wall time); start-up (the first reply) does not scale
        times = record["times"][strong]
        assert record["clock_ms"] - times["clock_left_ms"] - times["first_reply_ms"] < 5000 * SCALE * SPEND
        if opponent == "builtin:mostpieces":  # the policy its opponent model knows
            assert "greedy-model" in record["stderr"][strong]  # it noticed and used the model


# no time-out on a 1.5 s clock, however busy the host: its waits for a core are not on it (judge/fair_clock.py)
def test_the_opponent_model_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("ARENA_OPPONENT_MODEL", "off")
    specs = [resolve_player("flippo", text) for text in ("builtin:strong", "builtin:mostpieces")]
    record = play_game("flippo", specs, seed=5, time_scale=SCALE)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert "greedy-model" not in record["stderr"][0]
    assert record["result"]["scores"][0] > record["result"]["scores"][1]


def test_start_up_is_quick(start_up_seconds):
    """From spawn to exit on an immediate Quit: imports plus engine tables."""
    cpu, wall = start_up_seconds("flippo", "Quit\n")
    assert cpu < 0.4, cpu  # goal 0.1 s
    assert wall < 2.0, wall  # loose: a busy host makes it wait for a core, never charged (judge/fair_clock.py)


def test_the_opponents_thinking_is_not_charged_to_its_clock(script, monkeypatch):
    """Against an opponent that thinks a while every move, strong still spends its own clock.

    The judge suspends a program as soon as it has read its reply; a player that
    read its clock after writing could wake up with the opponent's thinking on it
    (seen on a loaded machine: the plan ran dry with a third of the clock unused).
    That race is rare on a quiet machine, so this checks the outcome, not the race.
    """
    monkeypatch.setenv("ARENA_CLOCK_MS", str(5000 * SCALE))
    slow = script('''
        import random, sys, time
        from arena.games.flippo.rules import FlippoState
        state, rng = FlippoState(), random.Random(1)
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit":
                break
            if line != "Start":
                state.play_text(line)
            time.sleep(0.04)
            move = rng.choice(state.legal_moves())
            state.play(move)
            print(state.format_move(move), flush=True)
    ''')
    record = play_game("flippo", [resolve_player("flippo", "builtin:strong"), slow], seed=2, time_scale=SCALE)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert record["times"][1]["wall_ms"] > 30 * 40  # the opponent did think
    # most of the plan's 74% was used, as the clock counts it
    assert record["clock_ms"] - record["times"][0]["clock_left_ms"] > 5000 * SCALE * 0.55
