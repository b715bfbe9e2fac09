"""`arena analyse` on a Turn Right record: the rules' own moves are kept apart from the plies."""

import json
import subprocess
import sys
from pathlib import Path

from arena.games import get_analyst
from arena.games.replay import replay_positions

ARENA = str(Path(sys.executable).with_name("arena"))


def test_a_turn_right_record_with_its_automatic_last_placement_is_analysed(tmp_path):
    """Black's 18th piece goes on the last square by itself: a move of the record, no ply."""
    record_path = tmp_path / "tr.json"
    subprocess.run([ARENA, "play", "turnright", "builtin:greedy", "builtin:greedy", "--seed", "4",
                    "--record", str(record_path), "--time-scale", "0.3"], check=True, capture_output=True, timeout=120)
    record = json.loads(record_path.read_text())
    automatic = [move for move in record["moves"] if move.get("automatic")]
    assert len(automatic) == 1
    out = tmp_path / "out.json"
    # a short search: which moves are plies, each valued, is what the command is asked here
    subprocess.run([ARENA, "analyse", str(record_path), "--out", str(out), "--time-per-ply", "0.05"], check=True,
                   capture_output=True, timeout=300)
    document = json.loads(out.read_text())
    plies = [m["text"] for m in record["moves"] if not m.get("automatic")]
    assert [p["move"] for p in document["plies"]] == plies
    assert document["complete"] and all(p["value"] is not None for p in document["plies"])
    # and the last ply, after the automatic placement, is one the analyst solves exactly, given the
    # 0.1-0.45 s of a core it needs: the default 0.6 s a ply is wall time, which a busy machine did
    # not always give it (the exact solve stops as soon as it is done)
    *_, before_last, _ = replay_positions(record)
    assert get_analyst("turnright").evaluate(before_last, plies[-1], 10.0).exact
