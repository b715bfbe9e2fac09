"""Issue 56: ``arena play`` and ``arena tournament`` say which folder each program reads whole,
decided by one rule (stated in ``--help`` and docs/sandbox.md) or named by ``--folder WHO=DIR``;
a malformed ``--folder`` is refused naming what is wrong, before any game."""

import os
import secrets
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ARENA = str(Path(sys.executable).parent / "arena")
def as_root(test):
    """Programs run as users of their own only under a root judge."""
    return pytest.mark.root(pytest.mark.skipif(os.geteuid() != 0, reason="programs run as users of their own only under a root judge")(test))


def run(*args, cwd=None):
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


# reads the file its first argument names backwards (a path on its command line would be given to
# it to read), then plays as arena's random player would; refused, it answers "x" to its first line,
# a format fault (an "x" written before that line, then its exit, raced the judge's Start: on a busy
# machine the judge found it gone, an exit fault)
READS_THEN_PLAYS = """
    import os, sys
    try:
        open(sys.argv[1][::-1]).read()
    except OSError:
        sys.stdin.readline()
        print("x", flush=True)
        sys.exit(0)
    os.execv(sys.executable, [sys.executable, "-m", "arena.toolkit.builtin_player", "flippo", "random"])
"""


@pytest.fixture
def bots(tmp_path):
    """A bot in its own 0700 folder, and a 0700 folder of data beside it."""
    bot_folder, data = tmp_path / "bot", tmp_path / "data"
    for folder in (bot_folder, data):
        folder.mkdir(mode=0o700)
    (bot_folder / "bot.py").write_text(textwrap.dedent(READS_THEN_PLAYS))
    (data / "weights.txt").write_text("the weights")
    return bot_folder, data


@pytest.mark.parametrize("folder_text, says", [
    ("1", "'1' is not WHO=DIR"),
    ("=x", "'=x' is not WHO=DIR"),
    ("Red=.", "'Red' is none of the players: White, Black"),
    ("2=.", "Black (builtin:random) is no command of its own: it has no folder"),
    ("1=no-such-folder", "no-such-folder is not a folder"),
])
def test_a_malformed_folder_is_refused_naming_what_is_wrong(bots, folder_text, says):
    bot_folder, _ = bots
    done = run("play", "flippo", f"python3 {bot_folder}/bot.py x", "builtin:random", "--folder", folder_text,
               "--sandbox", "none", cwd=bot_folder.parent)
    assert done.returncode == 2
    assert "Invalid value for --folder" in done.stderr and says in done.stderr, done.stderr
    assert "moves" not in done.stdout


def test_a_seat_is_named_twice_is_refused(bots):
    bot_folder, data = bots
    done = run("play", "flippo", f"python3 {bot_folder}/bot.py x", "builtin:random", "--folder", f"1={data}",
               "--folder", f"White={data}", "--sandbox", "none")
    assert done.returncode == 2 and "White is given a folder twice" in done.stderr, done.stderr


def test_the_help_states_the_rule():
    for command in ("play", "tournament", "sprt"):
        done = run(command, "--help")
        assert done.returncode == 0
        said = " ".join(done.stdout.split())
        assert "the folder of the first word of its command that names an existing file" in said, said
        assert "skipping programs found on PATH" in said and "of a system folder" in said


@as_root
def test_play_says_which_folder_each_program_got_and_gives_it_that_one(bots):
    bot_folder, data = bots
    command = f"{sys.executable} {bot_folder}/bot.py {str(data / 'weights.txt')[::-1]}"
    decided = run("play", "flippo", command, "builtin:random")
    assert decided.returncode == 0, decided.stderr
    assert (f"arena play: White ({command}) reads its own folder {bot_folder} (decided from its command, "
            "see --help)") in decided.stderr.splitlines()
    assert "[format" in decided.stdout, decided.stdout  # its own folder is the bot's: the data beside it is shut
    named = run("play", "flippo", command, "builtin:random", "--folder", f"1={data}")
    assert named.returncode == 0, named.stderr
    assert f"arena play: White ({command}) reads its own folder {data} (named by --folder)" in named.stderr
    assert "[format" not in named.stdout and "60 moves" in named.stdout, named.stdout


