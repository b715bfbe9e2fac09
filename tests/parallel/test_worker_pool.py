"""The one interface to parallel work (worker_pool.py), on this machine's pool and on a real Dask cluster:
the owner's function runs on a worker, a worker that dies loses its work (and shared workers open
anew), a scheduler that does not answer is said, and a Dask worker stops its profiler (on_worker.py)."""

from __future__ import annotations

import os
import signal
import time

import pytest

from arena.parallel.local_cluster import local_cluster
from arena.parallel.on_worker import profiler_running
from arena.parallel.worker_pool import SchedulerUnreachable, SharedWorkers, WorkLost, cluster_threads, open_workers
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game


def test_a_local_pool_runs_the_owners_function_in_its_processes_at_the_niceness_asked():
    with open_workers(2) as workers:
        assert workers.slots == 2 and not workers.on_cluster
        pids = {workers.submit(os.getpid).result() for _ in range(4)}
        assert os.getpid() not in pids and len(pids) <= 2
    with open_workers(1, niceness=os.getpriority(os.PRIO_PROCESS, 0) + 3) as workers:
        assert workers.run(os.getpriority, os.PRIO_PROCESS, 0) == os.getpriority(os.PRIO_PROCESS, 0) + 3


def test_a_worker_that_dies_loses_its_work_and_shared_workers_open_anew():
    shared = SharedWorkers(1)
    try:
        first = shared.run(os.getpid)
        with pytest.raises(WorkLost, match="died"):
            shared.run(os.kill, first, signal.SIGKILL)
        assert not shared.opened
        second = shared.run(os.getpid)
        assert second != first and shared.opened
    finally:
        shared.close()
    assert not shared.opened
    with pytest.raises(WorkLost, match="closed"):
        shared.run(os.getpid)


def test_a_scheduler_that_does_not_answer_is_said():
    with pytest.raises(SchedulerUnreachable, match="tcp://127.0.0.1:9") as raised:
        cluster_threads("tcp://127.0.0.1:9", timeout_s=1)
    assert raised.value.scheduler == "tcp://127.0.0.1:9" and raised.value.reason


def test_a_dask_worker_stops_its_profiler_at_its_first_game(monkeypatch):
    """A Dask worker's profiler takes the GIL every 10 ms through every game (on_worker.py)."""
    monkeypatch.setenv("DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED", "True")  # as a worker started by hand
    from distributed import Client

    with local_cluster(workers=1) as address, Client(address) as client, open_workers(scheduler=address) as workers:
        assert workers.on_cluster and workers.slots == 1
        assert list(client.run(profiler_running).values()) == [True]  # Dask's default: on
        specs = [resolve_player("flippo", "builtin:random")] * 2
        record = workers.submit(play_game, "flippo", specs, 5, None, 0.5).result(timeout=120)
        assert record["result"]["verdicts"] == ["ok", "ok"]
        time.sleep(0.2)  # the worker's own thread stops it, at its next turn
        assert list(client.run(profiler_running).values()) == [False]
        # the worker imports this checkout's arena, as this process does (the cluster inherits PYTHONPATH)
        import arena

        assert workers.submit(eval, "__import__('arena').__file__").result(timeout=60) == arena.__file__
