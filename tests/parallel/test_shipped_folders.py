"""What a Dask worker does with a folder shipped to it (played here in-process, no cluster needed): a
command pointed at its copy, and a hostile archive that writes nothing outside the worker's folder.
A folder a worker sends back (a build's) is unpacked as hostile: nothing outside its place."""

from __future__ import annotations

import hashlib
import io
import os
import tarfile

import pytest

from arena.parallel import on_worker, shipped_folders
from arena.parallel.shipped_folders import ShippedFolder, ShippingError, pack_folder, rewrite_command, unpack_folder

MOST_ENTRIES = 20
"""The files and folders a folder sent back may hold, in these tests (a build's: at most
competition/build/one_build.py's MAX_BUILD_ENTRIES)."""


def test_rewriting_a_command_replaces_whole_path_components_only():
    assert rewrite_command("python3 /c/builds/7/bot.py", "/c/builds/7", "/w/ab") == "python3 /w/ab/bot.py"
    assert rewrite_command("java -cp /c/builds/7 Main", "/c/builds/7", "/w/ab") == "java -cp /w/ab Main"
    assert rewrite_command("/c/builds/70/bot", "/c/builds/7", "/w/ab") == "/c/builds/70/bot"


def hostile_tar() -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, kind, target in (("../escaped", tarfile.REGTYPE, ""), ("link", tarfile.SYMTYPE, "/etc/passwd")):
            member = tarfile.TarInfo(name)
            member.type, member.linkname = kind, target
            data = b"pwned" if kind == tarfile.REGTYPE else b""
            member.size = len(data)
            tar.addfile(member, io.BytesIO(data))
    return buffer.getvalue()


def test_a_hostile_archive_is_refused_and_writes_nothing_outside(tmp_path, monkeypatch):
    worker = tmp_path / "deep" / "worker"
    monkeypatch.setattr(on_worker, "WORKER_FOLDER", str(worker))
    files = hostile_tar()
    program = ShippedFolder("submission 3", "/c/builds/3", hashlib.sha256(files).hexdigest(), files)
    with pytest.raises(tarfile.TarError):
        on_worker.worker_copy(program)
    assert not (tmp_path / "deep" / "escaped").exists() and not (worker / "escaped").exists()
    assert [p.name for p in worker.iterdir()] == []  # no half-unpacked copy left to be taken for whole
    damaged = ShippedFolder("submission 3", "/c/builds/3", "0" * 64, files)
    with pytest.raises(ShippingError, match="submission 3's files arrived damaged"):
        on_worker.worker_copy(damaged)


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
    unpack_folder(pack_folder(built)[1], str(target), MOST_ENTRIES)
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
        unpack_folder(pack_folder(built)[1], str(target), MOST_ENTRIES)
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
        unpack_folder(tar_of((member("bot"), b"fine"), evil), str(target), MOST_ENTRIES)
    assert not (tmp_path / "competition" / "outside").exists() and not (tmp_path / "outside").exists()
    assert not os.path.exists("/tmp/absolute-arena-test")
    assert set(tmp_path.rglob("*")) - before <= {tmp_path / "competition", tmp_path / "competition" / "builds"}


def test_too_many_files_or_too_many_bytes_are_refused(tmp_path, monkeypatch):
    many = tar_of(*[(member(f"f{n}"), b"") for n in range(MOST_ENTRIES + 5)])
    with pytest.raises(ShippingError, match="files and folders"):
        unpack_folder(many, str(tmp_path / "a"), MOST_ENTRIES)
    monkeypatch.setattr(shipped_folders, "MAX_UNPACKED_MB", 1)
    big = tar_of((member("big"), b"\0" * (2 * 2**20)))  # compresses to a few KB
    with pytest.raises(ShippingError, match="unpacks to"):
        unpack_folder(big, str(tmp_path / "b"), MOST_ENTRIES)
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
