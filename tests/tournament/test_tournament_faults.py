"""``arena tournament`` refuses a program that cannot start and reports each player's first fault."""

import sys

import pytest

from arena.judge.match import ProgramCannotStart
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.tournament.store import TournamentStore

# a Python bot that notes every start of it in the file its command names, then becomes arena's random player
LOGS_EACH_START = """
import os, sys
with open(sys.argv[1], "a") as log:  # named on its command line: its own folder is read-only to it
    log.write("start\\n")
os.execv(sys.executable, [sys.executable, "-m", "arena.toolkit.builtin_player", "flippo", "random"])
"""


def test_a_program_that_cannot_start_stops_the_tournament_at_its_first_game(arena, tmp_path):
    db = tmp_path / "t.db"
    done = arena("tournament", "flippo", "--player", "r=builtin:random", "--player", "mine=./no-such-bot",
                 "--db", db, cwd=tmp_path, check=False)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "arena tournament: mine (./no-such-bot) has no folder of its own (no word of its command names an "
        "existing file but programs on PATH and system files; --folder names one)",
        "Error: player mine (./no-such-bot) cannot start: "
        "bash: line 1: ./no-such-bot: No such file or directory (exited with code 127)"
    ]
    with TournamentStore(db) as store:
        assert store.finished_slots() == set()  # the game that told it is not counted: fix the command, run again


def test_a_program_that_ends_before_its_first_line_stops_the_tournament_saying_why(arena, tmp_path):
    (tmp_path / "bot").mkdir()  # the database outside the program's own folder
    broken = tmp_path / "bot" / "broken.py"
    broken.write_text("print('oops'\n")
    done = arena("tournament", "flippo", "--player", "r=builtin:random", "--player",
                 f"broken={sys.executable} {broken}", "--db", tmp_path / "t.db", cwd=tmp_path, check=False)
    assert done.returncode == 1
    assert "player broken (" in done.stderr and " cannot start: SyntaxError: " in done.stderr
    assert "(exited with code 1)" in done.stderr
    quits = arena("tournament", "flippo", "--player", "r=builtin:random", "--player", "quits=true",
                  "--db", tmp_path / "q.db", cwd=tmp_path, check=False)
    assert quits.returncode == 1 and "player quits (true) cannot start: exited (code 0)" in quits.stderr


def test_each_program_is_started_once_per_game(arena, tmp_path, log_for_programs):
    """No program is started to be watched and killed before its games: a bot that logs each of
    its starts is started exactly once by arena play, and once per game by a tournament."""
    (tmp_path / "bot").mkdir()  # the database outside the program's own folder
    bot = tmp_path / "bot" / "bot.py"
    bot.write_text(LOGS_EACH_START)
    log = log_for_programs("starts.log")
    played = arena("play", "flippo", f"{sys.executable} {bot} {log}", "builtin:random", "--seed", "1", cwd=tmp_path)
    assert "60 moves" in played.stdout  # a whole game (however it ended under load)
    assert log.read_text().splitlines() == ["start"]
    log.write_text("")
    arena("tournament", "flippo", "--player", "r=builtin:random", "--player", f"mine={sys.executable} {bot} {log}",
          "--rounds", "2", "--jobs", "1", "--db", tmp_path / "t.db", cwd=tmp_path)
    with TournamentStore(tmp_path / "t.db") as store:
        games = len(store.finished_slots())
    assert games == 4 and log.read_text().splitlines() == ["start"] * games


def test_the_first_fault_of_each_player_is_printed_once(arena, tmp_path, flippo_faulty):
    (tmp_path / "bot").mkdir()  # the database outside the program's own folder
    bot = tmp_path / "bot" / "bot.py"
    bot.write_text(flippo_faulty(3, 'print("D4", flush=True); continue'))
    done = arena("tournament", "flippo", "--player", "r=builtin:random", "--player", f"bad={sys.executable} {bot}",
                 "--rounds", "2", "--db", tmp_path / "t.db", "--jobs", "2", cwd=tmp_path)
    faults = [line for line in done.stdout.splitlines() if line.startswith("first fault of")]
    assert len(faults) == 1, done.stdout  # bad faulted in all 4 games; r never did
    assert faults[0].startswith("first fault of bad (game ")
    assert "illegal at its move 3" in faults[0] and "it wrote 'D4'" in faults[0]


@pytest.mark.parametrize("stop", ["refused", "ended"])
def test_a_game_stops_at_a_failed_start_as_it_is_told(tmp_path, stop):
    """``refused`` (arena play) stops for what the shell would not run; ``ended`` (a tournament)
    for a program that ran but ended before its first line too; a program that started and
    then went silent is neither, and plays its game out."""
    broken = tmp_path / "broken.py"
    broken.write_text("print('oops'\n")
    locked = tmp_path / "locked.sh"
    locked.write_text("#!/bin/sh\nread line\n")
    locked.chmod(0o644)
    commands = {
        "waits": f"{sys.executable} -c 'import sys, time; sys.stdin.readline(); time.sleep(60)'",
        "broken": f"{sys.executable} {broken}",
        "quits": "true",
        "missing": "./no-such-bot",
        "locked": str(locked),
    }
    stopped = {}
    for name, command in commands.items():
        players = [resolve_player("flippo", command), resolve_player("flippo", "builtin:random")]
        try:
            record = play_game("flippo", players, seed=1, time_scale=0.1, stop_at_failed_start=stop)
        except ProgramCannotStart as error:
            assert error.seat == 0
            stopped[name] = error.reason
        else:
            assert record["result"]["verdicts"][0] != "ok"  # it played, and its record says what it did
    assert sorted(stopped) == (["locked", "missing"] if stop == "refused" else ["broken", "locked", "missing", "quits"])
    assert "Permission denied (exited with code 126)" in stopped["locked"]
    assert "No such file or directory (exited with code 127)" in stopped["missing"]
    if stop == "ended":
        assert stopped["broken"].startswith("SyntaxError: ") and stopped["broken"].endswith("(exited with code 1)")
