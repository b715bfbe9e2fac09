"""Builds on Dask: the upload built and admitted on a worker, its build folder sent back and
unpacked on the server (as hostile: nothing outside DIR/builds/ID, parallel/test_shipped_folders.py), then
played on the cluster."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena.competition.build import build_loop
from arena.competition.build import shipped_build
from arena.competition.conductor.conductor import Conductor
from arena.competition.build.languages import write_default_table
from arena.parallel.local_cluster import local_cluster
from arena.toolkit.starter import template_source

from .build_support import needs_isolate, needs_tool
from ..conftest import FAST, GAME, wait_for


@pytest.mark.compilers
@needs_isolate
def test_a_cpp_bot_is_built_and_admitted_on_a_worker_then_plays_a_round_there(competition, conductors, tmp_path,
                                                                               monkeypatch):
    needs_tool("g++", "g++")
    folder, store = competition
    write_default_table(folder.languages)

    def not_here(*args, **kwargs):
        raise AssertionError("built on the server, not on a worker")

    monkeypatch.setattr(build_loop, "default_build", not_here)  # this process must not build it
    monkeypatch.setattr(shipped_build, "build_submission", not_here)
    worker_builds = tmp_path / "worker-builds"
    monkeypatch.setenv("ARENA_WORKER_BUILDS", str(worker_builds))  # the cluster's processes inherit it
    monkeypatch.setenv("ARENA_WORKER_PROGRAMS", str(tmp_path / "worker-programs"))
    with local_cluster(workers=2) as cluster:
        conductor = conductors(Conductor(folder, store, scheduler=cluster, debut=False, **FAST))
        user = store.add_user("carol", None, "contestant")
        submission = store.add_submission(user, "cpp", "bot.cpp")
        folder.upload(submission).mkdir(parents=True)
        (folder.upload(submission) / "bot.cpp").write_text(template_source(GAME, "cpp"))
        conductor.add_builtin("random")
        conductor.start()
        conductor.submission_added(submission)
        built = wait_for(lambda: store.submission(submission).status in ("admitted", "rejected", "build-failed")
                         and store.submission(submission), 240, "the build on a worker")
        assert built.status == "admitted", (built.build_log, built.admission)
        assert "g++" in built.build_log and str(worker_builds) not in built.build_log + built.admission
        build = folder.build(submission)
        assert str(build) in built.command and str(worker_builds) not in built.command
        assert os.access(build / "bot", os.X_OK)  # the compiled program, sent back
        assert list(worker_builds.iterdir()) == []  # the worker's build folder is gone once sent back
        round_id = conductor.start_round()
        wait_for(lambda: store.round(round_id).status == "finished", 240, "the round on Dask")
    games = store.games(round_id=round_id)
    assert len(games) == 2 and all(g.record["result"]["verdicts"] == ["ok", "ok"] for g in games)
    assert all(submission in g.submissions for g in games)
    assert [p.name for p in Path(folder.root, "builds").iterdir()] == [str(submission)]
