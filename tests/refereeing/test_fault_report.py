"""Faults explained from the record: the judged line, the exchange before it, the shell's message."""

import subprocess
import sys
from pathlib import Path

import pytest

from arena.games import get_game
from arena.refereeing.fault_report import FaultReport, explain, explain_faults, fault_report
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

ARENA = str(Path(sys.executable).parent / "arena")

# Lucky Words, first caller: it calls a letter, then dies before naming the cell.
CALLS_THEN_DIES = """
import os, sys
sys.stdin.readline(); sys.stdin.readline()  # the starting letter, then "start"
print("E", flush=True)
print("about to fail", file=sys.stderr, flush=True)
os._exit(3)
"""

# Domineering: answers READY with something else than OK.
WRONG_READY = """
import sys
for line in sys.stdin:
    if line.startswith("READY"):
        print("YES", flush=True)
"""


def test_a_crash_after_a_good_line_shows_no_line_as_the_judged_one(tmp_path):
    path = tmp_path / "caller.py"
    path.write_text(CALLS_THEN_DIES)
    bot = resolve_player("luckywords", f"{sys.executable} {path}")
    record = play_game("luckywords", [bot, resolve_player("luckywords", "builtin:random")], seed=4)
    report = fault_report(record, 0)
    assert (report.verdict, report.move_number) == ("crash", 1)
    assert report.line is None  # the letter E was fine; the cell never came
    assert report.exchanged[-1] == ("out", "E")
    assert report.stderr_tail == ["about to fail"]
    assert not report.probably_unflushed
    assert fault_report(record, 1) is None
    text = "\n".join(explain_faults(record))
    assert "exited with code 3" in text and "<- this line" not in text


def test_a_wrong_answer_to_ready_is_the_judged_line(tmp_path):
    path = tmp_path / "ready.py"
    path.write_text(WRONG_READY)
    bot = resolve_player("domineering", f"{sys.executable} {path}")
    record = play_game("domineering", [resolve_player("domineering", "builtin:random"), bot], seed=2)
    report = fault_report(record, 1)
    assert (report.verdict, report.line, report.move_number) == ("format", "YES", 1)
    assert report.exchanged[-2:] == [("in", "READY SECOND"), ("out", "YES")]
    assert "MOVE x y" in report.expected  # the game's reply format, from its GameInfo
    assert record["transcripts"][1][-1] == ["in", "FINISH"]  # the farewell is left out
    assert record["result"]["fault_lines"] == [None, "YES"]


def test_arena_play_stops_at_once_with_the_shells_message_for_a_program_that_does_not_exist(tmp_path):
    record = tmp_path / "r.json"
    done = subprocess.run([ARENA, "play", "flippo", "builtin:random", "./no-such-bot", "--seed", "1",
                           "--record", str(record)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == ""  # no game against the jury, no result
    # after the line on its folder (none: no word of its names an existing file), the error alone
    said, error = done.stderr.splitlines()
    assert said.startswith("arena play: Black (./no-such-bot) has no folder of its own"), said
    assert error.startswith("Error: Black (./no-such-bot) cannot start: ")
    assert error.endswith("./no-such-bot: No such file or directory (exited with code 127)")
    assert not record.exists()


def test_arena_play_stops_at_once_for_a_file_without_exec_permission(tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text("#!/usr/bin/env python3\nprint('C4')\n")
    bot.chmod(0o644)
    done = subprocess.run([ARENA, "play", "flippo", "./bot.py", "builtin:random", "--seed", "1"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert "White (./bot.py) cannot start: " in done.stderr
    assert "Permission denied (exited with code 126)" in done.stderr


def test_arena_play_shows_the_line_and_the_stderr_of_a_faulting_program(tmp_path):
    bot = "python3 -c 'import sys; print(\"debugging here\", file=sys.stderr); print(\"Z9\", flush=True)'"
    done = subprocess.run([ARENA, "play", "flippo", bot, "builtin:random", "--seed", "1"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0
    assert "White (" in done.stdout and "format at its move 1" in done.stdout
    assert "the line it wrote: 'Z9'" in done.stdout
    assert "| debugging here" in done.stdout


def test_the_end_of_a_long_stderr_is_kept_where_a_crash_says_why(tmp_path):
    path = tmp_path / "chatty.py"
    path.write_text(
        "import sys\n"
        "for i in range(2000):\n"
        "    print('thinking hard, step', i, file=sys.stderr)\n"
        "raise RuntimeError('the real reason')\n"
    )
    bot = resolve_player("flippo", f"{sys.executable} {path}")
    record = play_game("flippo", [bot, resolve_player("flippo", "builtin:random")], seed=1)
    assert len(record["stderr"][0]) < 10_100  # still capped
    report = fault_report(record, 0)
    assert report.verdict == "crash"
    assert report.stderr_tail[-1] == "RuntimeError: the real reason"
    assert any(line == "thinking hard, step 1999" for line in report.stderr_tail)


def test_arena_play_tells_a_program_that_writes_debugging_text_to_stdout_where_it_goes(tmp_path):
    bot = "python3 -c 'print(\"thinking about C4\", flush=True); input()'"
    done = subprocess.run([ARENA, "play", "flippo", bot, "builtin:random", "--seed", "1"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0
    assert "format at its move 1" in done.stdout
    assert "hint: if this line is debugging output, write it to stderr instead" in done.stdout


def a_format_fault(game, line):
    return FaultReport(seat=0, seat_name="First", player="./bot", verdict="format", reason="not a move",
                       move_number=1, line=line, exchanged=[], stderr_tail=[],
                       expected=get_game(game).reply_format, wrote_nothing=False)


@pytest.mark.parametrize("game, line, debugging", [
    ("flippo", "debug: thinking", True),
    ("flippo", "Thinking...", True),
    ("domineering", "depth 5 score 12", True),
    ("flippo", "C9", False),          # a mistyped move is no debugging output
    ("flippo", "c3 ", False),
    ("blackhole", "A3 = 6", False),
    ("turnright", "a1-a4-d4", False),
    ("domineering", "MOVE 1 2 3", False),  # MOVE is the game's own word
    ("luckywords", "ab", False),
])
def test_the_stderr_hint_is_for_lines_with_words_the_game_never_uses(game, line, debugging):
    report = a_format_fault(game, line)
    assert report.probably_debugging is debugging
    assert any("write it to stderr" in text for text in explain(report)) is debugging
