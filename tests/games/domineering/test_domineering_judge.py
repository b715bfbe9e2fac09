"""Domineering through the real judge: full games, the exact dialogue, and every fault verdict."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.games.domineering.rules import DomineeringState
from arena.judge.fair_clock import charged_ms
from arena.refereeing import referee
from arena.refereeing.human import HumanPlayer
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

VALUES = [[(x * 3 + y) % 4 for y in range(8)] for x in range(8)]


def replay(record) -> DomineeringState:
    state = DomineeringState(record["setup"]["values"])
    for move in record["moves"]:
        state.play_text(move["text"])
    return state


def lines(transcript, direction):
    return [line for d, line in transcript if d == direction]


def test_a_full_game_between_built_in_players(builtin):
    record = play_game("domineering", [builtin("random"), builtin("greedy")], seed=3)
    result = record["result"]
    assert result["verdicts"] == ["ok", "ok"]
    state = replay(record)
    assert state.is_over() and result["reason"] == state.end_reason()
    assert result["scores"] == list(state.scores())
    assert result["winner"] == (0 if result["scores"][0] > result["scores"][1] else 1)


def test_the_dialogue_is_alphanos(builtin):
    record = play_game("domineering", [builtin("greedy"), builtin("random")], seed=5, setup={"values": VALUES})
    rows = [" ".join(map(str, row)) for row in VALUES]
    for seat, word in ((0, "FIRST"), (1, "SECOND")):
        transcript = record["transcripts"][seat]
        assert transcript[:10] == [["in", r] for r in rows] + [["in", f"READY {word}"], ["out", "OK"]]
        assert transcript[-1] == ["in", "FINISH"]
        assert lines(transcript, "out")[1:] == [m["text"] for m in record["moves"] if m["seat"] == seat]
    # every TURN carries both real clocks; every OPP the move and the ms it cost on the clock
    clock = [10_000.0, 10_000.0]
    turns = [lines(t, "in") for t in record["transcripts"]]
    turns = [[line for line in seat_lines if line.startswith(("TURN", "OPP"))] for seat_lines in turns]
    position = [0, 0]
    for move in record["moves"]:
        seat, other = move["seat"], 1 - move["seat"]
        turn = turns[seat][position[seat]].split()
        position[seat] += 1
        assert turn[0] == "TURN"
        assert abs(int(turn[1]) - clock[seat]) <= 1 and abs(int(turn[2]) - clock[other]) <= 1
        charged = charged_ms(move["wall_ms"], move["cpu_ms"], move["queued_ms"])  # the wall time on a quiet host
        clock[seat] -= charged
        opp = turns[other][position[other]].split()
        position[other] += 1
        x, y = move["text"].split()[1:]
        assert opp[:3] == ["OPP", x, y] and abs(int(opp[3]) - charged) <= 1


# A Domineering agent that plays legal moves using arena's rules, then
# misbehaves on its FAULT_AT-th TURN in the way the test asks.
FAULTY = """
import os, sys, time
from arena.games.domineering.rules import DomineeringState
from arena.judge.fair_clock import charged_ms
state = DomineeringState([[int(w) for w in input().split()] for _ in range(8)])
turns = 0
for line in sys.stdin:
    words = line.split()
    if words[0] == "READY":
        {ready}
        print("OK", flush=True)
    elif words[0] == "OPP":
        state.play((int(words[1]), int(words[2])))
    elif words[0] == "TURN":
        turns += 1
        if turns == 3:
            {fault}
        move = state.legal_moves()[0]
        state.play(move)
        print(state.format_move(move), flush=True)
    elif words[0] == "FINISH":
        break
"""

FAULTS = {
    "illegal": ('print("MOVE 9 9", flush=True); continue', "", "illegal", "would leave the board"),
    # both agents' first dominoes start on (1, 1) when it is free: by turn 3 it is covered
    "covered": ('print("MOVE 1 1", flush=True); continue', "", "illegal", "already covered"),
    "format": ('print("MOVE 1", flush=True); continue', "", "format", "not a move"),
    "hang": ("time.sleep(60)", "", "timeout", "wrote no reply within"),
    "crash": ("os._exit(3)", "", "crash", "exited with code 3"),
    "exit": ("sys.exit(0)", "", "exit", "before the game ended"),
    "ready-late": ("", "time.sleep(60)", "timeout", "within 600 ms"),
    "ready-wrong": ("", 'print("READY", flush=True); continue', "format", "instead of OK"),
}


@pytest.mark.parametrize("kind", list(FAULTS))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_fault_loses_at_once_and_both_get_finish(script, builtin, kind, seat):
    fault, ready, verdict, fragment = FAULTS[kind]
    bad = script(FAULTY.format(fault=fault or "pass", ready=ready or "pass"))
    players = [bad, builtin("greedy")] if seat == 0 else [builtin("greedy"), bad]
    # a 2000 ms clock and a 600 ms READY: enough to start Python, short enough for a hang to be cheap
    record = play_game("domineering", players, seed=11, setup={"values": VALUES}, time_scale=0.2)
    result = record["result"]
    assert result["verdicts"][seat] == verdict
    assert fragment in result["faults"][seat]
    assert result["verdicts"][1 - seat] == "ok"
    assert result["winner"] == 1 - seat
    assert result["scores"][seat] == 0
    # the game stopped at the fault: no jury, and the faulty agent's moves are only its good ones
    assert not any("jury" in m for m in record["moves"])
    good_moves = 0 if kind.startswith("ready") else 2
    assert len([m for m in record["moves"] if m["seat"] == seat]) == good_moves
    assert result["scores"][1 - seat] == replay(record).scores()[1 - seat]
    assert record["transcripts"][1 - seat][-1] == ["in", "FINISH"]
    if kind in ("illegal", "covered", "format", "ready-wrong"):
        assert record["transcripts"][seat][-1] == ["in", "FINISH"]


# An agent written from ALPHANO's protocol alone, without arena's code: it
# places its domino on the first free spot in reading order, and passes when none is left.
ORIGINAL = """
import sys
board = [input().split() for _ in range(8)]
free = [[True] * 10 for _ in range(10)]
dx = dy = 0
def cover(x, y, ddx, ddy):
    free[x][y] = free[x + ddx][y + ddy] = False
