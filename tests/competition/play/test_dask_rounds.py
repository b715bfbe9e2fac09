"""Rounds on a real local Dask cluster: programs shipped to the workers, a refusing worker, a dead one."""

from __future__ import annotations

import os
import signal
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest

from arena.competition.conductor.conductor import Conductor
from arena.parallel.local_cluster import DASK, _shut_down, _wait_for_workers, free_port, local_cluster

from ..conftest import FAST, contestant, random_bot, wait_for


@contextmanager
def worker_environment(**variables):
    """Variables the cluster's processes inherit (they are started with this process's environment)."""
    saved = {name: os.environ.get(name) for name in variables}
    os.environ.update(variables)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture(scope="module")
def shipped_to(tmp_path_factory):
    return tmp_path_factory.mktemp("worker-programs")


@pytest.fixture(scope="module")
def cluster(shipped_to):
    with worker_environment(ARENA_WORKER_PROGRAMS=str(shipped_to)), local_cluster(workers=2) as address:
        yield address


WHERE_AM_I = "import os as _os, sys as _sys\nprint('running', _os.path.abspath(__file__), file=_sys.stderr, flush=True)\n"


def finished(store, round_id):
    return store.round(round_id).status == "finished"


def test_a_round_on_dask_runs_programs_that_exist_only_in_the_competition_folder(competition, conductors,
                                                                                 cluster, shipped_to):
    folder, store = competition
    conductor = conductors(Conductor(folder, store, scheduler=cluster, debut=False, **FAST))
    telling = WHERE_AM_I + random_bot()
    alice, bob = contestant(store, folder, "alice", telling), contestant(store, folder, "bob", telling)
    conductor.add_builtin("random")
    conductor.start()
    round_id = conductor.start_round()
    wait_for(lambda: finished(store, round_id), 240, "the round on Dask")
    games = store.games(round_id=round_id)
    assert len(games) == 6 and all(g.record["result"]["verdicts"] == ["ok", "ok"] for g in games)
    copies = {p.name for p in Path(shipped_to).iterdir() if not p.name.startswith(".")}
    assert len(copies) == 2  # alice's and bob's programs, once each, however many games they played
    for game in games:
        for seat, submission in enumerate(game.submissions):
            if submission in (alice, bob):
                # run from the worker's copy (its own stderr says where): the competition folder is
                # hidden from every program
                ran_from = store.stderr(game.id, seat)
                assert os.path.realpath(shipped_to) in ran_from or str(shipped_to) in ran_from, ran_from
                assert str(folder.root) not in ran_from
    assert conductor.status()["games"]["where"] == f"Dask at {cluster}"


@contextmanager
def refusing_cluster(**variables):
    """A scheduler and one worker whose environment keeps it from confining programs."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    env = {**os.environ, **variables}
    processes = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                   "--no-dashboard"], **quiet)]
    try:
        processes.append(subprocess.Popen([DASK, "worker", address, "--nthreads", "1", "--no-nanny",
                                           "--host", "127.0.0.1", "--no-dashboard"], env=env, **quiet))
        _wait_for_workers(address, 1, 60)
        yield address
    finally:
        _shut_down(address, processes)


def test_a_worker_that_cannot_confine_programs_refuses_saying_why(competition, conductors):
    folder, store = competition
    if os.geteuid() == 0:  # a root worker must run each program as a uid of its own: give it none
        variables, why = {"ARENA_UID_RANGE": "5-6"}, "user of its own"
    else:  # anyone else needs bubblewrap for isolate: hide it
        variables, why = {"PATH": "/nonexistent"}, "bubblewrap"
    with refusing_cluster(**variables) as address:
        conductor = conductors(Conductor(folder, store, scheduler=address, debut=False, max_attempts=2, **FAST))
        conductor.add_builtin("random")
        conductor.add_builtin("greedy")
        conductor.start()
        round_id = conductor.start_round()
        problem = wait_for(lambda: conductor.status()["rounds"][0]["problem"], 120, "the worker's refusal")
        assert "refuses games" in problem and why in problem
        wait_for(lambda: conductor.status()["games"]["given_up"] == 2, 120, "both games given up")
        assert store.round(round_id).status == "running" and len(store.unplayed_games(round_id)) == 2
        assert all(thread.is_alive() for thread in conductor._threads)  # the conductor lives on
        conductor.stop()


def test_games_a_killed_worker_had_are_played_elsewhere(competition, conductors):
    folder, store = competition
    with local_cluster(workers=2) as address:
        from distributed import Client

        with Client(address) as client:
            pids = list(client.run(os.getpid).values())
        conductor = conductors(Conductor(folder, store, scheduler=address, debut=False, time_scale=0.5))
        for name in ("alice", "bob", "carol"):
            contestant(store, folder, name, random_bot())
        conductor.start()
        round_id = conductor.start_round()
        # games given out: a slot's game and one queued ahead on each worker (playing.queued_ahead)
        wait_for(lambda: len(conductor.status()["games"]["running"]) >= 2, 60, "games under way")
        wait_for(lambda: len(store.games(round_id=round_id)) >= 1, 120, "a first game played")
        os.kill(pids[0], signal.SIGKILL)
        wait_for(lambda: finished(store, round_id), 240, "the round, on the worker left")
        assert len(store.games(round_id=round_id)) == 6
