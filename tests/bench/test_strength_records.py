"""bench/strength.py --records: every game's full record, one JSON line each, as
tools/blackhole_fit.py reads them; a path it cannot write is refused before any game."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def strength(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "strength.py"), *args],
                          capture_output=True, text=True, timeout=300)


def test_records_hold_every_game_and_feed_the_fit_tool(tmp_path):
    records = tmp_path / "games.jsonl"
    done = strength("blackhole", "builtin:random", "builtin:greedy", "--games", "4", "--seed", "3",
                    "--records", str(records))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line)["record"] for line in records.read_text().splitlines()]
    assert len(lines) == 4
    assert {record["seed"] for record in lines} == {3, 4}
    assert all(record["game"] == "blackhole" and len(record["moves"]) == 30 for record in lines)
    assert sorted(record["players"][0]["name"].split()[0] for record in lines) == \
        ["builtin:greedy", "builtin:greedy", "builtin:random", "builtin:random"]
    fit = subprocess.run([sys.executable, str(ROOT / "tools" / "blackhole_fit.py"), str(records)],
                         capture_output=True, text=True, timeout=120)
    assert fit.returncode == 0, fit.stderr
    assert "of 4 games" in fit.stdout


def test_an_unwritable_records_path_is_refused_at_once(tmp_path):
    done = strength("blackhole", "builtin:random", "builtin:random", "--games", "2",
                    "--records", str(tmp_path / "missing" / "games.jsonl"))
    assert done.returncode == 2
    assert "--records: cannot write" in done.stderr
    assert "/2 games" not in done.stderr  # no game was played first
