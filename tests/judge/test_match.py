"""The judge's duties in a normal game: protocol lines, timing, suspension, stderr, clean-up."""

import json
import os
import time
from pathlib import Path

import psutil
import pytest

import arena
from arena.refereeing.players import builtin_env, resolve_player
from arena.refereeing.referee import play_game

from .outside_look import play_and_sample


def test_flippo_dialogue_start_forwarding_and_quit(builtin):
    record = play_game("flippo", [builtin("random"), builtin("greedy")], seed=7)
    white, black = record["transcripts"]
    white_in = [line for direction, line in white if direction == "in"]
    black_in = [line for direction, line in black if direction == "in"]
    moves = [m["text"] for m in record["moves"]]
    assert white_in == ["Start"] + moves[1:59:2] + ["Quit"]  # Black's move 60 is not forwarded
    assert black_in == moves[0::2] + ["Quit"]
    assert [line for d, line in white if d == "out"] == moves[0::2]
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert sum(record["result"]["scores"]) == 60


def test_record_has_every_field_of_the_design_and_is_json(builtin):
    record = play_game("flippo", [builtin("random"), builtin("random")], seed=3)
    for key in ("game", "seed", "players", "setup", "moves", "transcripts", "stderr", "result"):
        assert key in record
    for key in ("scores", "winner", "verdicts", "reason"):
        assert key in record["result"]
    for move in record["moves"]:
        assert move["seat"] in (0, 1) and move["wall_ms"] > 0 and move["cpu_ms"] >= 0
    assert json.loads(json.dumps(record)) == record


def test_same_seed_same_game_with_seeded_builtin_players(builtin):
    first = play_game("flippo", [builtin("random"), builtin("random")], seed=5)
    second = play_game("flippo", [builtin("random"), builtin("random")], seed=5)
    assert [m["text"] for m in first["moves"]] == [m["text"] for m in second["moves"]]


# serial: samples of the suspended program's CPU time every 5 ms, from outside
@pytest.mark.serial
def test_the_waiting_program_is_suspended(script, tmp_path):
    # White "ponders": a thread burns CPU all game long. Black thinks 60 ms a move. The test looks
    # at White from outside (a program sees no process but its own): while it is stopped ("T"), a
    # suspended White gains no CPU time.
    white = script("""
        import sys, threading
        from arena.games.flippo.rules import FlippoState
        def ponder():
            while True: pass
        threading.Thread(target=ponder, daemon=True).start()
        state = FlippoState()
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit": break
            if line != "Start": state.play_text(line)
            move = state.legal_moves()[0]; state.play(move)
            print(state.format_move(move), flush=True)
    """)
    black = script("""
        import sys, time
        from arena.games.flippo.rules import FlippoState
        state = FlippoState()
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit": break
            state.play_text(line)
            time.sleep(0.06)
            move = state.legal_moves()[0]; state.play(move)
            print(state.format_move(move), flush=True)
    """)
    record, samples = play_and_sample([white, black], white.command.split()[-1])
    assert record["result"]["verdicts"] == ["ok", "ok"]
    stopped = [(a, b) for a, b in zip(samples, samples[1:]) if a[0] == b[0] == psutil.STATUS_STOPPED]
    # stopped at Black's turns (30 of 60 ms each): many pairs of samples
    assert len(stopped) > 30, samples
    # and not thinking on Black's time: a running ponder thread would gain 5 ms in each pair (the
    # figures are whole 10 ms ticks, as floats: two ticks may be seen, from the edges of a turn)
    assert sum(b[1] - a[1] for a, b in stopped) < 0.025
    # White pondered on its own time, though: its CPU time exceeds its think time
    assert record["times"][0]["cpu_ms"] > 0


def test_wall_and_cpu_time_per_move(script):
    busy = script("""
        import sys, time
        from arena.games.flippo.rules import FlippoState
        state = FlippoState()
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit": break
            if line != "Start": state.play_text(line)
            end = time.process_time() + 0.02
            while time.process_time() < end: pass
            move = state.legal_moves()[0]; state.play(move)
            print(state.format_move(move), flush=True)
    """)
    sleepy = script("""
        import sys, time
        from arena.games.flippo.rules import FlippoState
        state = FlippoState()
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit": break
            state.play_text(line)
            time.sleep(0.02)
            move = state.legal_moves()[0]; state.play(move)
            print(state.format_move(move), flush=True)
    """)
    record = play_game("flippo", [busy, sleepy], seed=1)
    later = record["moves"][2:]  # skip the start-up of each program
    busy_moves = [m for m in later if m["seat"] == 0]
    sleepy_moves = [m for m in later if m["seat"] == 1]
    assert all(m["cpu_ms"] >= 19 for m in busy_moves)
    assert all(m["wall_ms"] >= 19 and m["cpu_ms"] < 15 for m in sleepy_moves)
    assert record["times"][0]["cpu_ms"] > 30 * 19


