"""A tournament killed midway resumes: no game played twice, none lost, none counted twice."""

import signal
import sqlite3
import subprocess
import sys
import time

import psutil

from arena.tournament.schedule import ScheduledGame
from arena.tournament.store import TournamentIdentity, TournamentStore

from ..live_processes import alive

COMMAND = ["tournament", "flippo", "--player", "a=builtin:random", "--player", "b=builtin:greedy",
           "--player", "c=builtin:random", "--rounds", "2", "--seed", "9", "--jobs", "2", "--time-scale", "0.5"]
SCHEDULED = 12


def saved_games(db) -> dict[int, str]:
    try:
        with sqlite3.connect(db) as connection:
            return dict(connection.execute("SELECT slot, record FROM games"))
    except sqlite3.OperationalError:  # the tournament has not created its tables yet
        return {}


def test_kill_9_midway_then_rerun_ends_with_exactly_the_scheduled_games(tmp_path, arena_bin):
    db = tmp_path / "killed.db"
    running = subprocess.Popen([arena_bin, *COMMAND, "--db", str(db)], cwd=tmp_path,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(saved_games(db)) < 3 and running.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    family = psutil.Process(running.pid).children(recursive=True)
    running.send_signal(signal.SIGKILL)
    running.wait()
    before = saved_games(db)
    assert 3 <= len(before) < SCHEDULED, "the kill should land midway"

    # nothing it started outlives it: pool workers, and the programs they were running
    deadline = time.monotonic() + 15
    while any(map(alive, family)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p.pid for p in family if alive(p)]

    resumed = subprocess.run([arena_bin, *COMMAND, "--db", str(db)], cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    after = saved_games(db)
    assert sorted(after) == list(range(SCHEDULED))
    assert all(after[slot] == record for slot, record in before.items())  # not replayed
    assert f"{SCHEDULED} of {SCHEDULED} games" in resumed.stdout


def test_a_slot_saved_twice_is_counted_once(tmp_path):
    identity = TournamentIdentity("flippo", (("a", "builtin:random"), ("b", "builtin:greedy")), 1, 5, 1.0)
    game = ScheduledGame(0, 1, ("a", "b"), 123, None)
    with TournamentStore(tmp_path / "t.db") as store:
        store.bind(identity, 2)
        store.save_game(game, {"result": "first"})
        store.save_game(game, {"result": "second"})
        assert [g.record for g in store.games()] == [{"result": "first"}]
    with TournamentStore(tmp_path / "t.db") as reopened:
        assert reopened.identity() == identity and reopened.scheduled() == 2
        assert reopened.finished_slots() == {0}
        assert reopened.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# A Flippo player that notes every game it plays in the file ``sys.argv[1]`` (at its first
# line: the check that every program starts, before a tournament, sends it none).
COUNTS_ITS_GAMES = """
import sys
from arena.games.flippo.rules import FlippoState
state, noted = FlippoState(), False
for line in sys.stdin:
    line = line.strip()
    if not noted:
        with open(sys.argv[1], "a") as games:
            games.write("game\\n")
        noted = True
    if line == "Quit":
        break
    if line != "Start":
        state.play_text(line)
    move = state.legal_moves()[0]
    state.play(move)
    print(state.format_move(move), flush=True)
"""


def test_a_resumed_tournament_plays_only_the_games_not_saved(tmp_path, arena, log_for_programs):
    # the store keeps a slot's first record, so a replayed game would not show in the
    # database: the games the program was started for do
    (tmp_path / "bot").mkdir()  # the database and the counter outside the program's own folder
    counter = log_for_programs("games.txt")
    player = tmp_path / "bot" / "counts.py"
    player.write_text(COUNTS_ITS_GAMES)
    db = tmp_path / "t.db"
    command = ["tournament", "flippo", "--player", f"counts={sys.executable} {player} {counter}",
               "--player", "r=builtin:random", "--rounds", "2", "--seed", "4", "--jobs", "1", "--db", db]

    def games_played() -> int:
        return counter.read_text().count("game")

    arena(*command, cwd=tmp_path)
    assert games_played() == 4 and len(saved_games(db)) == 4
    arena(*command, cwd=tmp_path)  # finished: nothing left to play
    assert games_played() == 4
    with sqlite3.connect(db) as connection:  # two games lost, as a kill before their saving would
        connection.execute("DELETE FROM games WHERE slot IN (1, 2)")
    arena(*command, cwd=tmp_path)
    assert games_played() == 6
    assert sorted(saved_games(db)) == [0, 1, 2, 3]