@as_root
def test_tournament_takes_a_folder_by_the_players_name(bots, tmp_path):
    bot_folder, data = bots
    command = f"{sys.executable} {bot_folder}/bot.py {str(data / 'weights.txt')[::-1]}"
    done = run("tournament", "flippo", "--player", f"mine={command}", "--player", "r=builtin:random",
               "--folder", f"mine={data}", "--db", str(tmp_path / "t.db"))
    assert done.returncode == 0, done.stderr
    assert f"arena tournament: mine ({command}) reads its own folder {data} (named by --folder)" in done.stderr
    assert "format" not in done.stdout + done.stderr  # it read its weights in both games
    refused = run("tournament", "flippo", "--player", f"mine=python3 {bot_folder}/bot.py", "--player",
                  "r=builtin:random", "--folder", f"r={data}", "--db", str(tmp_path / "u.db"))
    assert refused.returncode == 2 and "r (builtin:random) is no command of its own" in refused.stderr


# READS_THEN_PLAYS that also notes each game it could read its file in, in the file its second argument names
READS_AND_SAYS_SO = READS_THEN_PLAYS.replace("    os.execv(", "    open(sys.argv[2], 'a').write('read\\n')\n    os.execv(")


@as_root
def test_sprt_takes_a_folder_by_a_or_b(bots, log_for_programs):
    bot_folder, data = bots
    (bot_folder / "bot.py").write_text(textwrap.dedent(READS_AND_SAYS_SO))
    read = log_for_programs("read")
    command = f"{sys.executable} {bot_folder}/bot.py {str(data / 'weights.txt')[::-1]} {read}"
    done = run("sprt", "flippo", command, "builtin:random", "--folder", f"A={data}", "--max-pairs", "1",
               "--seed", "1", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert f"arena sprt: A ({command}) reads its own folder {data} (named by --folder)" in done.stderr
    assert read.read_text() == "read\n" * 2, done.stdout  # A read its weights in both games of the pair
    refused = run("sprt", "flippo", command, "builtin:random", "--folder", f"B={data}", "--max-pairs", "1")
    assert refused.returncode == 2 and "B (builtin:random) is no command of its own" in refused.stderr


def test_serve_says_which_folder_each_opponent_reads_and_refuses_one_for_no_opponent(bots, tmp_path):
    bot_folder, data = bots
    command = f"python3 {bot_folder}/bot.py"
    refused = run("serve", "--opponent", f"mine={command}", "--folder", f"yours={data}", "--records",
                  str(tmp_path / "records"))
    assert refused.returncode == 2 and "'yours' is none of the players: mine" in refused.stderr, refused.stderr
    from arena.parallel.local_cluster import free_port
    server = subprocess.Popen([ARENA, "serve", "--opponent", f"mine={command}", "--folder", f"mine={data}",
                               "--records", str(tmp_path / "records"), "--port", str(free_port()), "--sandbox",
                               "none"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        said = server.stderr.readline()
    finally:
        server.kill()
        server.wait()
        server.stderr.close()
    assert said == f"arena serve: mine ({command}) reads its own folder {data} (named by --folder)\n"


@as_root
def test_a_bot_at_the_root_has_no_folder_and_a_system_folder_named_is_refused_in_one_line(tmp_path):
    """``/x`` is a system file, as ``/dev/null``: it plays with no folder of its own, saying so. A
    system folder named for it is refused where programs run as users of their own, one line naming
    it, before any game; under ``--sandbox none`` it runs as you, with your rights."""
    bot = Path(f"/arena-test-bot-{secrets.token_hex(4)}.py")
    bot.write_text(textwrap.dedent(READS_THEN_PLAYS))
    command = f"{sys.executable} {bot} {str(tmp_path)[::-1]}"
    try:
        done = run("play", "flippo", command, "builtin:random")
        assert done.returncode == 0 and "moves" in done.stdout, done.stderr
        assert f"arena play: White ({command}) has no folder of its own" in done.stderr
        for mode in ("limits", "isolate"):
            done = run("play", "flippo", command, "builtin:random", "--folder", "1=/", "--sandbox", mode)
            assert done.returncode == 2, done.stderr
            errors = [line for line in done.stderr.splitlines() if line.startswith("Error")]
            assert errors == [f"Error: Invalid value for --folder: White ({command}): the program's own folder "
                              "would be /, a system folder: put the program in a folder of its own, or name one "
                              "(arena play --folder)"], done.stderr
            assert "moves" not in done.stdout
        done = run("play", "flippo", command, "builtin:random", "--folder", "1=/", "--sandbox", "none")
        assert done.returncode == 0 and "moves" in done.stdout, done.stderr
    finally:
        bot.unlink()
