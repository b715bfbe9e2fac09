"""``arena check``: the admission test, on real programs through the real judge."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from arena.toolkit.admission_games import run_check
from arena.toolkit.admission_report import check_program

ARENA = str(Path(sys.executable).parent / "arena")

# Written the usual way, with print() and no flush: to a pipe, nothing leaves the buffer.
NEVER_FLUSHES = """
import os, sys
from arena.games.flippo.rules import FlippoState
out = os.fdopen(1, "w", buffering=65536)  # a pipe's buffer whatever PYTHONUNBUFFERED says
state = FlippoState()
for line in sys.stdin:
    line = line.strip()
    if line != "Start":
        state.play_text(line)
    move = state.legal_moves()[0]
    state.play(move)
    out.write(state.format_move(move) + "\\n")
"""


def program(tmp_path, source, name="bot.py"):
    (tmp_path / "bot").mkdir(exist_ok=True)  # a folder of its own, beside the logs it writes
    path = tmp_path / "bot" / name
    path.write_text(textwrap.dedent(source))
    return f"{sys.executable} {path}"


def arena(*args):
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=120)


def test_the_builtin_random_player_passes():
    done = arena("check", "flippo", "builtin:random")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Clean: 4 games without a fault." in done.stdout
    assert done.stdout.count(" ok;") == 4
    assert "start-up (time to its first reply): at most" in done.stdout
    assert "clock used: at most" in done.stdout


def test_an_illegal_10th_move_fails_the_check_and_shows_that_line(tmp_path, flippo_faulty):
    # D4 is one of the four centre squares, occupied from the start: always illegal
    bad = program(tmp_path, flippo_faulty(10, 'print("D4", flush=True); continue'))
    done = arena("check", "flippo", bad, "--games", "2", "--seed", "40")
    assert done.returncode == 1
    out = done.stdout
    assert "Problem 1: game 1, seed 40, playing White" in out
    assert "Problem 2: game 2, seed 40, playing Black" in out
    assert "illegal at its move 10" in out
    assert "the line it wrote: 'D4'" in out
    assert "out D4   <- this line" in out
    assert "| thinking about move 10" in out  # the tail of its stderr
    assert "expected: one move per line: a square such as C3" in out
    assert "flush" not in out
    assert "Not clean: 2 of 2 games had a fault." in out


def test_the_report_tells_the_exchange_up_to_the_fault_not_the_farewell(tmp_path, flippo_faulty):
    bad = program(tmp_path, flippo_faulty(10, 'print("D4", flush=True); continue'))
    report = run_check("flippo", bad, games=1, seed=41)
    (game,) = report.faulty
    assert not report.clean
    fault = game.fault
    assert (fault.verdict, fault.move_number, fault.line) == ("illegal", 10, "D4")
    assert fault.exchanged[-1] == ("out", "D4")
    assert game.record["transcripts"][0][-1] == ["in", "Quit"]  # sent after the fault, not shown
    assert [way for way, _ in fault.exchanged] == ["in", "out"] * 3
    # what it was sent before is what the record says the opponent played
    opponent_moves = [m["text"] for m in game.record["moves"] if m["seat"] == 1][:9]
    assert [text for way, text in fault.exchanged if way == "in"] == opponent_moves[6:9]


def test_a_program_that_never_flushes_is_told_to_flush(tmp_path):
    silent = program(tmp_path, NEVER_FLUSHES)
    done = arena("check", "flippo", silent, "--games", "1", "--time-scale", "0.1")
    assert done.returncode == 1
    assert "timeout at its move 1" in done.stdout
    assert "it probably does not flush its output" in done.stdout
    assert "print(move, flush=True)" in done.stdout


def test_a_program_that_hangs_after_writing_moves_gets_no_flush_hint(tmp_path, flippo_faulty):
    hangs = program(tmp_path, flippo_faulty(10, "time.sleep(60)"))
    text, clean = check_program("flippo", hangs, games=1, time_scale=0.2, seed=3)
    assert not clean
    assert "timeout at its move 10" in text
    assert "flush" not in text


def test_check_program_from_python_returns_the_text_and_the_flag():
    text, clean = check_program("domineering", "builtin:random", games=2, seed=5)
    assert clean
    assert "Clean: 2 games without a fault." in text
    assert "\x1b[" not in text  # plain text, no terminal colours
    assert "seed 5  First" in text and "seed 5  Second" in text


def test_bad_arguments_are_usage_errors():
    unknown = arena("check", "flippo", "builtin:nobody")
    assert unknown.returncode == 2 and "no built-in player 'nobody'" in unknown.stderr
    human = arena("check", "flippo", "human")
    assert human.returncode == 2 and "not a human" in human.stderr
    no_games = arena("check", "flippo", "builtin:random", "--games", "0")
    assert no_games.returncode == 2 and "--games" in no_games.stderr


def test_a_reply_without_its_newline_is_named_and_gets_no_flush_hint():
    no_newline = "python3 -c 'import sys; sys.stdout.write(\"C4\"); sys.stdout.flush(); sys.stdin.read()'"
    text, clean = check_program("flippo", no_newline, games=1, time_scale=0.1, seed=8)
    assert not clean
    assert "it wrote 'C4' but no newline after it" in text
    assert "hint:" not in text


# Plays legal moves in every game but one: in the game it starts as the ``sys.argv[2]``-th
# (its starts are counted in the file ``sys.argv[1]``) its first move is D4, always illegal.
FAULTS_IN_ONE_GAME = """
import sys
from pathlib import Path
from arena.games.flippo.rules import FlippoState
counter = Path(sys.argv[1])
with counter.open("a") as starts:
    starts.write("started\\n")
