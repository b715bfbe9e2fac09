"""A server killed with SIGKILL mid-round resumes: no game lost, none played or saved twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from arena.competition.conductor.conductor import Conductor
from arena.competition.store.database import CompetitionStore

from ..conftest import FakeBuild, contestant, random_bot, upload, wait_for

SERVER = textwrap.dedent("""
    import signal, sys, threading
    from pathlib import Path
    from arena.competition.conductor.conductor import Conductor
    from arena.competition.folder import CompetitionFolder
    from arena.competition.store.database import CompetitionStore

    folder = CompetitionFolder(Path(sys.argv[1]))
    store = CompetitionStore(folder.database)
    conductor = Conductor(folder, store, jobs=1, debut=False, time_scale=0.3, tick_s=0.2)
    conductor.start()
    if sys.argv[2:] == ["round"]:
        print("round", conductor.start_round(), flush=True)
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    stopped.wait()
    conductor.stop()
""")


def serve(folder, *args) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.Popen([sys.executable, "-c", SERVER, str(folder.root), *args], env=env,
                            stdout=subprocess.PIPE, text=True)


def slow_bot() -> str:
    """The starter bot, 30 ms a move: a round of 12 games then lasts some 10 s, so that the
    test, however starved under the suite's load, finds it mid-round (the plain bot's round
    took 2 s, and once ended before the test looked for a game under way)."""
    source = random_bot()
    assert "    moves = [" in source
    return source.replace("    moves = [", "    time.sleep(0.03)\n    moves = [", 1)


def programs_running(folder) -> bool:
    return subprocess.run(["pgrep", "-f", str(folder.build(""))], capture_output=True).returncode == 0


def test_a_server_killed_mid_round_resumes_without_losing_or_doubling_a_game(competition):
    folder, store = competition
    for name in ("alice", "bob", "carol", "dave"):
        contestant(store, folder, name, slow_bot())
    server = serve(folder, "round")
    try:
        round_id = int(server.stdout.readline().split()[1])
        wait_for(lambda: 2 <= len(store.games(round_id=round_id)) <= 8, 120, "a few games saved")
        wait_for(lambda: programs_running(folder), 30, "a game under way")
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    finally:
        server.kill()
    before = {game.id: game.record for game in store.games(round_id=round_id)}
    assert 2 <= len(before) < 12 and store.round(round_id).status == "running"
    wait_for(lambda: not programs_running(folder), 15, "the killed server's programs to be killed")

    again = serve(folder)
    try:
        wait_for(lambda: store.round(round_id).status == "finished", 180, "the resumed round to finish")
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(timeout=30)
    after = {game.id: game.record for game in store.games(round_id=round_id)}
    assert len(after) == 12 and not store.unplayed_games()
    assert all(after[game_id] == record for game_id, record in before.items())  # not played again
    seatings = sorted(store.game(game_id).submissions for game_id in after)
    assert len(set(seatings)) == 12  # every pair in both seats, each once


def test_a_build_a_killed_server_left_is_built_again(competition, conductors):
    folder, store = competition
    submission = upload(store, folder, "bob", random_bot())
    store.update_submission(submission, status="checking")  # where the killed server left it
    build = FakeBuild(store)
    conductors(Conductor(folder, store, build=build, jobs=1)).start()
    wait_for(lambda: store.submission(submission).status == "admitted", 30, "the build")
    assert [job.submission_id for job in build.jobs] == [submission]


def test_a_round_whose_last_game_was_saved_before_the_kill_is_finished_on_start(competition, tmp_path):
    folder, store = competition
    for name in ("alice", "bob"):
        contestant(store, folder, name, command="builtin:random")
    conductor = Conductor(folder, store, debut=False)
    round_id = conductor.start_round()
    record = {"result": {"scores": [1, 0], "winner": 0, "verdicts": ["ok", "ok"]}, "moves": []}
    for game in store.unplayed_games(round_id):
        store.save_game(game.id, record, ("", ""))  # saved, then killed before the round was finished
    other = CompetitionStore(folder.database)
    try:
        restarted = Conductor(folder, other, debut=False, tick_s=0.2)
        restarted.start()
        restarted.stop()
    finally:
        other.close()
    assert store.round(round_id).status == "finished"
