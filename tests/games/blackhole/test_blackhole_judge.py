"""Black Hole through the real judge: full games, the exact dialogue, and every fault verdict."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.games.blackhole.rules import LABELS, BlackHoleState
from arena.refereeing.referee import play_game

BROWN = ["E4", "F2", "A5", "A7", "C1"]


def replay(record) -> BlackHoleState:
    state = BlackHoleState(record["setup"]["brown"])
    for move in record["moves"]:
        state.play_text(move["text"])
    return state


def test_a_full_game_between_built_in_players(builtin):
    record = play_game("blackhole", [builtin("random"), builtin("greedy")], seed=3)
    result = record["result"]
    assert result["verdicts"] == ["ok", "ok"]
    assert len(record["moves"]) == 30
    state = replay(record)
    assert result["scores"] == list(state.scores())
    assert sum(result["scores"]) == 150
    assert result["hole"] == LABELS[state.hole()]
    assert (result["R"], result["B"]) == state.sums_around(state.hole())


def test_the_dialogue_is_the_codecup_one(builtin):
    record = play_game("blackhole", [builtin("greedy"), builtin("random")], seed=5, setup={"brown": BROWN})
    red, blue = record["transcripts"]
    assert red[:6] == [["in", label] for label in BROWN] + [["in", "Start"]]
    assert blue[:5] == [["in", label] for label in BROWN]
    texts = [m["text"] for m in record["moves"]]
    assert blue[5] == ["in", texts[0]]  # Blue's sixth line is Red's first move
    assert [line for d, line in red if d == "out"] == texts[0::2]
    assert [line for d, line in blue if d == "out"] == texts[1::2]
    # the last move (Blue's) is not forwarded: both end on Quit
    assert red[-3:] == [["in", texts[-3]], ["out", texts[-2]], ["in", "Quit"]]
    assert blue[-1] == ["in", "Quit"] and blue[-2] == ["out", texts[-1]]
    assert record["setup"] == {"brown": BROWN}


# A Black Hole program that plays legal moves using arena's rules, then
# misbehaves on its FAULT_AT-th move in the way the test asks.
FAULTY = """
import os, sys, time
from arena.games.blackhole.rules import LABELS, BlackHoleState
FAULT_AT = 3
state = BlackHoleState([sys.stdin.readline().strip() for _ in range(5)])
mine = 0
for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    if line != "Start":
        state.play_text(line)
    mine += 1
    if mine == FAULT_AT:
        {fault}
    move = state.legal_moves()[0]
    state.play(move)
    print(state.format_move(move), flush=True)
"""

FAULTS = {
    "illegal": ('print(state.format_move((state.legal_moves()[0][0], 1)), flush=True); continue',
                "illegal", "already placed its stone 1"),
    "occupied": ('print("E4=9", flush=True); continue', "illegal", "taken by a brown stone"),
    "format": ('print("A3 6", flush=True); continue', "format", "one '='"),
    "hang": ("time.sleep(60)", "timeout", "wrote no reply within"),
    "crash": ("os._exit(3)", "crash", "exited with code 3"),
    "exit": ("sys.exit(0)", "exit", "before the game ended"),
}


@pytest.mark.parametrize("kind", list(FAULTS))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_fault_scores_zero_and_the_jury_finishes(script, builtin, kind, seat):
    fault, verdict, fragment = FAULTS[kind]
    bad = script(FAULTY.format(fault=fault))
    players = [bad, builtin("random")] if seat == 0 else [builtin("random"), bad]
    # a 500 ms clock: enough to start Python, short enough for a hang to be cheap
    record = play_game("blackhole", players, seed=11, setup={"brown": BROWN}, time_scale=0.1)
    result = record["result"]
    assert result["verdicts"][seat] == verdict
    assert fragment in result["faults"][seat]
    assert result["verdicts"][1 - seat] == "ok"
    assert result["scores"][seat] == 0
    assert len(record["moves"]) == 30
    own = [m for m in record["moves"] if m["seat"] == seat]
    assert [("jury" in m) for m in own] == [False] * 2 + [True] * 13
    # the offender was told Quit (unless it had already gone); the opponent keeps the formula's points
    state = replay(record)
    assert result["scores"][1 - seat] == state.scores()[1 - seat]
    if kind in ("illegal", "occupied", "format"):
        assert record["transcripts"][seat][-1] == ["in", "Quit"]
    assert record["transcripts"][1 - seat][-1] == ["in", "Quit"]


def test_a_crash_while_reading_the_brown_stones_is_a_fault(script, builtin):
    bad = script("import sys; sys.exit(2)")
    record = play_game("blackhole", [builtin("greedy"), bad], seed=1, time_scale=0.1)
    assert record["result"]["verdicts"] == ["ok", "crash"]
    assert record["result"]["scores"][1] == 0


# A program written from the CodeCup 2018 protocol alone, without arena's code:
# it fills the first free tile (in reading order) with its smallest unused stone.
ORIGINAL = """
import sys
tiles = [a + str(n) for a in "ABCDEFGH" for n in range(1, 9) if "ABCDEFGH".index(a) + n <= 8]
taken = set(input() for _ in range(5))
stones = list(range(1, 16))
while True:
    line = input()
    if line == "Quit":
        break
    if line != "Start":
        taken.add(line.split("=")[0])
    tile = next(t for t in tiles if t not in taken)
    taken.add(tile)
    print(f"{tile}={stones.pop(0)}")
    sys.stdout.flush()