faulty = len(counter.read_text().splitlines()) == int(sys.argv[2])
state = FlippoState()
for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    if line != "Start":
        state.play_text(line)
    if faulty:
        print("D4", flush=True)
        continue
    move = state.legal_moves()[-1]
    state.play(move)
    print(state.format_move(move), flush=True)
"""


@pytest.mark.parametrize("faulty_game", [1, 2, 3, 4])
def test_one_faulty_game_of_four_fails_the_check(tmp_path, faulty_game, log_for_programs):
    bot = program(tmp_path, FAULTS_IN_ONE_GAME)
    starts = log_for_programs("starts")
    done = arena("check", "flippo", f"{bot} {starts} {faulty_game}", "--seed", "3")
    assert starts.read_text().count("started") == 4  # one start a game
    assert "Not clean: 1 of 4 games had a fault." in done.stdout, done.stdout
    assert f"Problem 1: game {faulty_game}," in done.stdout
    assert done.returncode == 1


def test_debugging_text_on_stdout_is_told_to_go_to_stderr(tmp_path, flippo_faulty):
    chatty = program(tmp_path, flippo_faulty(3, 'print("debug: thinking", flush=True); continue'))
    text, clean = check_program("flippo", chatty, games=1, seed=3)
    assert not clean and "format at its move 3" in text
    assert "if this line is debugging output, write it to stderr instead" in text
    assert "file=sys.stderr" in text


def test_arena_check_looks_its_game_up_once_at_the_edge(monkeypatch):
    """The game named on the command line is resolved once and passed down as a GameInfo,
    not looked up again by every layer (the check, each player, each game, each report)."""
    import arena.cli.shared_arguments
    import arena.games
    import arena.refereeing.fault_report
    from click.testing import CliRunner

    from arena.cli.command_group import cli

    looked_up = []
    real = arena.games.get_game

    def counting(name):
        looked_up.append(name)
        return real(name)

    for module in (arena.games, arena.cli.shared_arguments, arena.refereeing.fault_report):
        monkeypatch.setattr(module, "get_game", counting)
    done = CliRunner().invoke(cli, ["check", "flippo", "builtin:random", "--games", "2", "--time-scale", "0.2"])
    assert done.exit_code == 0, done.output
    assert looked_up == ["flippo"]


# Crashes on its first move after a Java-like stack trace on stderr, with an escape sequence (OSC 52,
# the clipboard) and a right-to-left override among its lines.
STACK_TRACE = r"""
import sys
sys.stdin.readline()
sys.stderr.write('Exception in thread "main" java.lang.IllegalStateException\n'
                 '\tat Main.main(Main.java:12)\n\x1b]52;c;cGF3bmVk\x07 \u202egnp.exe\n')
sys.exit(1)
"""


def test_a_report_kept_for_a_page_holds_the_programs_text_as_it_came(tmp_path):
    crashing = program(tmp_path, STACK_TRACE)
    raw, clean = check_program("domineering", crashing, games=1, seed=2, for_terminal=False)
    assert not clean
    assert "    | \tat Main.main(Main.java:12)" in raw and "\x1b]52;c;" in raw and "\u202egnp" in raw
    assert "\\x09" not in raw and "\\x1b" not in raw
    printable, _ = check_program("domineering", crashing, games=1, seed=2)
    assert "    | \\x09at Main.main(Main.java:12)" in printable and "\\x1b]52;c;" in printable
    assert "\x1b" not in printable and "\u202e" not in printable
