"""`arena analyse` on a Turn Right record: the rules' own moves are kept apart from the plies."""

import json
import subprocess
import sys
from pathlib import Path

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
    subprocess.run([ARENA, "analyse", str(record_path), "--out", str(out)], check=True, capture_output=True, timeout=300)
    document = json.loads(out.read_text())
    assert [p["move"] for p in document["plies"]] == [m["text"] for m in record["moves"] if not m.get("automatic")]
    assert document["complete"] and document["plies"][-1]["exact"]
