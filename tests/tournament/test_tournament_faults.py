"""``arena tournament`` refuses a program that cannot start and reports each player's first fault."""

import sys

from arena.judge.startup_check import start_refusals, startup_problems

def test_a_program_that_cannot_start_stops_the_tournament_before_its_first_game(arena, tmp_path):
    db = tmp_path / "t.db"
    done = arena("tournament", "flippo", "--player", "r=builtin:random", "--player", "mine=./no-such-bot",
                 "--db", db, cwd=tmp_path, check=False)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "Error: player mine (./no-such-bot) cannot start: "
        f"{startup_problems({'x': './no-such-bot'})['x']}"
    ]
    assert "./no-such-bot: No such file or directory (exited with code 127)" in done.stderr
    assert not db.exists()  # nothing played, nothing stored: fix the command and run it again


def test_startup_problems_names_only_the_programs_that_exit(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("print('oops'\n")
    problems = startup_problems({
        "waits": [sys.executable, "-c", "import sys; sys.stdin.readline()"],
        "broken": f"{sys.executable} {broken}",
        "quits": "true",
    })
    assert sorted(problems) == ["broken", "quits"]
    assert "SyntaxError" in problems["broken"] and "exited with code 1" in problems["broken"]
    assert problems["quits"] == "exited at once (code 0) without waiting for its input"


def test_the_first_fault_of_each_player_is_printed_once(arena, tmp_path, flippo_faulty):
    bot = tmp_path / "bot.py"
    bot.write_text(flippo_faulty(3, 'print("D4", flush=True); continue'))
    done = arena("tournament", "flippo", "--player", "r=builtin:random", "--player", f"bad={sys.executable} {bot}",
                 "--rounds", "2", "--db", tmp_path / "t.db", "--jobs", "2", cwd=tmp_path)
    faults = [line for line in done.stdout.splitlines() if line.startswith("first fault of")]
    assert len(faults) == 1, done.stdout  # bad faulted in all 4 games; r never did
    assert faults[0].startswith("first fault of bad (game ")
    assert "illegal at its move 3" in faults[0] and "it wrote 'D4'" in faults[0]


def test_start_refusals_names_only_the_programs_that_never_ran(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("print('oops'\n")
    locked = tmp_path / "locked.sh"
    locked.write_text("#!/bin/sh\nread line\n")
    locked.chmod(0o644)
    refusals = start_refusals({
        "waits": [sys.executable, "-c", "import sys; sys.stdin.readline()"],
        "broken": f"{sys.executable} {broken}",  # it ran: its game will say what it did
        "quits": "true",
        "missing": "./no-such-bot",
        "locked": str(locked),
    })
    assert sorted(refusals) == ["locked", "missing"]
    assert "Permission denied (exited with code 126)" in refusals["locked"]
    assert "No such file or directory (exited with code 127)" in refusals["missing"]
