"""Builds that keep up: ``--build-jobs N`` builds and admits N uploads at once, the oldest waiting
upload always the next handed out, and the home page shows the queue."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from arena.competition.build.build_loop import default_build_jobs
from arena.competition.build.languages import write_default_table
from arena.competition.conductor.conductor import Conductor
from arena.toolkit.starter import template_source
from arena.parallel.local_cluster import local_cluster

from .build_support import needs_isolate, needs_tool
from ..conftest import FAST, GAME, FakeBuild, random_bot, upload, wait_for

ARENA = str(Path(sys.executable).with_name("arena"))


class SlowBuild(FakeBuild):
    """A fake build that takes a while (a compiler's time) and records what ran beside it."""

    def __init__(self, store, seconds=0.4, gate: threading.Event | None = None) -> None:
        super().__init__(store)
        self.seconds, self.gate = seconds, gate
        self.lock = threading.Lock()
        self.running, self.most = 0, 0
        self.started: list[int] = []
        self.waiting_older: list[int] = []  # uploads older than one being started yet still waiting
        self.conductor = None

    def __call__(self, job, on_checking=lambda: None):
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.started.append(job.submission_id)
            self.waiting_older += [i for i in self.conductor.builds.queued() if i < job.submission_id]
        try:
            if self.gate is not None:
                self.gate.wait(60)
            time.sleep(self.seconds)
            return super().__call__(job, on_checking)
        finally:
            with self.lock:
                self.running -= 1


def uploads(store, folder, count: int) -> list[int]:
    return [upload(store, folder, f"student{n}", random_bot()) for n in range(count)]


def test_n_builds_run_at_once_first_come_first_served(competition, conductors):
    folder, store = competition
    build = SlowBuild(store)
    conductor = build.conductor = conductors(Conductor(folder, store, jobs=1, build=build, build_jobs=3,
                                                       debut=False, **FAST))
    ids = uploads(store, folder, 8)
    started = time.monotonic()
    conductor.start()
    wait_for(lambda: all(store.submission(i).status == "admitted" for i in ids), 60, "the builds")
    took = time.monotonic() - started
    assert build.most == 3  # three at once, never more
    assert conductor.builds.handed_out == ids and build.waiting_older == []  # oldest first, none overtaken
    assert took < 8 * build.seconds  # side by side: one at a time would take 3.2 s at least


def test_one_build_job_builds_one_at_a_time_in_order(competition, conductors):
    folder, store = competition
    build = SlowBuild(store, seconds=0.1)
    conductor = build.conductor = conductors(Conductor(folder, store, jobs=1, build=build, build_jobs=1,
                                                       debut=False, **FAST))
    ids = uploads(store, folder, 4)
    conductor.start()
    wait_for(lambda: all(store.submission(i).status == "admitted" for i in ids), 60, "the builds")
    assert build.most == 1 and build.started == ids


def test_an_upload_that_comes_later_waits_behind_the_earlier_ones(competition, conductors):
    folder, store = competition
    gate = threading.Event()
    build = SlowBuild(store, seconds=0.05, gate=gate)
    conductor = build.conductor = conductors(Conductor(folder, store, jobs=1, build=build, build_jobs=2,
                                                       debut=False, **FAST))
    first = uploads(store, folder, 5)
    conductor.start()
    wait_for(lambda: build.running == 2, 30, "two builds under way")
    assert conductor.build_queue() == {"building": 2, "waiting": 3, "at_once": 2}
    assert conductor.status()["builds"]["building"] == first[:2]
    late = upload(store, folder, "late", random_bot())
    conductor.submission_added(late)
    gate.set()
    wait_for(lambda: store.submission(late).status == "admitted", 60, "the late build")
    assert conductor.builds.handed_out == [*first, late]
    # the late build, handed out last, may end before the one beside it (two at once): the queue empties
    # once both have
    wait_for(lambda: conductor.build_queue() == {"building": 0, "waiting": 0, "at_once": 2}, 30, "the queue empty")


def test_the_default_is_one_build_per_core(competition, conductors):
    folder, store = competition
    conductor = conductors(Conductor(folder, store, jobs=1, build=FakeBuild(store), **FAST))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert conductor.builds.jobs == default_build_jobs() == cores


def test_serve_takes_build_jobs():
    done = subprocess.run([ARENA, "competition", "serve", "--help"], capture_output=True, text=True, timeout=60)
    assert "--build-jobs N" in done.stdout and "first come first served" in " ".join(done.stdout.split())
    done = subprocess.run([ARENA, "competition", "serve", "nowhere", "--build-jobs", "0"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "--build-jobs" in done.stderr


@pytest.mark.compilers
@needs_isolate
def test_real_builds_side_by_side_in_the_sandbox_are_all_admitted(competition, conductors):
    """Python and C starters, built and admitted two at a time in the real sandbox (each its own uid,
    folder and admission games): what a deadline's rush does, small."""
    needs_tool("gcc", "gcc")
    folder, store = competition
    write_default_table(folder.languages)
    conductor = conductors(Conductor(folder, store, jobs=1, build_jobs=2, debut=False, **FAST))
    ids = []
    for n, language in enumerate(["python", "c", "python", "c"]):
        user = store.add_user(f"student{n}", None, "contestant")
        filename = "bot.py" if language == "python" else "bot.c"
        submission = store.add_submission(user, language, filename)
        folder.upload(submission).mkdir(parents=True)
        (folder.upload(submission) / filename).write_text(template_source(GAME, language))
        ids.append(submission)
    conductor.start()
    wait_for(lambda: all(store.submission(i).status not in ("building", "checking") for i in ids), 240, "the builds")
    assert [store.submission(i).status for i in ids] == ["admitted"] * 4, [store.submission(i).build_log for i in ids]


@needs_isolate
def test_builds_on_dask_workers_run_side_by_side_through_one_client(competition, conductors, tmp_path, monkeypatch):
    folder, store = competition
    write_default_table(folder.languages)
    monkeypatch.setenv("ARENA_WORKER_BUILDS", str(tmp_path / "worker-builds"))  # the cluster inherits it
    monkeypatch.setenv("ARENA_WORKER_PROGRAMS", str(tmp_path / "worker-programs"))
    with local_cluster(workers=2) as cluster:
        conductor = conductors(Conductor(folder, store, scheduler=cluster, build_jobs=2, debut=False, **FAST))
        ids = []
        for n in range(3):
            user = store.add_user(f"student{n}", None, "contestant")
            submission = store.add_submission(user, "python", "bot.py")
            folder.upload(submission).mkdir(parents=True)
            (folder.upload(submission) / "bot.py").write_text(template_source(GAME, "python"))
            ids.append(submission)
        conductor.start()
        wait_for(lambda: all(store.submission(i).status not in ("building", "checking") for i in ids), 240,
                 "the builds on the workers")
        assert [store.submission(i).status for i in ids] == ["admitted"] * 3
        assert conductor.builds.handed_out == ids and conductor.builds.jobs == 2
        assert conductor.builds.build.workers.opened  # one client, kept for the next builds
    conductor.stop()
    assert not conductor.builds.build.workers.opened
