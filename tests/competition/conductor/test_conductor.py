"""The conductor on a local pool: builds, rounds, debuts, benching, status and a prompt stop."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from arena.competition.conductor.conductor import Conductor
from arena.competition.store.database import CompetitionError

import pytest

from ..conftest import CRASHING_BOT, FAST, FakeBuild, contestant, random_bot, upload, wait_for


def finished(store, round_id):
    return store.round(round_id).status == "finished"


def test_a_test_round_plays_every_pair_in_both_seats_and_finishes(competition, conductors):
    folder, store = competition
    conductor = conductors(Conductor(folder, store, jobs=2, debut=False, **FAST))
    random_id = conductor.add_builtin("random")
    greedy_id = conductor.add_builtin("greedy")
    bot_id = contestant(store, folder, "alice")
    conductor.start()
    round_id = conductor.start_round()
    with pytest.raises(CompetitionError, match="running"):  # the API's 409
        conductor.start_round()
    wait_for(lambda: finished(store, round_id), what="the round to finish")
    games = store.games(round_id=round_id)
    seatings = sorted(game.submissions for game in games)
    ids = [random_id, greedy_id, bot_id]
    assert seatings == sorted((a, b) for a in ids for b in ids if a != b)
    assert all(game.record["result"]["verdicts"] == ["ok", "ok"] for game in games)
    # both games of a pair share one seed
    seeds = {frozenset(game.submissions): set() for game in games}
    for game in games:
        seeds[frozenset(game.submissions)].add(game.seed)
    assert all(len(pair_seeds) == 1 for pair_seeds in seeds.values())
    assert {game.players for game in games} >= {("builtin-random", "alice"), ("alice", "builtin-random")}
    assert store.stderr(games[0].id, 0) is not None and "stderr" not in games[0].record
    # the public record names each seat by its account, never by the server's folders
    for game in games:
        assert [player["name"] for player in game.record["players"]] == list(game.players)
        assert str(folder.root) not in json.dumps(game.record) and sys.executable not in json.dumps(game.record)
    conductor.start_round()  # once it has finished another may start


def test_a_round_needs_two_entrants(competition):
    folder, store = competition
    conductor = Conductor(folder, store, debut=False)
    conductor.add_builtin("random")
    with pytest.raises(CompetitionError, match="at least 2"):
        conductor.start_round()


def test_an_upload_is_built_checked_admitted_and_gets_its_debut(competition, conductors):
    folder, store = competition
    build = FakeBuild(store)
    conductor = conductors(Conductor(folder, store, jobs=2, build=build, **FAST))
    conductor.add_builtin("random")
    conductor.add_builtin("greedy")
    conductor.start()
    submission = upload(store, folder, "bob", random_bot())
    rejected = upload(store, folder, "carol", "REJECT\n")
    conductor.submission_added(submission)
    conductor.submission_added(rejected)
    # two builders take the two uploads at once (--build-jobs): either may end first
    wait_for(lambda: store.submission(rejected).status not in ("building", "checking")
             and store.submission(submission).status not in ("building", "checking"), 60, "the builds")
    assert store.submission(rejected).status == "rejected"
    assert store.submission(submission).status == "admitted"
    assert build.status_when_checking == ["checking", "checking"]
    job = next(job for job in build.jobs if job.submission_id == submission)
    assert job.build_folder == str(folder.build(submission)) and job.hidden == (str(folder.root),)
    assert job.upload == str(folder.upload(submission) / "bot.py") and job.table_path == str(folder.languages)
    debut = wait_for(lambda: [r for r in store.rounds() if r.kind == "debut" and r.details["submission"] == submission],
                     what="bob's debut round")[0]
    wait_for(lambda: finished(store, debut.id), what="bob's debut games")
    games = store.games(round_id=debut.id)
    assert len(games) == 4 and all(submission in game.submissions for game in games)
    assert sorted(game.submissions.index(submission) for game in games) == [0, 0, 1, 1]


def test_a_program_that_always_crashes_is_benched(competition, conductors):
    folder, store = competition
    conductor = conductors(Conductor(folder, store, jobs=2, debut=False, bench_after=3, **FAST))
    conductor.add_builtin("random")
    conductor.add_builtin("greedy")
    contestant(store, folder, "alice")
    crasher = contestant(store, folder, "mallory", CRASHING_BOT)
    conductor.start()
    round_id = conductor.start_round()
    wait_for(lambda: finished(store, round_id), what="the round")
    assert store.submission(crasher).benched
    assert crasher not in [s.id for s in store.entrants()] and len(store.entrants()) == 3
    faulted = [g for g in store.games(round_id=round_id) if crasher in g.submissions]
    assert all(g.record["result"]["verdicts"][g.submissions.index(crasher)] != "ok" for g in faulted)


def test_status_tells_what_runs_and_stop_kills_the_programs_at_once(competition, conductors, tmp_path):
    folder, store = competition
    marker = str(folder.build(""))  # on the programs' command lines (and their bubblewraps')
    sleeper = "import time, sys\nsys.stdin.readline()\ntime.sleep(600)\n"
    conductor = conductors(Conductor(folder, store, jobs=2, debut=False, tick_s=0.2))
    contestant(store, folder, "alice", sleeper)
    contestant(store, folder, "bob", sleeper)
    conductor.start()
    round_id = conductor.start_round()
    wait_for(lambda: len(conductor.status()["games"]["running"]) == 2, what="two games under way")
    status = conductor.status()
    assert status["rounds"][0]["id"] == round_id and status["rounds"][0]["unplayed"] == 2
    assert status["games"]["slots"] == 2 and status["builds"] == {"building": [], "queued": [], "at_once": conductor.builds.jobs,
                                                                       "problem": None}
    wait_for(lambda: _running(marker), 30, "the programs to start")
    began = time.monotonic()
    conductor.stop()
    assert time.monotonic() - began < 10
    wait_for(lambda: not _running(marker), 10, "the programs to be killed")
    assert store.unplayed_games(round_id) and all(g.record is None for g in store.games(round_id, played_only=False))


def _running(marker: str) -> bool:
    return subprocess.run(["pgrep", "-f", marker], capture_output=True).returncode == 0


def test_scheduled_test_rounds_come_while_the_entrants_change(competition, conductors):
    folder, store = competition
    conductor = conductors(Conductor(folder, store, jobs=2, debut=False, round_every_s=1, **FAST))
    conductor.add_builtin("random")
    conductor.add_builtin("greedy")
    conductor.start()
    tests = lambda: [r for r in store.rounds() if r.kind == "test"]  # noqa: E731
    first = wait_for(tests, 30, "a scheduled round")[0]
    assert first.details["started_by"] is None and len(first.details["entrants"]) == 2
    wait_for(lambda: finished(store, first.id), what="the scheduled round")
    time.sleep(2.5)  # more than round_every_s: but nobody submitted anything new
    assert len(tests()) == 1
    contestant(store, folder, "alice")
    wait_for(lambda: len(tests()) == 2, 30, "a round for the new entrant")
    assert len(tests()[0].details["entrants"]) == 3


def test_a_build_that_breaks_the_server_fails_that_submission_alone(competition, conductors):
    folder, store = competition
    working = FakeBuild(store)

    def build(job, on_checking):
        if "BOOM" in open(job.upload).read():
            raise RuntimeError("the builder broke")
        return working(job, on_checking)

    conductor = conductors(Conductor(folder, store, jobs=1, build=build, debut=False))
    broken = upload(store, folder, "bob", "BOOM\n")
    fine = upload(store, folder, "carol", random_bot())
    conductor.start()
    wait_for(lambda: store.submission(fine).status == "admitted", 30, "the next build")
    failed = store.submission(broken)
    assert failed.status == "build-failed" and "the builder broke" in failed.build_log
    assert "not your program's fault" in failed.build_log


def test_one_game_more_than_the_slots_is_given_out_so_a_freed_slot_finds_it_waiting(competition, conductors):
    folder, store = competition
    sleeper = "import time, sys\nsys.stdin.readline()\ntime.sleep(600)\n"
    conductor = conductors(Conductor(folder, store, jobs=1, debut=False, tick_s=0.2))
    for name in ("alice", "bob", "carol"):
        contestant(store, folder, name, sleeper)
    conductor.start()
    conductor.start_round()  # 6 games, one slot
    wait_for(lambda: len(conductor.status()["games"]["running"]) == 2, 30, "a game given out ahead")
    time.sleep(1)
    status = conductor.status()
    assert status["games"]["slots"] == 1 and len(status["games"]["running"]) == 2 and status["games"]["queued"] == 4
