"""Black Hole's estimate at the search's horizon (evaluate.pxi's playout and blur) against
a plain reimplementation over rules.py, on random positions; tools/blackhole_fit.py, which
fits the blur, on records made here."""

import json
import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arena.games.blackhole.rules import LABELS, NEIGHBOURS, BlackHoleState
from arena.games.blackhole.strong import engine

from .test_engine import random_ending


def live(state: BlackHoleState, tile: int) -> int:
    empty = set(state.empty_tiles())
    return sum(1 for n in NEIGHBOURS[tile] if n in empty)


def red_minus_blue(state: BlackHoleState, tile: int) -> int:
    red, blue = state.sums_around(tile)
    return red - blue


def greedy_playout(state: BlackHoleState) -> int:
    """Both sides play the greedy move (ties to the lowest tile) in ``state`` until no empty
    tile touches another; returns how many moves that took."""
    moves = 0
    while not state.is_over():
        seat = state.turns % 2
        sign = 1 if seat == 0 else -1
        free = [n for n in range(1, 16) if n not in state.used[seat]]
        if not any(live(state, t) for t in state.empty_tiles()):
            return moves
        best = max(state.empty_tiles(), key=lambda t: (max(free) * live(state, t) - sign * red_minus_blue(state, t), -t))
        state.play((best, max(free) if live(state, best) else min(free)))
        moves += 1
    return moves


def expected_estimate(state: BlackHoleState, base: float, per_move: float) -> int:
    mover_sign = 1 if state.turns % 2 == 0 else -1
    moves = greedy_playout(state)
    values = sorted(red_minus_blue(state, t) for t in state.empty_tiles())
    r = (30 - state.turns + 1) // 2 if state.turns % 2 == 0 else (30 - state.turns) // 2  # Red's moves left
    width = base + per_move * moves
    weights = {j: (math.exp(-0.5 * (j / width) ** 2) if width > 0 else float(j == 0))
               for j in range(-3, 4) if 0 <= r + j < len(values)}
    value = sum(w * values[r + j] for j, w in weights.items()) / sum(weights.values())
    return mover_sign * round(100 * value)


@pytest.mark.parametrize("base, per_move", [(0.0, 0.0), (engine.BLUR_BASE, engine.BLUR_PER_MOVE), (0.5, 0.1)])
def test_the_estimate_is_the_playouts_blurred_order_statistic(base, per_move):
    rng = random.Random(17)
    engine.set_blur_width(base, per_move)
    try:
        checked = 0
        for game in range(120):
            state = random_ending(rng, plies=26 - game % 24)
            if engine.in_filling_phase():
                continue
            assert engine.estimate() == pytest.approx(expected_estimate(state, base, per_move), abs=1)
            checked += 1
        assert checked > 80
    finally:
        engine.set_blur_width(engine.BLUR_BASE, engine.BLUR_PER_MOVE)


def test_the_estimate_is_exact_in_the_filling_phase():
    rng = random.Random(9)
    filling = 0
    for game in range(200):
        random_ending(rng, plies=10 - game % 9)
        if not engine.in_filling_phase():
            continue
        estimate = engine.estimate()
        engine.clear()
        *_, score, _, _, exact = engine.search(5.0, 10.0, 12)
        assert exact and estimate == score
        filling += 1
    assert filling > 20


TOOL = Path(__file__).resolve().parents[3] / "tools" / "blackhole_fit.py"


def finished_record(rng: random.Random) -> dict:
    """A random game as the judge records it."""
    brown = rng.sample(range(len(LABELS)), 5)
    state = BlackHoleState([LABELS[t] for t in brown])
    moves = []
    while not state.is_over():
        tile, number = rng.choice(state.legal_moves())
        state.play((tile, number))
        moves.append({"seat": len(moves) % 2, "text": f"{LABELS[tile]}={number}"})
    return {"game": "blackhole", "setup": {"brown": [LABELS[t] for t in brown]}, "moves": moves,
            "result": {"scores": list(state.scores()), "verdicts": ["ok", "ok"]}}


def test_the_fit_tool_finds_the_blur_of_recorded_games(tmp_path):
    rng = random.Random(5)
    games = tmp_path / "games.jsonl"
    games.write_text("".join(json.dumps({"record": finished_record(rng)}) + "\n" for _ in range(40)))
    done = subprocess.run([sys.executable, str(TOOL), str(games)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "of 40 games" in done.stdout
    assert re.search(r"best line: BLUR_BASE = [\d.]+, BLUR_PER_MOVE = [\d.]+ \(error [\d.]+", done.stdout)


def test_the_fit_tool_names_a_malformed_line(tmp_path):
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps({"record": {"game": "flippo"}}) + "\nnot json\n")
    done = subprocess.run([sys.executable, str(TOOL), str(games)], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "games.jsonl:1: not a Black Hole game record" in done.stderr


def test_the_fit_tool_names_a_record_with_an_illegal_move(tmp_path):
    record = finished_record(random.Random(8))
    record["moves"][5]["text"] = record["moves"][2]["text"]  # that tile is taken by then
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps(finished_record(random.Random(7))) + "\n" + json.dumps(record) + "\n")
    done = subprocess.run([sys.executable, str(TOOL), str(games)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "games.jsonl:2: not a finished Black Hole game as the judge records it" in done.stderr
    assert "illegal move" in done.stderr
