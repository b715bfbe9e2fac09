"""Builds on Dask: the upload built and admitted on a worker, its build folder sent back and
unpacked on the server (as hostile: nothing outside DIR/builds/ID), then played on the cluster."""

from __future__ import annotations

import io
import os
import tarfile
from pathlib import Path

import pytest

from arena.competition.build import build_loop
from arena.competition.dask_worker import builds as builds_on_a_worker
from arena.competition.cluster.returned_builds import unpack_build
from arena.competition.conductor.conductor import Conductor
from arena.competition.build.languages import write_default_table
from arena.competition.cluster.parcels import ShippingError, pack_folder
from arena.toolkit.starter import template_source
from arena.tournament.local_cluster import local_cluster

from ..build.build_support import needs_isolate, needs_tool
from ..conftest import FAST, GAME, wait_for


def tar_of(*members: tuple[tarfile.TarInfo, bytes | None]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    return buffer.getvalue()


def member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname, info.mode = kind, link, 0o755
    return info


def test_a_build_folder_comes_back_whole_and_replaces_the_old(tmp_path):
    built = tmp_path / "worker-build"
    (built / "lib").mkdir(parents=True)
    (built / "bot").write_bytes(b"\x7fELF...")
    os.chmod(built / "bot", 0o755)
    (built / "lib" / "data.txt").write_text("weights")
    target = tmp_path / "competition" / "builds" / "7"
    target.mkdir(parents=True)
    (target / "stale").write_text("from an earlier attempt")
    unpack_build(pack_folder(built)[1], str(target))
    assert sorted(p.name for p in target.iterdir()) == ["bot", "lib"]
    assert (target / "lib" / "data.txt").read_text() == "weights" and os.access(target / "bot", os.X_OK)
    assert [p.name for p in target.parent.iterdir()] == ["7"]  # no unpacking folder left beside it


def test_a_build_folder_sent_back_with_a_link_even_inside_it_is_refused(tmp_path):
    """By the rule of a build on the server: folders and regular files only (a worker's build
    never holds anything else, judge/sandbox/tree_copy.py)."""
    built = tmp_path / "worker-build"
    built.mkdir()
    (built / "bot").write_bytes(b"\x7fELF...")
    os.symlink("bot", built / "alias")
    target = tmp_path / "competition" / "builds" / "7"
    with pytest.raises(ShippingError, match="'./alias', neither a file nor a folder"):
        unpack_build(pack_folder(built)[1], str(target))
    assert not target.exists()


@pytest.mark.parametrize("evil", [
    (member("../outside"), b"escaped"),
    (member("/tmp/absolute-arena-test"), b"escaped"),
    (member("link", tarfile.SYMTYPE, "/etc/passwd"), None),
    (member("link", tarfile.SYMTYPE, "../../outside"), None),
    (member("hard", tarfile.LNKTYPE, "/etc/passwd"), None),
    (member("device", tarfile.CHRTYPE), None),
], ids=["dotdot", "absolute", "link-absolute", "link-out", "hardlink-out", "device"])
def test_a_hostile_build_folder_is_refused_and_nothing_is_written_outside(tmp_path, evil):
    target = tmp_path / "competition" / "builds" / "7"
    before = set(tmp_path.rglob("*"))
    with pytest.raises(ShippingError):
        unpack_build(tar_of((member("bot"), b"fine"), evil), str(target))
    assert not (tmp_path / "competition" / "outside").exists() and not (tmp_path / "outside").exists()
    assert not os.path.exists("/tmp/absolute-arena-test")
    assert set(tmp_path.rglob("*")) - before <= {tmp_path / "competition", tmp_path / "competition" / "builds"}


def test_too_many_files_or_too_many_bytes_are_refused(tmp_path, monkeypatch):
    from arena.competition.cluster import returned_builds

    many = tar_of(*[(member(f"f{n}"), b"") for n in range(returned_builds.MAX_BUILD_ENTRIES + 5)])
    with pytest.raises(ShippingError, match="files and folders"):
        unpack_build(many, str(tmp_path / "a"))
    monkeypatch.setattr(returned_builds, "MAX_UNPACKED_MB", 1)
    big = tar_of((member("big"), b"\0" * (2 * 2**20)))  # compresses to a few KB
    with pytest.raises(ShippingError, match="unpacks to"):
        unpack_build(big, str(tmp_path / "b"))
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


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
    monkeypatch.setattr(builds_on_a_worker, "build_submission", not_here)
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
