"""tools/blackhole_decided.py: the exact value of recorded games a few plies before the end,
by the seat of the named player, beside how each game really ended."""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

from arena.games.blackhole.strong import engine
from arena.games.blackhole.strong.player import TILES

TOOL = Path(__file__).resolve().parents[3] / "tools" / "blackhole_decided.py"
PLIES = 9


def game_ending_perfectly(rng: random.Random, me_first: bool, perfect_end: bool = True) -> dict:
    """A record whose first plies are random and whose last PLIES are best play on both
    sides (or random too): from there its final margin is the solved one, in either seat."""
    brown = rng.sample(range(len(TILES)), 5)
    engine.clear()
    engine.new_game(brown)
    moves = []
    while engine.turns() < 30:
        if engine.turns() < 30 - PLIES or not perfect_end:
            tile, number = rng.choice(engine.legal_moves())
        else:
            tile, number, *_ = engine.search(5.0, 10.0, 30, 30, 1)
        engine.play(tile, number)
        moves.append({"seat": len(moves) % 2, "text": f"{TILES[tile]}={number}"})
    names = ["me", "them"] if me_first else ["them", "me"]
    return {"game": "blackhole", "setup": {"brown": [TILES[t] for t in brown]},
            "players": [{"seat": "Red", "name": names[0]}, {"seat": "Blue", "name": names[1]}],
            "moves": moves, "result": {"scores": list(engine.scores()), "verdicts": ["ok", "ok"]}}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=120)


def test_a_perfectly_played_end_keeps_the_solved_margin_in_both_seats(tmp_path):
    rng = random.Random(4)
    records = [game_ending_perfectly(rng, me_first=k % 2 == 0) for k in range(8)]
    finals = {0: [], 1: []}
    for record in records:
        seat = [p["name"] for p in record["players"]].index("me")
        finals[seat].append(record["result"]["scores"][seat] - record["result"]["scores"][1 - seat])
    games = tmp_path / "games.jsonl"
    games.write_text("".join(json.dumps({"record": record}) + "\n" for record in records))
    done = run(str(games), "--player", "me", "--plies", str(PLIES))
    assert done.returncode == 0, done.stderr
    assert f"8 games solved {PLIES} plies from the end" in done.stdout
    for seat, label in ((0, "first"), (1, "second")):
        line = re.search(rf"^\s+{label}\s+4\s+([-+][\d.]+)\s+([-+][\d.]+)\s+4/4$", done.stdout, re.M)
        assert line, done.stdout
        solved, final = float(line[1]), float(line[2])
        assert solved == final == round(sum(finals[seat]) / 4, 2)
    assert re.search(r"estimate vs exact \(Red's R − B\): correlation -?[\d.]+", done.stdout)


def test_a_random_end_is_not_reported_as_the_solved_one(tmp_path):
    """The solved column is the position's value, not a copy of how the game ended."""
    rng = random.Random(4)
    games = tmp_path / "games.jsonl"
    games.write_text("".join(json.dumps(game_ending_perfectly(rng, k % 2 == 0, perfect_end=False)) + "\n"
                             for k in range(8)))
    done = run(str(games), "--player", "me", "--plies", str(PLIES))
    assert done.returncode == 0, done.stderr
    lines = re.findall(r"^\s+(?:first|second)\s+4\s+([-+][\d.]+)\s+([-+][\d.]+)\s+(\d)/4$", done.stdout, re.M)
    assert len(lines) == 2, done.stdout
    assert any(solved != final for solved, final, _ in lines), done.stdout
    assert any(int(equal) < 4 for _, _, equal in lines), done.stdout


def test_a_player_not_in_the_records_is_named(tmp_path):
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps(game_ending_perfectly(random.Random(1), me_first=True)) + "\n")
    done = run(str(games), "--player", "builtin:strong")
    assert done.returncode != 0
    assert "games.jsonl:1: no player named 'builtin:strong' (players: me, them)" in done.stderr