def test_stderr_is_drained_while_flooding_and_kept_capped(script, builtin):
    noisy = script("""
        import sys
        from arena.games.flippo.rules import FlippoState
        state = FlippoState()
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit": break
            if line != "Start": state.play_text(line)
            sys.stderr.write("e" * 100_000)  # more than a pipe holds, every move
            sys.stderr.flush()
            move = state.legal_moves()[0]; state.play(move)
            print(state.format_move(move), flush=True)
    """)
    record = play_game("flippo", [noisy, builtin("random")], seed=1)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    kept = record["stderr"][0]
    # the first and the last 5,000 characters (where a crash's message would be)
    assert kept == "e" * 5_000 + "\n[... 2990000 bytes not kept ...]\n" + "e" * 5_000


def pids_with_marker(marker):
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if marker.encode() in f.read():
                        found.append(int(pid))
            except OSError:
                pass
    return found


def test_no_process_outlives_its_game(script, builtin):
    marker = f"arena-orphan-test-{os.getpid()}-{time.time_ns()}"
    # the program starts a long-running child of its own, then hangs
    parent = script(f"""
        import subprocess, sys, time
        subprocess.Popen(["python3", "-c", "import time; time.sleep(300)", {marker!r}])
        sys.stdin.readline()
        time.sleep(300)
    """)
    record = play_game("flippo", [parent, builtin("random")], seed=1, time_scale=0.05)
    assert record["result"]["verdicts"][0] == "timeout"
    time.sleep(0.1)
    assert pids_with_marker(marker) == []
    # and no zombie children of ours are left
    zombies = [
        pid for pid in os.listdir("/proc") if pid.isdigit() and _is_zombie_child(int(pid))
    ]
    assert zombies == []


def _is_zombie_child(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] == "Z" and int(fields[1]) == os.getpid()


def test_a_program_ignoring_quit_is_killed_after_a_grace(script, builtin):
    stubborn = script("""
        import signal, sys, time
        from arena.games.flippo.rules import FlippoState
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        state = FlippoState()
        for line in sys.stdin:
            line = line.strip()
            if line == "Quit":
                time.sleep(300)
            if line != "Start": state.play_text(line)
            move = state.legal_moves()[0]; state.play(move)
            print(state.format_move(move), flush=True)
    """)
    start = time.monotonic()
    record = play_game("flippo", [stubborn, builtin("random")], seed=1)
    assert time.monotonic() - start < 10
    assert record["result"]["verdicts"] == ["ok", "ok"]  # the game was over: no penalty


def test_builtin_players_are_told_their_scaled_clock(script):
    spy = script("""
        import os, sys
        print("clock", os.environ.get("ARENA_CLOCK_MS"), file=sys.stderr, flush=True)
    """)
    record = play_game("flippo", [spy, resolve_player("flippo", "builtin:random")], seed=1, time_scale=0.5)
    assert "clock None" in record["stderr"][0]  # a user's program gets no hint
    told = builtin_env(resolve_player("flippo", "builtin:strong"), 2500.0)
    assert told["ARENA_CLOCK_MS"] == "2500"
    # the same arena as the judge's, whatever else is installed
    assert told["PYTHONPATH"] == str(Path(arena.__file__).resolve().parents[1])


# serial: the reply within 1.05 s
@pytest.mark.serial
def test_no_process_of_a_program_stays_stopped_on_its_turn():
    import signal

    from arena.judge.process import CONTINUE_AGAIN_S, Program

    # A child left stopped, as a continue lost in a fork leaves it: the program's turn
    # must not be spent waiting for it.
    program = Program(["bash", "-c", "(read line; echo OK); sleep 5"])
    try:
        children = f"/proc/{program.pgid}/task/{program.pgid}/children"
        deadline = time.monotonic() + 5
        while not open(children).read().split() and time.monotonic() < deadline:
            time.sleep(0.005)
        child = int(open(children).read().split()[0])
        os.kill(child, signal.SIGSTOP)
        program.send("your move")
        started = time.monotonic()
        assert program.read_line(3) == "OK"
        assert time.monotonic() - started < 1 + CONTINUE_AGAIN_S
    finally:
        program.close()
