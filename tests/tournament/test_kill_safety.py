"""SIGKILL a running tournament at random moments, again and again: its results survive intact.

After every kill the database opens, passes SQLite's integrity check, and still
holds every game it held before, byte for byte, each slot once; a final run
completes the schedule with exactly the scheduled games.
"""

import json
import random
import signal
import sqlite3
import subprocess
import time

import psutil

from arena.judge.sandbox.guardian_client import GUARDIAN
from arena.tournament.schedule import double_round_robin

from ..live_processes import alive

PLAYERS = {"a": "builtin:random", "b": "builtin:greedy", "c": "builtin:random", "d": "builtin:greedy"}
# 5 rounds: the 9 kills let 30-32 games through on this machine, so 3 rounds (36 games)
# were sometimes all played before the last kill, leaving nothing to interrupt
ROUNDS, SEED = 5, 31
SCHEDULED = len(PLAYERS) * (len(PLAYERS) - 1) * ROUNDS  # 60: each pair twice a round
COMMAND = ["tournament", "flippo", *(f"--player={name}={text}" for name, text in PLAYERS.items()),
           "--rounds", str(ROUNDS), "--seed", str(SEED), "--jobs", "2", "--time-scale", "0.2"]
KILLS = 9


def stored_games(db) -> dict[int, tuple]:
    """Every saved game, by slot, after checking that the file is sound."""
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "games" not in tables:
            return {}  # killed before it made its tables
        rows = connection.execute("SELECT slot, round, first, second, seed, setup, record FROM games").fetchall()
    games = {row[0]: row[1:] for row in rows}
    assert len(games) == len(rows)  # each slot once
    return games


def saved_count(db) -> int:
    try:
        with sqlite3.connect(db) as connection:
            return connection.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # no tables yet
        return 0


def is_guardian(process: psutil.Process) -> bool:
    try:
        return GUARDIAN in process.cmdline()
    except psutil.Error:
        return False


def kill_at_random(arena_bin, db, cwd, rng) -> bool:
    """Start the tournament and SIGKILL it at a random moment; False if it finished first.

    The moment: once 0-3 more games are saved (0: during start-up), then 0-300 ms later,
    so kills land in start-up, between games and while a game is being committed.
    """
    before = saved_count(db)
    running = subprocess.Popen([arena_bin, *COMMAND, "--db", str(db)], cwd=cwd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    target = before + rng.randrange(4)
    deadline = time.monotonic() + 30
    while saved_count(db) < target and running.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(rng.uniform(0, 0.3))
    try:
        family = [process for process in psutil.Process(running.pid).children(recursive=True)
                  if not is_guardian(process)]
    except psutil.NoSuchProcess:
        family = []
    finished = running.poll() is not None
    running.send_signal(signal.SIGKILL)
    running.wait()
    # What it started ends by itself (tested elsewhere) but may take a second: end it now so
    # that it does not slow the next run. A worker never writes to the database. The workers'
    # guardians are spared: they end what a worker started after this list was taken.
    for process in family:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    wait_ended(family)
    return not finished


def wait_ended(processes: list[psutil.Process], timeout_s: float = 5) -> None:
    """Until each process has ended: gone, or a zombie its new parent has yet to reap, which runs no
    more (psutil.wait_procs waited for the reaping too: 1-2 s a kill where the init reaps slowly)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and any(map(alive, processes)):
        time.sleep(0.02)


def test_random_sigkills_never_corrupt_lose_or_double_a_game(tmp_path, arena_bin):
    db = tmp_path / "killed.db"
    rng = random.Random(2026)
    seen: dict[int, tuple] = {}
    kills = runs = 0
    while kills < KILLS and runs < 3 * KILLS:
        runs += 1
        kills += kill_at_random(arena_bin, db, tmp_path, rng)
        if not db.exists():
            continue
        now = stored_games(db)
        assert all(now.get(slot) == row for slot, row in seen.items()), "a saved game was lost or changed"
        seen = now
    assert kills == KILLS
    assert len(seen) < SCHEDULED, f"every kill came too late to interrupt anything ({len(seen)} saved)"

    done = subprocess.run([arena_bin, *COMMAND, "--db", str(db)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    final = stored_games(db)
    assert all(final[slot] == row for slot, row in seen.items())
    schedule = double_round_robin(sorted(PLAYERS), ROUNDS, SEED)
    assert sorted(final) == [game.slot for game in schedule] == list(range(SCHEDULED))
    for game in schedule:
        round_number, first, second, seed, _, record = final[game.slot]
        assert (round_number, (first, second), seed) == (game.round, game.players, game.seed)
        record = json.loads(record)
        assert record["seed"] == seed and len(record["moves"]) == 60  # a whole game, not a torn one
