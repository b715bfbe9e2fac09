"""``--memory``: every command that runs programs gives each game its own limit unless told otherwise."""

import json
import sys
import textwrap

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.tournament.store import TournamentStore

# 100 MB taken at its first line (a tournament's start-up check sends none), then a built-in
# player (sys.argv[1]) relayed: more than Turn Right's 64 MB, well within 300. (Where no cgroup
# can be made, the allocation fails: a crash.)
HOARDS_THEN_PLAYS = """
    import subprocess, sys, threading
    first = sys.stdin.readline()
    hoard = b"x" * (100 * 2 ** 20)
    bot = subprocess.Popen([sys.executable, "-m", "arena.toolkit.builtin_player", "turnright", sys.argv[1], "--seed", "1"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    bot.stdin.write(first)
    bot.stdin.flush()

    def feed():
        for line in sys.stdin:
            bot.stdin.write(line)
            bot.stdin.flush()

    threading.Thread(target=feed, daemon=True).start()
    for line in bot.stdout:
        print(line, end="", flush=True)
"""


@pytest.fixture
def hoarder(tmp_path):
    """``hoarder(bot)``: the command of a Turn Right program that takes 100 MB and plays as builtin:bot."""
    script = tmp_path / "hoarder.py"
    script.write_text(textwrap.dedent(HOARDS_THEN_PLAYS))
    return lambda bot: f"{sys.executable} {script} {bot}"


def arena(*args):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


@pytest.mark.parametrize("memory, limit", [([], {"memory_mb": 64, "memory_from": "game"}),
                                           (["--memory", "300"], {"memory_mb": 300, "memory_from": "option"})])
def test_play_and_tournament_record_the_limit_that_applied(tmp_path, hoarder, memory, limit):
    results = tmp_path.parent / f"{tmp_path.name}-results"  # outside the hoarder's own folder
    results.mkdir(exist_ok=True)
    record_file, db = results / "r.json", results / "t.db"
    played = arena("play", "turnright", hoarder("random"), "builtin:random", "--seed", 2, "--record", record_file,
                   *memory)
    assert played.exit_code == 0, played.output
    ran = arena("tournament", "turnright", "--player", f"h={hoarder('random')}", "--player", "r=builtin:random",
                "--rounds", 1, "--jobs", 1, "--seed", 2, "--db", db, *memory)
    assert ran.exit_code == 0, ran.output
    with TournamentStore(db, must_exist=True) as store:
        records = [json.loads(record_file.read_text()), *(game.record for game in store.games())]
    assert len(records) == 3
    for record in records:
        assert {key: record["sandbox"][key] for key in limit} == limit
        hoarder_seat = next(seat for seat, player in enumerate(record["players"]) if "hoarder" in player["name"])
        if record["sandbox"]["memory"] != "namespace-sum":
            assert record["result"]["verdicts"][hoarder_seat] == ("memory" if not memory else "ok")


def test_check_takes_the_games_limit(hoarder):
    over = arena("check", "turnright", hoarder("random"), "--games", 1, "--seed", 2)
    assert over.exit_code == 1
    if "memory" not in over.output:  # no cgroup here: the allocation itself fails
        assert "MemoryError" in over.output
    assert arena("check", "turnright", hoarder("random"), "--games", 1, "--seed", 2, "--memory", 300).exit_code == 0


def test_sprt_takes_the_games_limit(hoarder):
    # B plays as builtin:strong, which beats builtin:random, once it has the memory to play at all
    command = ["sprt", "turnright", "builtin:random", hoarder("strong"), "--max-pairs", 1, "--jobs", 1,
               "--seed", 2, "--time-scale", 0.5]
    over = arena(*command)
    assert over.exit_code == 0, over.output
    assert "0, ½, 1, 1½, 2): [1, 0, 0, 0, 0]" in over.output  # B lost both games
    within = arena(*command, "--memory", 300)
    assert "0, ½, 1, 1½, 2): [0, 0, 0, 0, 1]" in within.output  # B won both
