"""`arena analyse` on Flippo games of builtin:greedy against builtin:strong (and one against builtin:random),
checked from outside."""

import json
import subprocess
import sys
from pathlib import Path

from arena.games import get_analyst
from arena.games.flippo.rules import square_name
from arena.games.replay import replay_positions

ARENA = str(Path(sys.executable).with_name("arena"))
analyst = get_analyst("flippo")


def analyse(record: Path, out: Path) -> dict:
    subprocess.run([ARENA, "analyse", str(record), "--out", str(out)], check=True, capture_output=True, timeout=300)
    return json.loads(out.read_text())


def test_every_move_has_a_value_a_best_move_and_the_last_is_the_final_margin(flippo_records, load, tmp_path):
    record = load(flippo_records[0])
    document = analyse(flippo_records[0], tmp_path / "out.json")
    plies = document["plies"]
    assert [p["move"] for p in plies] == [m["text"] for m in record["moves"]]
    for index, (entry, state) in enumerate(zip(plies, replay_positions(record))):
        assert entry["ply"] == index
        assert isinstance(entry["value"], (int, float)) and isinstance(entry["exact"], bool)
        assert entry["best"] in {square_name(m) for m in state.legal_moves()}
    final = list(replay_positions(record))[-1]
    last = plies[-1]
    assert last["exact"] is True
    assert last["value"] == analyst.outcome(final, last["seat"])
    assert not (tmp_path / "flippo-1.analysis.json").exists()  # --out writes only there


def test_greedys_mistakes_are_where_brute_force_puts_them(load, flippo_brute, tmp_path):
    """In the last seven plies, where brute force is cheap, each move's loss is the exact one.

    The game is builtin:greedy (White) against builtin:random on seed 2, which play the same moves
    whatever the machine's load (both follow the seed alone; builtin:strong's depth follows its
    clock): on that seed greedy errs twice in its last plies, so the marks are always tested."""
    brute_value = flippo_brute
    path = tmp_path / "flippo-2.json"
    subprocess.run([ARENA, "play", "flippo", "builtin:greedy", "builtin:random", "--seed", "2", "--record", str(path),
                    "--time-scale", "0.3"], check=True, capture_output=True, timeout=120)
    record = load(path)
    # only the last seven plies are checked, which the search solves exactly at any time per ply
    # (seven empties or fewer): the default 0.4 s, spent on the 53 plies before them, is not needed
    subprocess.run([ARENA, "analyse", str(path), "--time-per-ply", "0.05"], check=True, capture_output=True,
                   timeout=300)
    document = load(path.with_name(path.stem + ".analysis.json"))
    positions = list(replay_positions(record))
    found = 0
    for entry in document["plies"][-7:]:
        state = positions[entry["ply"]]
        truth = brute_value(state)
        after = state.copy()
        after.play_text(entry["move"])
        played = -brute_value(after)
        assert entry["value"] == truth and entry["exact"]
        assert entry["loss"] == truth - played
        assert entry["mistake"] == (truth - played >= analyst.MISTAKE)
        found += entry["mistake"] and entry["seat"] == 0
    assert found >= 1, "greedy made no mistake in this endgame: the marks went untested"


def test_analysing_again_reads_the_stored_analysis(flippo_records, tmp_path):
    copy = tmp_path / "game.json"
    copy.write_text(flippo_records[1].read_text())
    # a short search: what is checked is that the second run reads what the first stored
    first = subprocess.run([ARENA, "analyse", str(copy), "--time-per-ply", "0.05"], capture_output=True, text=True,
                           timeout=300)
    assert first.returncode == 0 and "written to" in first.stdout
    stored = (tmp_path / "game.analysis.json").read_text()
    second = subprocess.run([ARENA, "analyse", str(copy)], capture_output=True, text=True, timeout=300)
    assert second.returncode == 0 and "analysed before" in second.stdout
    assert (tmp_path / "game.analysis.json").read_text() == stored

