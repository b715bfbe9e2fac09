"""bench/ab.py: several versions against one opponent on the same seeds, and their paired difference."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from ab import paired_difference

ROOT = Path(__file__).resolve().parents[2]


def game(seed, a_seat, a_points, b_points):
    return {"seed": seed, "a_seat": a_seat, "a_points": a_points, "b_points": b_points}


def test_the_difference_pairs_games_by_seed_and_seat():
    first = [game(1, 0, 80, 70), game(1, 1, 70, 80), game(2, 0, 75, 75)]
    later = [game(1, 1, 74, 76), game(1, 0, 84, 66), game(3, 0, 90, 60)]  # seed 3: nothing to pair with
    mean, half, count = paired_difference(later, first)
    assert count == 2
    assert mean == pytest.approx(((18 - 10) + (-2 + 10)) / 2)  # +8 in both pairs
    assert half == pytest.approx(0.0)


def test_a_run_plays_every_version_on_the_same_seeds(tmp_path):
    records = tmp_path / "games.jsonl"
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "ab.py"), "blackhole", "builtin:random",
                           "builtin:greedy", "builtin:random", "--pairs", "2", "--seed", "11", "--jobs", "2",
                           "--records", str(records)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "builtin:greedy vs builtin:random: 4 games (2 colour-swapped pairs)" in done.stdout
    assert "builtin:random vs builtin:random: 4 games (2 colour-swapped pairs)" in done.stdout
    assert "builtin:random − builtin:greedy: mean margin " in done.stdout
    assert "over 4 paired games" in done.stdout
    played = [json.loads(line)["record"] for line in records.read_text().splitlines()]
    assert len(played) == 8
    assert sorted(record["seed"] for record in played) == [11] * 4 + [12] * 4


def test_one_version_is_refused():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "ab.py"), "blackhole", "builtin:random",
                           "builtin:greedy"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "give at least two versions to compare" in done.stderr
