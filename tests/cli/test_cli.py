"""The ``arena`` command as a user runs it: a real subprocess of the installed script."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ARENA = str(Path(sys.executable).parent / "arena")


def run(*args, input=None, cwd=None):
    return subprocess.run([ARENA, *args], capture_output=True, text=True, input=input, timeout=120, cwd=cwd)


def test_games_lists_flippo():
    out = run("games")
    assert out.returncode == 0
    assert "flippo" in out.stdout and "random, greedy" in out.stdout


def test_play_writes_a_complete_record(tmp_path):
    path = tmp_path / "r.json"
    out = run("play", "flippo", "builtin:random", "builtin:greedy", "--seed", "7", "--record", str(path))
    assert out.returncode == 0, out.stderr
    record = json.loads(path.read_text())
    assert record["game"] == "flippo" and record["seed"] == 7
    assert len(record["moves"]) == 60
    assert sum(record["result"]["scores"]) == 60
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert str(record["result"]["scores"][0]) in out.stdout


def test_play_exits_zero_whatever_the_verdict():
    out = run("play", "flippo", "builtin:random", "python3 -c 'print(\"Z9\")'", "--seed", "1")
    assert out.returncode == 0
    assert "format" in out.stdout


def test_bad_arguments_get_clear_errors():
    unknown_game = run("play", "chess", "builtin:random", "builtin:random")
    assert unknown_game.returncode == 2 and "unknown game 'chess'" in unknown_game.stderr
    unknown_bot = run("play", "flippo", "builtin:nobody", "builtin:random")
    assert unknown_bot.returncode == 2 and "no built-in player 'nobody'" in unknown_bot.stderr
    bad_scale = run("play", "flippo", "builtin:random", "builtin:random", "--time-scale", "0")
    assert bad_scale.returncode == 2 and "--time-scale" in bad_scale.stderr
    bad_seed = run("play", "flippo", "builtin:random", "builtin:random", "--seed", "x")
    assert bad_seed.returncode == 2 and "--seed" in bad_seed.stderr


def test_bot_speaks_the_protocol_on_stdin_stdout():
    out = run("bot", "flippo", "greedy", "--seed", "1", input="Start\nQuit\n")
    assert out.returncode == 0
    assert out.stdout.strip() in {"C3", "C5", "D6", "E3", "F4", "F6"}
    bad = run("bot", "flippo", "nobody")
    assert bad.returncode != 0 and "no built-in player 'nobody'" in bad.stderr


def test_a_program_that_speaks_codecup_2019_flippo_plays_unchanged(tmp_path):
    # Written from the protocol alone, with its own rules: no arena code inside.
    bot = tmp_path / "contestant.py"
    bot.write_text(textwrap.dedent("""
        import sys
        board = {}
        for sq, c in (("D4", "W"), ("E5", "W"), ("D5", "B"), ("E4", "B")):
            board[sq] = c
        def name(r, c): return "ABCDEFGH"[r] + str(c + 1)
        def flips(r, c, me):
            out = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if dr == dc == 0: continue
                    run, far = [], 0
                    rr, cc = r + dr, c + dc
                    while 0 <= rr < 8 and 0 <= cc < 8 and name(rr, cc) in board:
                        run.append(name(rr, cc))
                        if board[name(rr, cc)] == me: far = len(run)
                        rr, cc = rr + dr, cc + dc
                    out += run[:max(far - 1, 0)]
            return out
        def play(sq, me):
            r, c = "ABCDEFGH".index(sq[0]), int(sq[1]) - 1
            for f in flips(r, c, me): board[f] = "W" if board[f] == "B" else "B"
            board[sq] = me
        def choose(me):
            touching = [(r, c) for r in range(8) for c in range(8) if name(r, c) not in board and
                        any(0 <= r + a < 8 and 0 <= c + b < 8 and name(r + a, c + b) in board
                            for a in (-1, 0, 1) for b in (-1, 0, 1))]
            flipping = [rc for rc in touching if flips(rc[0], rc[1], me)]
            r, c = (flipping or touching)[0]
            return name(r, c)
        me = None
        while True:
            line = sys.stdin.readline().strip()
            if line == "Quit" or not line: break
            if me is None: me = "W" if line == "Start" else "B"
            if line != "Start": play(line, "B" if me == "W" else "W")
            move = choose(me)
            play(move, me)
            print(move); sys.stdout.flush()
    """))
    path = tmp_path.parent / f"{tmp_path.name}-r.json"  # outside the program's own folder
    for players in (["python3 " + str(bot), "builtin:greedy"], ["builtin:greedy", "python3 " + str(bot)]):
        out = run("play", "flippo", *players, "--seed", "4", "--record", str(path))
        assert out.returncode == 0
        record = json.loads(path.read_text())
        assert record["result"]["verdicts"] == ["ok", "ok"], record["result"]


def test_human_player_is_refused_a_bad_move_and_asked_again():
    out = subprocess.run(
        [ARENA, "play", "flippo", "human", "builtin:greedy", "--seed", "1"],
        capture_output=True, text=True, input="Z9\nA1\nC3\n", timeout=60,
    )
    assert out.returncode == 0
    assert "refused: 'Z9': the row must be an uppercase letter A-H" in out.stdout
    assert "refused: A1 does not touch any piece" in out.stdout
    assert "legal: C3 C5 D6 E3 F4 F6" in out.stdout
    assert "by Black\nWhite (W) " in out.stdout  # the board shows Black's reply as the last move
    # the input ran out after C3: the human resigned, and the jury finished the game
    assert "White human: 0  [exit (resigned (end of input))]" in out.stdout
