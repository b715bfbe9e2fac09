"""No byte a program or a player name chose reaches the terminal raw: ESC, BEL and the other
control characters are written out (``\\x1b``) by arena play, check, tournament, standings and sprt."""

import os
import pty
import subprocess
import sys
from pathlib import Path

ARENA = str(Path(sys.executable).parent / "arena")

# The escape sequences a hostile program would try: a window title, clearing the screen,
# a clipboard write (OSC 52), and a C1 CSI.
SEQUENCES = "\x1b]0;title\x07\x1b[2J\x1b]52;c;ZWNobyBwd25lZA==\x07\x9b31m"

# Invisible characters that make a line read otherwise than it is: a right-to-left override and
# its end, an isolate and its end, a zero-width space.
INVISIBLE = "\u202e\u202c\u2066\u2069\u200b"

# Flippo White: escape sequences on stderr, then a move line with control characters in it
# (a format fault), or, with "crash", an exit instead.
HOSTILE = f"""
import sys
sys.stdin.readline()
sys.stderr.write({SEQUENCES!r} + "thinking\\n")
sys.stderr.write({INVISIBLE!r} + "then \\\\x1b[2J as four characters\\n")
sys.stderr.flush()
if sys.argv[1:] == ["crash"]:
    sys.exit(3)
sys.stdout.write("C4\\x1b[2J\\x07" + {INVISIBLE!r} + "\\n")
sys.stdout.flush()
sys.stdin.readline()
"""

NAME_TAIL = " #\x1b]0;name\x07\x1b[31m\u202e"
"""A shell comment after a command: the player's name carries control characters, the program runs."""


def arena(*args, cwd):
    return subprocess.run([ARENA, *map(str, args)], capture_output=True, timeout=180, cwd=cwd)


def assert_nothing_raw(done):
    for name, output in (("stdout", done.stdout), ("stderr", done.stderr)):
        # ESC, BEL, the C1 CSI in UTF-8, and each invisible character in UTF-8
        for byte in (b"\x1b", b"\x07", b"\xc2\x9b", *(ch.encode() for ch in INVISIBLE)):
            assert byte not in output, f"{byte!r} on {name}:\n{output.decode(errors='replace')}"


def hostile_player(tmp_path, *args):
    path = tmp_path / "hostile.py"
    path.write_text(HOSTILE)
    return f"{sys.executable} {path} {' '.join(args)}{NAME_TAIL}"


def test_arena_play_writes_out_a_format_faults_line_its_stderr_and_its_name(tmp_path):
    done = arena("play", "flippo", hostile_player(tmp_path), "builtin:random", "--seed", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert_nothing_raw(done)
    out = done.stdout.decode()
    assert "format at its move 1" in out
    assert "    out C4\\x1b[2J\\x07\\u202e\\u202c\\u2066\\u2069\\u200b   <- this line" in out
    assert "| \\x1b]0;title\\x07\\x1b[2J\\x1b]52;c;ZWNobyBwd25lZA==\\x07\\x9b31mthinking" in out
    # what the program wrote as a backslash and three characters shows its backslash doubled
    assert "| \\u202e\\u202c\\u2066\\u2069\\u200bthen \\\\x1b[2J as four characters" in out
    assert "#\\x1b]0;name\\x07\\x1b[31m" in out  # the name, in the result and the fault


def test_arena_play_writes_out_the_stderr_of_a_program_that_crashes(tmp_path):
    done = arena("play", "flippo", hostile_player(tmp_path, "crash"), "builtin:random", "--seed", "1",
                 cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert_nothing_raw(done)
    assert "crash at its move 1" in done.stdout.decode() and "\\x1b]52;c;" in done.stdout.decode()


def test_arena_check_writes_out_everything_and_its_replay_command_pastes_back(tmp_path):
    player = hostile_player(tmp_path)
    done = arena("check", "flippo", player, "--games", "2", "--seed", "3", cwd=tmp_path)
    assert done.returncode == 1
    assert_nothing_raw(done)
    out = done.stdout.decode()
    assert "out C4\\x1b[2J\\x07\\u202e\\u202c\\u2066\\u2069\\u200b   <- this line" in out and "| \\x1b]0;title" in out
    replay = next(line for line in out.splitlines() if "replay it: " in line).split("replay it: ")[1]
    # bash's $'...' quoting: pasted into bash, the same PLAYER comes back
    words = subprocess.run(["bash", "-c", f"printf '%s\\n' {replay.removeprefix('arena ')}"],
                           capture_output=True, check=True).stdout.decode().splitlines()
    assert player in words


def test_a_tournament_writes_out_a_players_name_its_first_fault_and_its_standings(tmp_path):
    (tmp_path / "bot").mkdir()  # the database outside the program's own folder
    player = hostile_player(tmp_path / "bot")
    db = tmp_path / "t.db"
    done = arena("tournament", "flippo", "--player", "r=builtin:random", "--player", player, "--db", db,
                 "--jobs", "1", "--seed", "5", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert_nothing_raw(done)
    out = done.stdout.decode()
    assert "first fault of " in out and "\\x1b]0;name\\x07" in out
    standings = arena("standings", "--db", db, cwd=tmp_path)
    assert standings.returncode == 0
    assert_nothing_raw(standings)
    assert "\\x1b" in standings.stdout.decode()  # the name is there, written out
    on_terminal = export_to_a_terminal(db, tmp_path)
    assert b"\x1b" not in on_terminal and b"\x07" not in on_terminal and b"\\x1b]0;name" in on_terminal
    assert "\u202e".encode() not in on_terminal
    to_file = arena("export", "--db", db, "--output", tmp_path / "games.csv", cwd=tmp_path)
    assert to_file.returncode == 0
    assert NAME_TAIL.encode() in (tmp_path / "games.csv").read_bytes()  # a file keeps the data as it is


def export_to_a_terminal(db, cwd):
    """What ``arena export`` writes when its output is a terminal."""
    leader, follower = pty.openpty()
    done = subprocess.run([ARENA, "export", "--db", str(db)], stdout=follower, stderr=subprocess.PIPE, cwd=cwd,
                          timeout=60)
    os.close(follower)
    assert done.returncode == 0, done.stderr
    written = b""
    try:
        while chunk := os.read(leader, 65536):
            written += chunk
    except OSError:  # the terminal's other end is closed: all is read
        pass
    os.close(leader)
    return written


def test_a_tournament_player_that_cannot_start_is_named_written_out(tmp_path):
    done = arena("tournament", "flippo", "--player", "r=builtin:random", "--player", "ev\x1bil=builtin:random",
                 "--db", tmp_path / "t.db", cwd=tmp_path)
    assert done.returncode == 1
    assert_nothing_raw(done)
    assert "player ev\\x1bil=builtin:random (ev\\x1bil=builtin:random) cannot start" in done.stderr.decode()


def test_arena_sprt_writes_out_the_players(tmp_path):
    done = arena("sprt", "flippo", "builtin:random", hostile_player(tmp_path), "--max-pairs", "1", "--jobs", "1",
                 "--seed", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert_nothing_raw(done)
    assert "better than A = builtin:random" in done.stdout.decode() and "\\x1b]0;name" in done.stdout.decode()
