"""A tournament mixing sound and misbehaving programs finishes with every game recorded and judged."""

import json
import shlex
import sqlite3
import sys
from pathlib import Path

FAULT_RELAY = Path(__file__).parents[1] / "programs" / "fault_relay.py"
# player -> the verdict of its every game (the relay misbehaves at its first reply, so that a
# slow start on a loaded machine cannot turn a crash into a timeout; the crasher at its second:
# one that ends before its first line cannot start, and stops the tournament, test_tournament_faults.py)
VERDICTS = {"sound": "ok", "crasher": "crash", "hanger": "timeout", "flooder": "format"}
KINDS = {"crasher": ("crash", "1"), "hanger": ("hang", "0"), "flooder": ("flood_out", "0")}


def test_every_game_is_recorded_with_each_players_verdict(arena, tmp_path):
    players = ["--player", "sound=builtin:random"]
    # the relay in a folder of its own (where, under a judge not root, it writes its pid files);
    # the database outside it, where the judge refuses it
    (tmp_path / "relay").mkdir()
    relay = tmp_path / "relay" / FAULT_RELAY.name
    relay.write_text(FAULT_RELAY.read_text())
    for name, (kind, at) in KINDS.items():
        command = shlex.join([sys.executable, str(relay), "flippo", kind, at, str(tmp_path / "relay" / name)])
        players += ["--player", f"{name}={command}"]
    db = tmp_path / "mixed.db"
    arena("tournament", "flippo", *players, "--seed", "5", "--jobs", "2", "--time-scale", "0.4", "--db", db,
          cwd=tmp_path, timeout=180)

    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT slot, first, second, record FROM games ORDER BY slot").fetchall()
    assert [slot for slot, *_ in rows] == list(range(12))  # 4 players: 6 pairs, both colours
    for _, first, second, record in rows:
        result = json.loads(record)["result"]
        assert result["verdicts"] == [VERDICTS[first], VERDICTS[second]], (first, second, result["faults"])
        assert all(score == 0 for score, verdict in zip(result["scores"], result["verdicts"]) if verdict != "ok")

    standings = arena("standings", "--db", db, cwd=tmp_path).stdout
    assert all(name in standings for name in VERDICTS)