"""


def test_a_program_speaking_the_original_protocol_plays_unchanged(script, builtin):
    original = script(ORIGINAL)
    for players in ([original, builtin("greedy")], [builtin("random"), original]):
        record = play_game("blackhole", players, seed=8)
        assert record["result"]["verdicts"] == ["ok", "ok"]
        assert not any("jury" in m for m in record["moves"])
        assert record["result"]["scores"] == list(replay(record).scores())


def test_a_fixed_setup_and_scripted_moves_give_the_hand_worked_score(script):
    """Replaying a known game with its setup fixed: the hole A1 has red 4 and blue 11 around it."""
    free = [t for t in LABELS if t not in BROWN and t not in ("A1", "A2", "B1")]
    red = ["A2=4"] + [f"{free[2 * i]}={n}" for i, n in enumerate(n for n in range(1, 16) if n != 4)]
    blue = ["B1=11"] + [f"{free[2 * i + 1]}={n}" for i, n in enumerate(n for n in range(1, 16) if n != 11)]
    player = """
    import sys
    moves = {moves!r}
    for _ in range(5): input()
    for move in moves:
        if input() == "Quit": break
        print(move, flush=True)
    """
    record = play_game("blackhole", [script(player.format(moves=red)), script(player.format(moves=blue))],
                       seed=0, setup={"brown": BROWN})
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert record["result"]["hole"] == "A1"
    assert (record["result"]["R"], record["result"]["B"]) == (4, 11)
    assert record["result"]["scores"] == [68, 82]
    assert record["result"]["winner"] == 1


def test_setup_on_the_command_line(tmp_path):
    path = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["play", "blackhole", "builtin:random", "builtin:greedy", "--seed", "3",
                                      "--setup", "E4,F2,A5,A7,C1", "--record", str(path)])
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["setup"] == {"brown": BROWN}
    assert [line for _, line in record["transcripts"][0][:5]] == BROWN


@pytest.mark.parametrize("setup, fragment", [
    ("E4,F2,A5,A7", "5 brown stones, got 4"),
    ("E4,F2,A5,A7,Z9", "'Z9' is not a tile"),
    ("E4,E4,A5,A7,C1", "different tiles"),
])
def test_a_bad_setup_is_refused_clearly(setup, fragment):
    result = CliRunner().invoke(cli, ["play", "blackhole", "builtin:random", "builtin:greedy", "--setup", setup])
    assert result.exit_code == 2
    assert fragment in result.output
    assert "--setup" in result.output


def test_the_command_line_from_outside(tmp_path):
    path = tmp_path / "bh.json"
    arena = Path(sys.executable).with_name("arena")
    done = subprocess.run([str(arena), "play", "blackhole", "builtin:random", "builtin:greedy",
                           "--seed", "3", "--record", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    record = json.loads(path.read_text())
    assert len(record["moves"]) == 30 and record["result"]["verdicts"] == ["ok", "ok"]
    assert record["result"]["scores"] == list(replay(record).scores())


def test_a_human_is_shown_the_board_and_a_refused_move_is_asked_again(monkeypatch, builtin):
    import io

    from arena.refereeing import referee
    from arena.refereeing.human import HumanPlayer
    from arena.refereeing.players import resolve_player

    out = io.StringIO()
    typed = iter(["E4=3", "A1=16"])

    def make_human(seat, match, view):
        def read(prompt):
            # two refused tries first, then the first legal move of the position shown
            return next(typed, None) or match.state.format_move(match.state.legal_moves()[0])
        return HumanPlayer(seat, match, read=read, out=out, view=view)

    monkeypatch.setattr(referee, "HumanPlayer", make_human)
    record = play_game("blackhole", [resolve_player("blackhole", "human"), builtin("greedy")],
                       seed=4, setup={"brown": BROWN})
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert len(record["moves"]) == 30
    shown = out.getvalue()
    assert "refused: E4 is already taken by a brown stone" in shown
    assert "refused: 'A1=16': there is no stone 16" in shown
    assert " ### " in shown  # the brown stones are drawn