while True:
    words = input().split()
    if words[0] == "READY":
        dx, dy = (0, 1) if words[1] == "FIRST" else (1, 0)
        print("OK")
    elif words[0] == "OPP":
        x, y = int(words[1]), int(words[2])
        if x != -1:
            cover(x, y, 1 - dx, 1 - dy)
    elif words[0] == "TURN":
        spots = [(x, y) for x in range(1, 9 - dx) for y in range(1, 9 - dy)
                 if free[x][y] and free[x + dx][y + dy]]
        if spots:
            cover(*spots[0], dx, dy)
            print("MOVE %d %d" % spots[0])
        else:
            print("MOVE -1 -1")
    elif words[0] == "FINISH":
        break
    sys.stdout.flush()
"""


def test_an_agent_speaking_the_original_protocol_plays_unchanged(script, builtin):
    original = script(ORIGINAL)
    for players in ([original, builtin("greedy")], [builtin("random"), original]):
        record = play_game("domineering", players, seed=8)
        assert record["result"]["verdicts"] == ["ok", "ok"]
        assert record["result"]["scores"] == list(replay(record).scores())


def test_a_human_is_answered_ok_for_and_moves_and_a_refused_move_is_asked_again(monkeypatch, builtin):
    answers = iter(["MOVE 1 8", "hello"] + ["MOVE -1 -1"] * 64)
    out = io.StringIO()
    monkeypatch.setattr(referee, "HumanPlayer", lambda seat, match, view: HumanPlayer(
        seat, match, read=lambda prompt: next(answers), out=out, view=view))
    record = play_game("domineering", [resolve_player("domineering", "human"), builtin("greedy")], seed=2)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert record["result"]["scores"][0] == 0  # the human only passed
    assert "refused: a horizontal domino at (1, 8) would leave the board" in out.getvalue()
    assert "refused: 'hello' is not a move" in out.getvalue()
    assert "judge says: TURN 10000 10000" in out.getvalue()
    assert "judge says: READY FIRST\n[First] answered for you: OK" in out.getvalue()


def write_values(path: Path, values) -> Path:
    path.write_text("\n".join(" ".join(map(str, row)) for row in values) + "\n")
    return path


def test_setup_file_on_the_command_line(tmp_path):
    values = write_values(tmp_path / "values.txt", VALUES)
    path = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["play", "domineering", "builtin:random", "builtin:greedy",
                                      "--setup", str(values), "--record", str(path)])
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["setup"] == {"values": VALUES}
    assert lines(record["transcripts"][1], "in")[:8] == [" ".join(map(str, row)) for row in VALUES]


@pytest.mark.parametrize("content, fragment", [
    ("1 2 3\n" * 8, "row 1 must have 8 values, got 3"),
    ("0 1 2 3 0 1 2 3\n" * 7, "8 rows of values, got 7"),
    ("0 1 2 3 0 1 2 4\n" * 8, "4 is not a cell value 0-3"),
    ("0 1 2 3 0 1 2 x\n" * 8, "is not a line of cell values"),
    (None, "cannot read the values file"),
])
def test_a_bad_setup_file_is_refused_clearly(tmp_path, content, fragment):
    path = tmp_path / "values.txt"
    if content is not None:
        path.write_text(content)
    result = CliRunner().invoke(cli, ["play", "domineering", "builtin:random", "builtin:greedy", "--setup", str(path)])
    assert result.exit_code == 2
    assert fragment in result.output


def test_the_command_line_from_outside(tmp_path):
    path = tmp_path / "dom.json"
    arena = Path(sys.executable).with_name("arena")
    done = subprocess.run([str(arena), "play", "domineering", "builtin:random", "builtin:greedy",
                           "--seed", "3", "--record", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    record = json.loads(path.read_text())
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert record["result"]["scores"] == list(replay(record).scores())
